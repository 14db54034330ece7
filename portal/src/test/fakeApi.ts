import { vi } from 'vitest';

export interface FakeRoute {
  method: string;
  path: string;
  status: number;
  body?: unknown;
  /** Answered only to a request whose query string holds these parameters (a CSV download: `{ format: 'csv' }`). */
  query?: Record<string, string>;
  /** A body that is not JSON (a CSV), answered as is with these headers. */
  text?: { body: string; headers: Record<string, string> };
}

interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A fake server behind the global fetch: answers the first matching route (routes are consumed
 * when `once` is set) and records every request. Unmatched requests answer 599 so a test that
 * forgets a route fails loudly.
 */
export function fakeApi(routes: (FakeRoute & { once?: boolean })[]) {
  const requests: RecordedRequest[] = [];
  const pending = [...routes];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a form-encoded body stays text
    }
    requests.push({ method: request.method, path: url.pathname, body, authorization: request.headers.get('Authorization') });
    const matches = (route: FakeRoute) =>
      route.method === request.method &&
      route.path === url.pathname &&
      Object.entries(route.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value);
    const index = pending.findIndex(matches);
    if (index === -1) return json(599, { message: `no fake for ${request.method} ${url.pathname}`, code: 'unmatched' });
    const route = pending[index];
    if (route.once) pending.splice(index, 1);
    if (route.text) return new Response(route.text.body, { status: route.status, headers: route.text.headers });
    return json(route.status, route.body);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}
