/**
 * The login widget's popup lands here (`GET /oauth/popup-callback`, the one redirect URI of `tessera-web`'s
 * authorization code grant): a small server-rendered page whose same-origin script (`/oauth/popup-callback.js`, the
 * document CSP's `script-src 'self'`) posts the code, or the error, to the page that opened the popup, then closes.
 *
 * The opener names its origin in `state`: `<random>.<base64url(JSON.stringify({ origin }))>`. Only an origin of
 * ALLOWED_ORIGINS (or PUBLIC_URL's) is posted to, and as postMessage's exact target origin (never `*`), so a code is
 * never handed to a page Tessera does not serve; any other origin gets a page saying so, and nothing is posted. The
 * values travel as data attributes of `<main>` (HTML-escaped), which the script reads.
 *
 * Pages of the popup's journey (this one and the portal's `/authorize/:uid`) keep `window.opener`: they answer
 * `Cross-Origin-Opener-Policy: unsafe-none`, where the portal's other documents are `same-origin` (which would cut
 * the popup off from the partner's page that opened it).
 */
import type { Context, Next } from 'koa';

const POPUP_CALLBACK_PATH = '/oauth/popup-callback';
const POPUP_SCRIPT_PATH = '/oauth/popup-callback.js';
const INTERACTION_PAGE = /^\/authorize\/[^/]+\/?$/;

const popupMessages = {
  notAllowed: 'This sign-in was started from a page that is not allowed to use Tessera.',
  malformed: 'This sign-in could not be completed: the request that started it is not valid.',
  working: 'Signing you in… You can close this window if it stays open.',
} as const;

/** The script the callback page loads: posts what `<main>`'s data attributes hold to the opener, then closes. */
const POPUP_SCRIPT = `(function () {
  var main = document.querySelector('main[data-target-origin]');
  if (!main || !window.opener) return;
  var data = main.dataset;
  var message = { type: 'tessera-authorization', state: data.state };
  if (data.error !== undefined) {
    message.error = data.error;
    message.error_description = data.errorDescription || '';
  } else {
    message.code = data.code;
  }
  window.opener.postMessage(message, data.targetOrigin);
  window.close();
})();
`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The opener's origin named in `state` (after its last dot), or undefined when it cannot be read. */
function openerOriginOf(state: string): string | undefined {
  const dot = state.lastIndexOf('.');
  if (dot < 0) return undefined;
  const encoded = state.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    const origin = (decoded as { origin?: unknown } | null)?.origin;
    if (typeof origin !== 'string' || !URL.canParse(origin)) return undefined;
    // Exactly an origin (scheme, host, port), as the browser reports one: nothing else is a target.
    return new URL(origin).origin === origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

function page(body: string, withScript: boolean): string {
  const script = withScript ? `<script src="${POPUP_SCRIPT_PATH}" defer></script>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tessera sign-in</title>${script}</head>
<body>${body}</body>
</html>`;
}

function dataAttributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value!)}"`)
    .join('');
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The callback page for this query: what it posts, to whom, or why it posts nothing. */
function renderPopupCallback(query: Record<string, string | string[] | undefined>, isAllowed: (origin: string) => boolean): string {
  const state = single(query.state);
  const origin = state ? openerOriginOf(state) : undefined;
  if (!state || !origin) return page(`<main><h1>Sign-in failed</h1><p>${popupMessages.malformed}</p></main>`, false);
  if (!isAllowed(origin)) return page(`<main><h1>Sign-in refused</h1><p>${popupMessages.notAllowed}</p></main>`, false);
  const error = single(query.error);
  const code = single(query.code);
  if (!error && !code) return page(`<main><h1>Sign-in failed</h1><p>${popupMessages.malformed}</p></main>`, false);
  const attributes = error
    ? dataAttributes({ 'target-origin': origin, state, error, 'error-description': single(query.error_description) ?? '' })
    : dataAttributes({ 'target-origin': origin, state, code });
  return page(`<main${attributes}><p>${popupMessages.working}</p></main>`, true);
}

export function popupPages(isAllowedOrigin: (origin: string) => boolean) {
  return async function servePopupPages(ctx: Context, next: Next) {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (reading && ctx.path === POPUP_CALLBACK_PATH) {
      ctx.set('Cross-Origin-Opener-Policy', 'unsafe-none');
      ctx.set('Cache-Control', 'no-store');
      // The code must not leak to other sites through the Referer of anything this page loads.
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.type = 'html';
      ctx.body = renderPopupCallback(ctx.query, isAllowedOrigin);
      return;
    }
    if (reading && ctx.path === POPUP_SCRIPT_PATH) {
      ctx.type = 'application/javascript';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = POPUP_SCRIPT;
      return;
    }
    if (reading && INTERACTION_PAGE.test(ctx.path)) ctx.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    await next();
  };
}
