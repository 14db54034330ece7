/**
 * The authoring API of the widgets' and the portal's styles, and the only module that talks to @stitches/react.
 *
 * `@tessera/widgets/stitches` is a workspace entry, not a published one: it resolves only under the `tessera-source`
 * condition (the portal, Storybook, the tests). Stitches is unmaintained and its type declarations do not compile in a
 * strict project without `skipLibCheck` (extensionless relative imports under nodenext, errors against React 19's
 * types), so nothing a partner imports may name them: partners get the tokens and the stylesheets through
 * `@tessera/widgets/theme` (theme.ts), whose declarations are our own types only.
 *
 * Every token becomes a CSS custom property (`--tessera-colors-primary`, `--tessera-space-3`, ...), and a style
 * refers to it as `$primary`, `$3`, ... (checked against the tokens).
 */
import { createStitches, type DefaultThemeMap } from '@stitches/react';
import { tokens } from './tokens.js';

// Spelled out so the emitted declarations can name it: Stitches' own type lives in files its package
// does not export, and an inferred type would point into them.
// The type arguments are explicit too: letting TypeScript infer them and then compare the result with
// this type costs minutes of type checking.
// No media queries and no utils: both are empty records.
type Nothing = Record<never, never>;
type TesseraStitches = ReturnType<typeof createStitches<'tessera', Nothing, typeof tokens, DefaultThemeMap, Nothing>>;

// `root: null`: Stitches keeps its rules in a sheet of its own in memory and never writes a `<style>` into the
// page's <head> (a strict `style-src` refuses one, and a partner's page is not ours to write into). The rules
// reach the page through constructable stylesheets: `adoptTesseraStyles` of theme.ts.
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
/** A style object in the theme's terms (tokens like `$primary` are checked). */
export type CSS = Parameters<typeof css>[0];

/** Every rule Stitches has generated so far (the token declarations on `:root` and the components' rules), as CSS. */
export function stitchesCssText(): string {
  return stitches.getCssText();
}

type RuleGroup = { apply: (rule: string) => void };
type StitchesSheet = { rules: Record<string, RuleGroup> };

/**
 * Calls `listener` after each rule Stitches inserts from now on (a styled component rendering for the first time, a
 * global style applied). theme.ts calls it once, to keep the adopted stylesheets current.
 */
export function onStitchesRule(listener: () => void): void {
  // `sheet` is public at runtime but missing from Stitches' type declarations.
  const { sheet } = stitches as unknown as { sheet: StitchesSheet };
  for (const group of Object.values(sheet.rules)) {
    const insert = group.apply;
    group.apply = (rule) => {
      insert(rule);
      listener();
    };
  }
}
