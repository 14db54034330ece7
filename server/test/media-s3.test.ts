/**
 * The media library on S3-compatible storage (S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE): the same calls as on
 * local disk — uploads streamed into the bucket with their server-made thumbnails, files served through signed
 * URLs with Range, a refused upload leaving nothing, deletion emptying the bucket — against an in-memory bucket.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/media/orphans.js';
import { fakeS3 } from './support/fake-s3.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { startTestServer, type TestContext, type TestServer } from './support/server.js';
import { fetchSigned, multipart, TEST_LIMITS } from './support/uploads.js';
import { png, text } from './fixtures/media.js';

describe('media library on S3-compatible storage', () => {
  const bucket = fakeS3();
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;

  beforeAll(async () => {
    await new Promise<void>((resolve) => bucket.server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(bucket.server.address() as AddressInfo).port}`;
    context = await startTestServer('sqlite', {
      media: {
        storage: {
          driver: 's3',
          bucket: 'tessera-media',
          region: 'us-east-1',
          endpoint,
          accessKeyId: 'test',
          secretAccessKey: 'test',
          forcePathStyle: true,
          prefix: 'library',
        },
        limits: TEST_LIMITS,
        imageConcurrency: 1,
      },
    });
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
  });
  afterAll(async () => {
    await context.cleanup();
    await new Promise<void>((resolve) => bucket.server.close(() => resolve()));
  });

  const path = () => `/tenants/${tenant.id}/media`;

  it('stores an upload and its thumbnail in the bucket, serves them by signed URL with Range, and deletes them', async () => {
    const image = await png(640, 360);
    const created = await multipart(server, path(), { name: 'Quay', file: { data: image, filename: 'quay.png', type: 'image/png' } }, admin.token);
    expect(created.status).toBe(201);
    const stored = [...bucket.objects.keys()];
    expect(stored).toHaveLength(2);
    expect(stored.every((key) => key.startsWith(`tessera-media/library/${tenant.id}/`))).toBe(true);
    expect(stored.some((key) => bucket.objects.get(key)?.equals(image))).toBe(true);

    const whole = await fetchSigned(server, created.body.data.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(image)).toBe(true);
    const part = await fetchSigned(server, created.body.data.url, { headers: { Range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${image.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(8, 16))).toBe(true);
    const thumbnail = await fetchSigned(server, created.body.data.thumbnail.url);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);

    const deleted = await del(server, `${path()}/${created.body.data.id}`, admin.token);
    expect(deleted.status).toBeLessThan(300);
    expect([...bucket.objects.keys()]).toEqual([]);
  });

  it('leaves nothing in the bucket when an upload is refused', async () => {
    const refused = await multipart(
      server,
      path(),
      { name: 'Not a picture', file: { data: text(2000), filename: 'fake.png', type: 'image/png' } },
      admin.token,
    );
    expect(refused.status).toBe(406);
    expect([...bucket.objects.keys()]).toEqual([]);
    expect(bucket.uploads.size).toBe(0);
  });

  it("sweeps old objects that no media row names, and keeps the library's files", async () => {
    const uploaded = await multipart(
      server,
      path(),
      { name: 'Kept', file: { data: await png(320, 180), filename: 'kept.png', type: 'image/png' } },
      admin.token,
    );
    expect(uploaded.status).toBe(201);
    const kept = [...bucket.objects.keys()].sort();
    const orphan = `tessera-media/library/${tenant.id}/0194f2c4-0000-7000-8000-00000000000a/lost.png`;
    bucket.objects.set(orphan, Buffer.from('left by a killed server'));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [...kept, orphan]) bucket.modified.set(name, old);
    expect(await sweepOrphanFiles(server.app.services)).toBe(1);
    expect([...bucket.objects.keys()].sort()).toEqual(kept);
  });
});
