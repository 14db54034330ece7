/**
 * Tessera's design tokens and the only module that talks to @stitches/react.
 *
 * Every token becomes a CSS custom property (`--tessera-colors-primary`, `--tessera-space-3`, ...),
 * so a host page themes the widgets by setting those properties on the widget element or an ancestor.
 * Colours are chosen for WCAG AA contrast on their intended backgrounds (text >= 4.5:1).
 */
import { createStitches, type DefaultThemeMap } from '@stitches/react';

const tokens = {
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

// Spelled out so the emitted declarations can name it: Stitches' own type lives in files its package
// does not export, and an inferred type would point into them.
// The type arguments are explicit too: letting TypeScript infer them and then compare the result with
// this type costs minutes of type checking.
// No media queries and no utils: both are empty records.
type Nothing = Record<never, never>;
type TesseraStitches = ReturnType<typeof createStitches<'tessera', Nothing, typeof tokens, DefaultThemeMap, Nothing>>;

const stitches = createStitches<'tessera', Nothing, typeof tokens, DefaultThemeMap, Nothing>({ prefix: 'tessera', theme: tokens });

export const styled: TesseraStitches['styled'] = stitches.styled;
export const css: TesseraStitches['css'] = stitches.css;
export const globalCss: TesseraStitches['globalCss'] = stitches.globalCss;
export const keyframes: TesseraStitches['keyframes'] = stitches.keyframes;
export const getCssText: TesseraStitches['getCssText'] = stitches.getCssText;
export const theme: TesseraStitches['theme'] = stitches.theme;
export const createTheme: TesseraStitches['createTheme'] = stitches.createTheme;
export const config: TesseraStitches['config'] = stitches.config;
/** A style object in the theme's terms (tokens like `$primary` are checked). */
export type CSS = Parameters<typeof css>[0];

/* ---------------------------------------------------------------------------------------------
 * Following Stitches' sheet, for shadow roots.
 *
 * Stitches inserts rules into one sheet in document.head, whenever a styled component renders or a
 * `css()`/`globalCss()`/`keyframes()` result is first used. Styles inside a shadow root need a copy.
 * Instead of guessing which React commit added rules, we wrap the sheet's rule groups: every insert
 * bumps a version and schedules one notification in a microtask. A microtask runs before the browser
 * paints, so a shadow root never shows a frame without the rules its new elements use.
 * ------------------------------------------------------------------------------------------- */

type RuleGroup = { apply: (rule: string) => void };
type StitchesSheet = { rules: Record<string, RuleGroup> };

let cssVersion = 0;
let notificationQueued = false;
const cssListeners = new Set<() => void>();

function notifyCssListeners() {
  notificationQueued = false;
  for (const listener of cssListeners) listener();
}

function ruleInserted() {
  cssVersion += 1;
  if (notificationQueued) return;
  notificationQueued = true;
  queueMicrotask(notifyCssListeners);
}

function followSheet(sheet: StitchesSheet) {
  for (const group of Object.values(sheet.rules)) {
    const insert = group.apply;
    group.apply = (rule) => {
      insert(rule);
      ruleInserted();
    };
  }
}

// `sheet` is public at runtime but missing from Stitches' type declarations.
followSheet((stitches as unknown as { sheet: StitchesSheet }).sheet);

/** A number that grows whenever Stitches adds a rule; compare it to know whether a copy is stale. */
export function getCssVersion(): number {
  return cssVersion;
}

/** Called (batched, before the next paint) after Stitches added rules. Returns the unsubscribe function. */
export function subscribeToCss(listener: () => void): () => void {
  cssListeners.add(listener);
  return () => void cssListeners.delete(listener);
}
