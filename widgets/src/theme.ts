/**
 * `@tessera/widgets/theme`: what a host needs to theme and host the widgets, in types of our own. Its declarations
 * name no Stitches type, so they compile in a strict project without `skipLibCheck`; the Stitches authoring API
 * (`styled`, `css`, ...) is the workspace's own, in stitches.ts.
 *
 * Every token is a CSS custom property, `--tessera-<scale>-<name>` (`--tessera-colors-primary`, `--tessera-space-3`,
 * ...), so a host page themes the widgets by setting those properties on the widget element or an ancestor.
 */
import { tokens, type TesseraTokens } from './tokens.js';
import { onStitchesRule, stitchesCssText } from './stitches.js';

export { tokens, type TesseraTokens };

/** A scale of tokens: `colors`, `space`, `fonts`, `fontSizes`, `fontWeights`, `lineHeights`, `radii`, `shadows`, `sizes`. */
export type TesseraTokenScale = keyof TesseraTokens;

/** The CSS custom property of every token: `--tessera-colors-primary`, `--tessera-space-3`, ... */
export type TesseraCustomProperty = {
  [Scale in TesseraTokenScale]: `--tessera-${Scale}-${keyof TesseraTokens[Scale] & (string | number)}`;
}[TesseraTokenScale];

/** A theme: the tokens a host changes, any of them, by scale and name (CSS values). */
export type TesseraTheme = { [Scale in TesseraTokenScale]?: { [Name in keyof TesseraTokens[Scale]]?: string } };

/**
 * A theme as CSS custom properties, for an element's `style` (React's `style` prop, or `style.setProperty`). Keyed by
 * a pattern rather than each property's name: React's `CSSProperties` takes custom properties only so.
 */
export type TesseraThemeProperties = { [property: `--tessera-${string}`]: string };

/** The CSS custom property of a token: `tokenProperty('colors', 'primary')` is `'--tessera-colors-primary'`. */
export function tokenProperty<Scale extends TesseraTokenScale>(scale: Scale, name: keyof TesseraTokens[Scale] & (string | number)): TesseraCustomProperty {
  return `--tessera-${scale}-${name}` as TesseraCustomProperty;
}

/**
 * The custom properties that apply `theme`, to set on a widget element or any ancestor: in React
 * `<div style={themeProperties({ colors: { primary: '#6d28d9' } })}>`, elsewhere
 * `for (const [property, value] of Object.entries(themeProperties(theme))) element.style.setProperty(property, value)`.
 * Tokens the theme leaves out keep their defaults (or what an ancestor sets).
 */
export function themeProperties(theme: TesseraTheme): TesseraThemeProperties {
  const properties: TesseraThemeProperties = {};
  for (const [scale, values] of Object.entries(theme) as [TesseraTokenScale, Record<string, string | undefined>][]) {
    for (const [name, value] of Object.entries(values ?? {})) {
      if (value !== undefined) properties[`--tessera-${scale}-${name}`] = value;
    }
  }
  return properties;
}

/* ---------------------------------------------------------------------------------------------
 * Stitches' rules, adopted by documents and shadow roots as constructable stylesheets.
 *
 * A constructable stylesheet (`new CSSStyleSheet()`, `replaceSync`, `adoptedStyleSheets`) is not an inline
 * style: a Content-Security-Policy of `style-src 'self'` without 'unsafe-inline' or a nonce lets it through.
 * Stitches inserts rules whenever a styled component renders for the first time (stitches.ts), and every insert
 * schedules one rewrite of the sheets in a microtask, which runs before the browser paints, so a
 * widget never shows a frame without the rules its new elements use. One sheet serves every shadow root of the
 * page and one the document (the portal and Storybook, which render outside shadow roots).
 * ------------------------------------------------------------------------------------------- */

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
for (const [scale, values] of Object.entries(tokens) as [TesseraTokenScale, Record<string, string>][]) {
  for (const [name, value] of Object.entries(values)) {
    fallbacks.set(`--tessera-${scale}-${name}`, scale === 'fontSizes' ? px(value) : value);
  }
}

function cssFor(target: 'document' | 'shadow'): string {
  const text = stitchesCssText();
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

onStitchesRule(() => {
  if (rewriteQueued || (sheets.size === 0 && styleElements.size === 0)) return;
  rewriteQueued = true;
  queueMicrotask(rewrite);
});

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

/**
 * The styles as CSS text, for a document: the tokens' custom properties with their defaults, and the rules of every
 * component rendered so far. For a server-rendered page, in a `<style>` (or a stylesheet) beside the markup.
 */
export function getCssText(): string {
  return cssFor('document');
}
