/**
 * Signed file URLs (issue 4): the bytes with the right headers, HTTP Range (206, 416) for video seeking,
 * HEAD, downloads as attachments, expired or tampered signatures (403), another organization's file (404), and
 * a learner reaching a file only through the rows they may see.
 */
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../src/features/files/routes.js';
import { assertContract } from './support/contract.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertItem, insertTree } from './support/content.js';
import { fetchSigned, mediaTestConfig, multipart } from './support/uploads.js';
import { mp4, png } from './fixtures/media.js';

describe('parseRange', () => {
  it('reads single ranges and refuses the unsatisfiable', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=oops', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=9-3', 100)).toEqual({ kind: 'unsatisfiable' });
    // Several ranges, or another unit: the whole file (RFC 9110 lets a server ignore Range).
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
  });
});

describe.each(databaseKinds)('signed files on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let video: Buffer;
  let media: { id: string; url: string; thumbnail: { url: string } };

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    video = mp4(200_000);
    for (let index = 24; index < video.length; index += 1) video[index] = index % 251;
    const created = await multipart(
      server,
      `/tenants/${tenant.id}/media`,
      { name: 'Safety walk', file: { data: video, filename: 'walk.mp4' }, thumbnail: { data: await png(320, 180), filename: 't.png' } },
      admin.token,
    );
    media = created.body.data;
  });
  afterAll(() => context.cleanup());

  /** An error answer of the files route, checked against the contract. */
  async function errorOf(response: Response) {
    const body = await response.json();
    assertContract('GET', '/files/{tenantId}/{mediaId}/{variant}', response.status, body);
    return body;
  }

  it('serves the whole file with its type, length, inline disposition and cache headers', async () => {
    const response = await fetchSigned(server, media.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Safety walk.mp4"');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it('answers byte ranges with 206 and the exact bytes (video seeking)', async () => {
    const middle = await fetchSigned(server, media.url, { headers: { Range: 'bytes=1000-1999' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(middle.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await middle.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await fetchSigned(server, media.url, { headers: { Range: 'bytes=-100' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);
    const open = await fetchSigned(server, media.url, { headers: { Range: `bytes=${video.length - 10}-` } });
    expect(open.headers.get('content-range')).toBe(`bytes ${video.length - 10}-${video.length - 1}/${video.length}`);
  });

  it('answers 416 for a range outside the file', async () => {
    const response = await fetchSigned(server, media.url, { headers: { Range: `bytes=${video.length}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
    expect((await errorOf(response)).code).toBe('range_not_satisfiable');
  });

  it('answers HEAD with the headers only', async () => {
    const whole = await fetchSigned(server, media.url, { method: 'HEAD' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(video.length));
    expect(await whole.text()).toBe('');
    const part = await fetchSigned(server, media.url, { method: 'HEAD', headers: { Range: 'bytes=0-99' } });
    expect([part.status, part.headers.get('content-length')]).toEqual([206, '100']);
  });

  it('serves downloads as attachments with the media name', async () => {
    const response = await fetchSigned(server, `${media.url}&download=1`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Safety walk.mp4"');
    await response.arrayBuffer();
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await fetchSigned(server, media.thumbnail.url);
    await first.arrayBuffer();
    // fetch adds `Cache-Control: no-cache` to conditional requests (which forbids a 304), so ask as a browser cache does.
    const { pathname, search } = new URL(media.thumbnail.url);
    const status = await new Promise<number>((resolve, reject) => {
      get(`${server.url}${pathname}${search}`, { headers: { 'If-None-Match': first.headers.get('etag') as string } }, (response) => {
        response.resume();
        resolve(response.statusCode as number);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('refuses tampered and expired URLs with 403', async () => {
    const tampered = media.url.replace(
      /signature=([^&]+)/,
      (_, signature: string) => `signature=${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
    );
    const refused = await fetchSigned(server, tampered);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'invalid_signature', message: 'This link has expired or is not valid.' });

    const signer = server.app.services.signer;
    const otherVariant = media.url.replace('/file?', '/thumbnail?');
    const noSignature = media.url.split('?')[0];
    const expired = signer.url({ tenantId: tenant.id, mediaId: media.id, variant: 'file' }, -120);
    for (const url of [otherVariant, noSignature, expired]) {
      const answer = await fetchSigned(server, url);
      expect(answer.status, url).toBe(403);
      expect(await errorOf(answer)).toMatchObject({ code: 'invalid_signature' });
    }
  });

  it("answers 404 for another organization's file, an unknown file or variant", async () => {
    const signer = server.app.services.signer;
    const other = await insertTenant(server);
    const crossed = signer.url({ tenantId: other.id, mediaId: media.id, variant: 'file' });
    const answer = await fetchSigned(server, crossed);
    expect(answer.status).toBe(404);
    await errorOf(answer);
    const unknownFile = await fetchSigned(server, signer.url({ tenantId: tenant.id, mediaId: '0190a0a0-0000-7000-8000-000000000000', variant: 'file' }));
    expect(unknownFile.status).toBe(404);
    await errorOf(unknownFile);
    const unknownVariant = await fetch(`${server.url}/api/files/${tenant.id}/${media.id}/original?expires=9999999999&signature=x`);
    expect(unknownVariant.status).toBe(404);
    await errorOf(unknownVariant);
  });

  it('hands a learner signed URLs only in the rows they may see', async () => {
    const learner = await person(server, { tenantId: tenant.id, role: 'user' });
    const visible = await insertTree(server, tenant.id, [learner.membershipId as string]);
    await insertItem(server, tenant.id, visible.topicId, { type: 'video', mediaId: media.id });
    const hidden = await insertTree(server, tenant.id);
    await insertItem(server, tenant.id, hidden.topicId, { type: 'video', mediaId: media.id });

    const items = await server.api.get(`/tenants/${tenant.id}/topics/${visible.topicId}/items`, { token: learner.token });
    const url = items.body.data[0].media[0].url as string;
    const file = await fetchSigned(server, url, { headers: { Range: 'bytes=0-23' } });
    expect(file.status).toBe(206);
    expect(Buffer.from(await file.arrayBuffer()).equals(video.subarray(0, 24))).toBe(true);

    expect((await server.api.get(`/tenants/${tenant.id}/topics/${hidden.topicId}/items`, { token: learner.token })).status).toBe(404);
    expect((await server.api.get(`/tenants/${tenant.id}/media/${media.id}`, { token: learner.token })).status).toBe(403);
    expect((await server.api.get(`/tenants/${tenant.id}/media`, { token: learner.token })).status).toBe(403);
  });
});
