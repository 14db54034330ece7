/**
 * The build's static first paint (`npm run build` runs scripts/prerender.mjs, which loads this module through Vite's
 * SSR loader): the public pages that need no data to show, and the loading state of every other page. Each page is
 * rendered from the real route table, as a guest with nothing stored, into HTML the server sends for that path
 * (server/src/http/static.ts), the loading state into `index.html`; their styles are the theme's rules the markup
 * used, in the page's head. The app then renders over it once its first route is ready (main.tsx), so the markup
 * only has to look the same, not hydrate.
 */
import { getCssText } from '@tessera/widgets/theme';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { RouteFallback } from './app/RootLayout';
import { routes } from './app/routes';

/** The paths written as static pages: guest pages whose first paint depends on nothing stored or fetched. */
export const PRERENDERED_PATHS = ['/login', '/about'] as const;

export interface PrerenderedPage {
  path: string;
  /** The markup of `#root`. */
  html: string;
}

/**
 * Drops references to elements that are not in the markup. react-aria names an input's description and error slots
 * on the first render and forgets the empty ones in a layout effect, which a server render never runs: left as they
 * are, `aria-describedby` would point at nothing until the app takes over.
 */
export function withoutDanglingReferences(html: string): string {
  const ids = new Set(Array.from(html.matchAll(/\sid="([^"]+)"/g), (match) => match[1]));
  return html.replace(/\s(aria-(?:describedby|labelledby|controls|owns))="([^"]*)"/g, (_attribute, name: string, value: string) => {
    const present = value.split(/\s+/).filter((id) => ids.has(id));
    return present.length > 0 ? ` ${name}="${present.join(' ')}"` : '';
  });
}

/**
 * The prerendered forms' submit buttons as plain buttons: submitted before the app has taken the page over, the HTML
 * form would be sent as a GET, its fields (a password) in the address and the browser's history. With no submit
 * button and two fields, Enter does not submit either; the app's own button replaces it.
 */
export function withoutNativeSubmission(html: string): string {
  return html.replace(/(<button\b[^>]*\btype=")submit(")/g, '$1button$2');
}

/** Renders one path as a first visit without a session sees it before any request answers. */
async function renderPath(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${path}: the routes answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`prerendering ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline <script> with the router's state (the CSP allows none, and the app does not hydrate).
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { path, html: withoutNativeSubmission(withoutDanglingReferences(html)) };
}

/**
 * The markup of `#root` in `index.html`, which the server answers for every other route of the app: the loading
 * state the app shows until its first screen can render (the route table's fallback). A phone on a slow connection
 * then shows it as soon as the page arrives, instead of a blank page until the app's code has downloaded and run.
 */
function renderLoadingShell(): string {
  return renderToString(
    <StrictMode>
      <RouteFallback />
    </StrictMode>,
  );
}

/**
 * Every prerendered page, the app's loading shell, and the styles they share (the theme's tokens and the rules their
 * components used).
 */
export async function prerender(): Promise<{ pages: PrerenderedPage[]; shell: string; css: string }> {
  const pages: PrerenderedPage[] = [];
  for (const path of PRERENDERED_PATHS) pages.push(await renderPath(path));
  const shell = renderLoadingShell();
  return { pages, shell, css: getCssText() };
}
