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

// `root: null`: Stitches keeps its rules in a sheet of its own in memory and never writes a `<style>` into the
// page's <head> (a strict `style-src` refuses one, and a partner's page is not ours to write into). The rules
// reach the page through constructable stylesheets: `adoptTesseraStyles` below.
// (`root` is read at runtime but missing from Stitches' config type.)
const stitches = createStitches<'tessera', Nothing, typeof tokens, DefaultThemeMap, Nothing>({
  prefix: 'tessera',
  theme: tokens,
  ...{ root: null },
});

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
 * Stitches' rules, adopted by documents and shadow roots as constructable stylesheets.
 *
 * A constructable stylesheet (`new CSSStyleSheet()`, `replaceSync`, `adoptedStyleSheets`) is not an inline
 * style: a Content-Security-Policy of `style-src 'self'` without 'unsafe-inline' or a nonce lets it through.
 * Stitches inserts rules whenever a styled component renders for the first time; we wrap its rule groups, and
 * every insert schedules one rewrite of the sheets in a microtask, which runs before the browser paints, so a
 * widget never shows a frame without the rules its new elements use. One sheet serves every shadow root of the
 * page and one the document (the portal and Storybook, which render outside shadow roots).
 * ------------------------------------------------------------------------------------------- */

type RuleGroup = { apply: (rule: string) => void };
type StitchesSheet = { rules: Record<string, RuleGroup> };

/**
 * The host element's box belongs to the host page: `display: block` by default (the page may make it a grid item,
 * size it, give it margins or `display: none`), and `hidden` always hides it.
 */
const HOST_CSS =
  ':host{display:block}:host([hidden]){display:none !important}' +
  // react-aria's rule for pressable elements (it would put it in the page's <head>: see vite.standalone.config.ts).
  '[data-react-aria-pressable]{touch-action:pan-x pan-y pinch-zoom}';

const px = (value: string) => (value.endsWith('rem') ? `${parseFloat(value) * 16}px` : value);

/**
 * Every token with its default, as `var()` fallbacks. Inside a shadow root nothing declares the tokens (declaring
 * them on `:host` would hide what a host sets on an ancestor), so each use carries its default: a host's
 * `--tessera-colors-primary` on the element or any ancestor wins, and without it the theme's value applies.
 * Font sizes fall back in px: text inside a widget does not follow the host page's root font size.
 */
const fallbacks = new Map<string, string>();
for (const [scale, values] of Object.entries(tokens)) {
  for (const [name, value] of Object.entries(values as Record<string, string>)) {
    fallbacks.set(`--tessera-${scale}-${name}`, scale === 'fontSizes' ? px(value) : value);
  }
}

function cssFor(target: 'document' | 'shadow'): string {
  const text = stitches.getCssText();
  if (target === 'document') return text;
  return HOST_CSS + text.replace(/var\((--tessera-[\w-]+)\)/g, (use, name: string) => (fallbacks.has(name) ? `var(${name},${fallbacks.get(name)})` : use));
}

const sheets = new Map<'document' | 'shadow', CSSStyleSheet>();
/** Browsers without constructable stylesheets (Safari before 16.4) get a `<style>` element instead. */
const styleElements = new Set<{ node: HTMLStyleElement; target: 'document' | 'shadow' }>();
let rewriteQueued = false;

function rewrite() {
  rewriteQueued = false;
  for (const [target, sheet] of sheets) sheet.replaceSync(cssFor(target));
  for (const entry of styleElements) entry.node.textContent = cssFor(entry.target);
}

function followSheet(sheet: StitchesSheet) {
  for (const group of Object.values(sheet.rules)) {
    const insert = group.apply;
    group.apply = (rule) => {
      insert(rule);
      if (rewriteQueued || (sheets.size === 0 && styleElements.size === 0)) return;
      rewriteQueued = true;
      queueMicrotask(rewrite);
    };
  }
}

// `sheet` is public at runtime but missing from Stitches' type declarations.
followSheet((stitches as unknown as { sheet: StitchesSheet }).sheet);

/**
 * Gives `root` Tessera's styles, kept current as components render: a shadow root (each custom element's) or a
 * document (a React app rendering the widgets and the ui kit outside shadow roots, such as the portal).
 * Safe to call again for the same root.
 */
export function adoptTesseraStyles(root: Document | ShadowRoot): void {
  const target = 'host' in root ? 'shadow' : 'document';
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(target);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(cssFor(target));
      sheets.set(target, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const node = document.createElement('style');
  node.textContent = cssFor(target);
  (target === 'shadow' ? root : document.head).append(node);
  styleElements.add({ node, target });
}
