import { describe, expect, it } from 'vitest';
import { getCssText, themeProperties, tokenProperty, tokens } from './theme.js';

describe('@tessera/widgets/theme', () => {
  it('names each token by its CSS custom property', () => {
    expect(tokenProperty('colors', 'primary')).toBe('--tessera-colors-primary');
    expect(tokenProperty('space', 3)).toBe('--tessera-space-3');
  });

  it('turns a theme into the custom properties a host sets, leaving out what it does not change', () => {
    expect(themeProperties({ colors: { primary: '#6d28d9', link: undefined }, radii: { md: '0' } })).toEqual({
      '--tessera-colors-primary': '#6d28d9',
      '--tessera-radii-md': '0',
    });
    expect(themeProperties({})).toEqual({});
  });

  it("gives a document's CSS text with every token's default", () => {
    const css = getCssText();
    for (const [scale, values] of Object.entries(tokens)) {
      for (const [name, value] of Object.entries(values)) expect(css).toContain(`--tessera-${scale}-${name}:${value}`);
    }
  });
});
