import { describe, expect, it } from 'vitest';
import { prerender, PRERENDERED_PATHS, withoutDanglingReferences } from './prerender';

/** The classes the markup uses. */
function classesOf(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/\sclass="([^"]+)"/g), (match) => match[1].split(/\s+/)).flat())];
}

describe('the build-time first paint of the public pages', () => {
  it('renders /login and /about from the route table, and the loading state, with the rules their markup uses and no script', async () => {
    const { pages, shell, css } = await prerender();
    expect(pages.map((page) => page.path)).toEqual([...PRERENDERED_PATHS]);
    const [login, about] = pages;

    // The login card as the app shows it: its heading, labelled fields and button, and the links around it.
    expect(login.html).toMatch(/<h1[^>]*>Log In<\/h1>/);
    expect(login.html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Email<\/label><input[^>]*id="\1"/);
    expect(login.html).toContain('name="password"');
    // Its button does not submit the HTML form (a GET, the password in the address) before the app takes over.
    expect(login.html).toMatch(/<button[^>]*type="button"[^>]*><span>Log In<\/span><\/button>/);
    expect(login.html).not.toContain('type="submit"');
    expect(login.html).toContain('href="/sso"');
    expect(about.html).toContain('About Tessera');
    expect(about.html).toContain('Web version');

    // Every other page's loading state (index.html), announced as the app's fallback is.
    expect(shell).toMatch(/^<main><p role="status" class="[^"]+">Loading\.\.\.<\/p><\/main>$/);

    for (const page of [...pages, { path: 'index.html', html: shell }]) {
      // The strict CSP runs no inline script and the app replaces the markup itself: nothing to hydrate from.
      expect(page.html, page.path).not.toMatch(/<script|<style|\sstyle="/);
      // Every class of the markup has its rules in the stylesheet (the first paint is styled).
      for (const name of classesOf(page.html)) expect(css, `${page.path}: .${name}`).toContain(`.${name}`);
    }
    // The theme's tokens and the page's base styles.
    expect(css).toContain('--tessera-colors-primary');
    expect(css).toMatch(/body\{[^}]*margin:0/);
  });

  it('drops references to elements the markup does not hold', () => {
    expect(withoutDanglingReferences('<label id="a">A</label><input aria-labelledby="a" aria-describedby="b c"/>')).toBe(
      '<label id="a">A</label><input aria-labelledby="a"/>',
    );
    expect(withoutDanglingReferences('<p id="x"></p><input aria-describedby="y x"/>')).toBe('<p id="x"></p><input aria-describedby="x"/>');
  });
});
