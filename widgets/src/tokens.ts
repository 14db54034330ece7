/**
 * Tessera's design tokens: plain values, read by the Stitches instance (stitches.ts, which turns each into a CSS custom
 * property `--tessera-<scale>-<name>`) and published through `@tessera/widgets/theme`.
 * Colours are chosen for WCAG AA contrast on their intended backgrounds (text >= 4.5:1).
 */
export const tokens = {
  colors: {
    text: '#1f2937', // 14.7:1 on white
    textMuted: '#4b5563', // 7.6:1 on white
    background: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f3f4f6',
    border: '#6b7280', // 4.8:1: form control edges stay visible (non-text contrast >= 3:1)
    borderSubtle: '#d1d5db',
    primary: '#1d4ed8', // 6.7:1 against white text
    primaryHover: '#1e40af',
    primaryText: '#ffffff',
    secondary: '#e5e7eb',
    secondaryHover: '#d1d5db',
    secondaryText: '#1f2937',
    link: '#1d4ed8',
    focus: '#2563eb',
    danger: '#b91c1c', // 6.5:1 on white
    dangerHover: '#991b1b',
    dangerText: '#ffffff',
    dangerSurface: '#fef2f2',
    success: '#166534',
    successSurface: '#f0fdf4',
    warning: '#92400e',
    warningSurface: '#fffbeb',
    info: '#1e40af',
    infoSurface: '#eff6ff',
    disabledSurface: '#e5e7eb',
    disabledText: '#4b5563',
  },
  space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px' },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: { 1: '0.8125rem', 2: '0.875rem', 3: '1rem', 4: '1.25rem', 5: '1.5rem' },
  fontWeights: { regular: '400', medium: '500', bold: '700' },
  lineHeights: { tight: '1.25', body: '1.5' },
  radii: { sm: '4px', md: '6px', lg: '10px', round: '9999px' },
  shadows: {
    card: '0 1px 3px rgba(0, 0, 0, 0.12), 0 1px 2px rgba(0, 0, 0, 0.08)',
    focus: '0 0 0 3px rgba(37, 99, 235, 0.45)',
  },
  sizes: { card: '400px', control: '40px' },
} as const;

/** Every token's default value, by scale (`colors`, `space`, `fonts`, ...) and name. */
export type TesseraTokens = typeof tokens;
