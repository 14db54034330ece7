/**
 * The SDK for scripts (issue 35): with `withRetries()` as its fetch, idempotent calls retried on 429 and 503 as the
 * server asks (Retry-After), writes never; every call cancellable with an AbortSignal; every page of a list as one
 * async iterable.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTesseraClient, memoryTokenStore, TesseraApiError, withRetries, type RetryOptions } from '../src/index.js';

type Handler = (request: Request, sent: number) => Response | Promise<Response>;

/** A server of fake answers; `sent` counts what reached it. The client retries as `retry` says (none: false). */
function clientAnswering(handler: Handler, retry: RetryOptions | false = {}) {
  const sent: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    sent.push(request.clone());
    init?.signal?.throwIfAborted();
    request.signal.throwIfAborted();
    return handler(request, sent.length);
  });
  const client = createTesseraClient({
    baseUrl: 'http://api.test/api',
    tokenStore: memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' }),
    fetch: retry === false ? (fetch as unknown as typeof globalThis.fetch) : withRetries(retry, fetch as unknown as typeof globalThis.fetch),
  });
  return { client, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const unavailable = (headers: Record<string, string> = {}) => json(503, { message: 'Unavailable.', code: 'unavailable' }, headers);
const me = { data: { id: 'u1', name: 'Ada', email: 'ada@example.com' } };

describe('retries', () => {
  it('sends a read again after 503 and 429, as Retry-After says, and answers the success', async () => {
    const { client, sent } = clientAnswering((_request, count) =>
      count === 1
        ? unavailable({ 'Retry-After': '0' })
        : count === 2
          ? json(429, { message: 'Too many.', code: 'rate_limited' }, { 'Retry-After': '1' })
          : json(200, me),
    );
    const began = Date.now();
    const { data, response } = await client.GET('/users/me');
    expect(response.status).toBe(200);
    expect(data).toEqual(me);
    expect(sent).toHaveLength(3);
    expect(Date.now() - began).toBeGreaterThanOrEqual(950);
    expect(sent.every((request) => request.headers.get('Authorization') === 'Bearer a0')).toBe(true);
  });

  it('waits longer each time without Retry-After, and answers the last 503 after three sends', async () => {
    const { client, sent } = clientAnswering(() => unavailable());
    const began = Date.now();
    const { response, error } = await client.GET('/users/me');
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(sent).toHaveLength(3);
    // Waits of 250–500 ms, then 500–1000 ms.
    expect(Date.now() - began).toBeGreaterThanOrEqual(750);
  });

  it('sends a PUT again with its body intact, and a POST only once', async () => {
    const put = clientAnswering((_request, count) => (count === 1 ? unavailable({ 'Retry-After': '0' }) : json(200, me)));
    const items = { items: [{ type: 'row', text: 'Step one' }] };
    await put.client.PUT('/tenants/{tenantId}/topics/{topicId}/items', { params: { path: { tenantId: 't1', topicId: 'p1' } }, body: items as never });
    expect(put.sent).toHaveLength(2);
    expect(await Promise.all(put.sent.map((request) => request.json()))).toEqual([items, items]);

    const post = clientAnswering(() => unavailable({ 'Retry-After': '0' }));
    const { response } = await post.client.POST('/forgot-password', { body: { email: 'ada@example.com' } });
    expect(response.status).toBe(503);
    expect(post.sent).toHaveLength(1);
  });

  it('does not wait out a Retry-After past maxDelayMs, and a client without withRetries never retries', async () => {
    const far = clientAnswering(() => unavailable({ 'Retry-After': '120' }));
    expect((await far.client.GET('/users/me')).response.status).toBe(503);
    expect(far.sent).toHaveLength(1);

    const off = clientAnswering(() => unavailable({ 'Retry-After': '0' }), false);
    expect((await off.client.GET('/users/me')).response.status).toBe(503);
    expect(off.sent).toHaveLength(1);
  });
});

describe('AbortSignal', () => {
  it('cancels a call waiting for its retry: it rejects with the abort, and nothing more is sent', async () => {
    const { client, sent } = clientAnswering(() => unavailable({ 'Retry-After': '5' }));
    const controller = new AbortController();
    const call = client.GET('/users/me', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });

  it('cancels login and logout too (only an abort asked for rejects)', async () => {
    const { client } = clientAnswering(() => json(200, { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 3600 }));
    await expect(client.login('ada@example.com', 'pw', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(client.logout({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    // The tokens are forgotten even so.
    expect(client.tokenStore.get()).toBeNull();
  });
});

describe('paginate', () => {
  const meta = (page: number, lastPage: number) => ({
    current_page: page,
    last_page: lastPage,
    per_page: 2,
    total: 5,
    order: 'name',
    desc: false,
    search: null,
  });

  it('iterates every item of every page in order, with the call’s own parameters', async () => {
    const { client, sent } = clientAnswering((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      const items = [1, 2, 3, 4, 5].slice((page - 1) * 2, page * 2).map((n) => ({ id: `m${n}` }));
      return json(200, { data: items, meta: meta(page, 3) });
    });
    const seen: string[] = [];
    for await (const module of client.paginate('/tenants/{tenantId}/modules', {
      params: { path: { tenantId: 't1' }, query: { per_page: 2, search: 'safety' } },
    })) {
      seen.push(module.id);
    }
    expect(seen).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(sent.map((request) => new URL(request.url).search)).toEqual([
      '?per_page=2&search=safety&page=1',
      '?per_page=2&search=safety&page=2',
      '?per_page=2&search=safety&page=3',
    ]);
    expect(new URL(sent[0].url).pathname).toBe('/api/tenants/t1/modules');
  });

  it('throws TesseraApiError for an error answer, after the items it already gave', async () => {
    const { client } = clientAnswering((request) =>
      new URL(request.url).searchParams.get('page') === '1'
        ? json(200, { data: [{ id: 'm1' }], meta: meta(1, 2) })
        : json(403, { message: 'This action is unauthorized.', code: 'forbidden' }),
    );
    const seen: string[] = [];
    const iterate = async () => {
      for await (const module of client.paginate('/tenants/{tenantId}/modules', { params: { path: { tenantId: 't1' } } })) seen.push(module.id);
    };
    await expect(iterate()).rejects.toBeInstanceOf(TesseraApiError);
    expect(seen).toEqual(['m1']);
  });
});
