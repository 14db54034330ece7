import type { FakeAnswer } from './fakeApi';

/** A request the fake server received: what a route's answer may depend on (a query parameter, the body). */
export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * The fake server's routes, by method and path (`'GET /api/tenants/acme-training-id/webhooks'`): an answer, or a
 * function of the request answering one (a filter, a second call that answers differently).
 */
export type FakeRoutes = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;

const NOT_FOUND: FakeAnswer = { status: 404, body: { message: 'Not found.', code: 'not_found' } };

/** How long the fake server takes to answer: long enough to see a loading line, short enough for a play function. */
const DELAY_MS = 150;

let routes: FakeRoutes = {};
let installed = false;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function answer(input: RequestInfo | URL, init: RequestInit | undefined, passOn: typeof fetch): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url, window.location.href);
  if (!url.pathname.startsWith('/api/')) return passOn(input, init);
  const route = routes[`${request.method} ${url.pathname}`];
  const body = await readBody(request);
  const reply = typeof route === 'function' ? route({ method: request.method, url, body }) : (route ?? NOT_FOUND);
  if (reply === 'never') return new Promise(() => {});
  await wait(DELAY_MS);
  if (reply === 'no-response') throw new TypeError('Failed to fetch');
  const content = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(content, { status: reply.status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Answers the portal's own SDK client (its calls go through the page's fetch) from `next` instead of a server: a
 * whole page (its route loader, its lists, its writes) runs in a story as it runs in the app. The latest story's
 * routes answer; anything outside `/api/` (Storybook's own files) goes to the real fetch.
 */
export function serveFake(next: FakeRoutes): void {
  routes = next;
  if (installed) return;
  installed = true;
  const passOn = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => answer(input, init, passOn);
}
