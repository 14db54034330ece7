import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown.js';
import { renderMarkdown } from './renderMarkdown.js';

afterEach(() => {
  delete (globalThis as { tesseraPwned?: boolean }).tesseraPwned;
});

function renderText(text: string) {
  const { container } = render(<Markdown text={text} />);
  return container.querySelector('[data-markdown]') as HTMLElement;
}

describe('renderMarkdown', () => {
  it('renders CommonMark: emphasis, lists, links, code', () => {
    const html = renderMarkdown('**bold** _it_ `code`\n\n- one\n- two\n\n[site](https://example.com)');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com">site</a>');
  });

  it.each([
    ['an img with onerror', '<img src=x onerror="globalThis.tesseraPwned=true">'],
    ['a script tag', '<script>globalThis.tesseraPwned=true</script>'],
    ['an svg with onload', '<svg onload="globalThis.tesseraPwned=true"></svg>'],
    ['a raw anchor', '<a href="javascript:globalThis.tesseraPwned=true">x</a>'],
  ])('escapes raw HTML: %s shows as text', (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(img|script|svg|a)\b/i);
    expect(html).toContain('&lt;');
  });

  it.each([
    '[x](javascript:globalThis.tesseraPwned=true)',
    '[x](JaVaScRiPt:globalThis.tesseraPwned=true)',
    '[x](java&#x09;script:globalThis.tesseraPwned=true)',
    '[x](vbscript:msgbox)',
    '[x](data:text/html,<script>alert(1)</script>)',
    '<javascript:globalThis.tesseraPwned=true>',
    '[x](&#106;avascript:globalThis.tesseraPwned=true)',
    '[x]: javascript:globalThis.tesseraPwned=true\n\n[x]',
  ])('drops the unsafe URL of %s', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/href="(?!")/);
    expect(html).not.toMatch(/href="[^"]*(javascript|vbscript|data):/i);
  });

  it('keeps a title an attribute: a quote in it cannot open a new attribute', () => {
    expect(renderMarkdown('[x](https://ok "t\\" onmouseover=alert(1)")')).toContain('title="t&quot; onmouseover=alert(1)"');
  });

  it('drops an unsafe image source', () => {
    expect(renderMarkdown('![a](javascript:alert(1))')).toContain('<img src="" alt="a" />');
  });

  it('keeps safe URLs: https, mailto and relative ones', () => {
    expect(renderMarkdown('[a](mailto:a@example.com)')).toContain('href="mailto:a@example.com"');
    expect(renderMarkdown('[a](/docs/page)')).toContain('href="/docs/page"');
    expect(renderMarkdown('![a](https://cdn.example.com/a.png)')).toContain('src="https://cdn.example.com/a.png"');
  });

  it('keeps documents apart: a link definition in one text does not resolve a reference in the next', () => {
    expect(renderMarkdown('[ref]: https://example.com/one\n\n[ref]')).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com/one">ref</a>',
    );
    expect(renderMarkdown('[ref]')).toBe('<p>[ref]</p>');
  });

  it('renders GFM tables and strikethrough, what the paragraph editor offers', () => {
    const html = renderMarkdown('| Step | Check |\n| --- | :-: |\n| Footing | ~~loose~~ firm |');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Step</th>');
    expect(html).toContain('<td align="center"><del>loose</del> firm</td>');
    expect(renderMarkdown('a ~b~ c')).toBe('<p>a ~b~ c</p>');
  });

  it('never shows an HTML comment, in a block or inline, and still shows other raw HTML as text', () => {
    expect(renderMarkdown('Before\n\n<!-- a note\nfor authors -->\n\nAfter')).toMatch(/^<p>Before<\/p>\s*<p>After<\/p>$/);
    expect(renderMarkdown('One <!-- hidden --> two')).toBe('<p>One  two</p>');
    expect(renderMarkdown('<b>bold?</b> <!-- x -->')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt; </p>');
  });

  it('does not let text that looks like a link pick up the new-tab attributes', () => {
    expect(renderMarkdown('`<a href="x">`')).toContain('&lt;a href=&quot;x&quot;&gt;');
  });
});

describe('<Markdown>', () => {
  it('puts the rendered HTML into the page', () => {
    const node = renderText('Hello **world**');
    expect(node.querySelector('strong')?.textContent).toBe('world');
  });

  it('never runs script from the text, and links open safely', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const node = renderText('<img src=x onerror="globalThis.tesseraPwned=true">\n\n[click](javascript:globalThis.tesseraPwned=true) [ok](https://example.com)');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(node.querySelector('img')).toBeNull();
    expect(node.textContent).toContain('<img src=x onerror="globalThis.tesseraPwned=true">');
    const links = [...node.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['', 'https://example.com']);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect((globalThis as { tesseraPwned?: boolean }).tesseraPwned).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('renders nothing for an empty or missing text', () => {
    expect(renderText('').innerHTML).toBe('');
    const { container } = render(<Markdown text={null} />);
    expect(container.querySelector('[data-markdown]')?.innerHTML).toBe('');
  });
});
