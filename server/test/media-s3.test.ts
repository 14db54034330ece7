/**
 * The media library on S3-compatible storage (S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE): the same calls as on
 * local disk — uploads streamed into the bucket with their server-made thumbnails, files served through signed
 * URLs with Range, a refused upload leaving nothing, deletion emptying the bucket — against s3rver, an S3-compatible
 * server written by others (test/support/s3.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/media/orphans.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { startS3, type TestS3 } from './support/s3.js';
import { startTestServer, type TestContext, type TestServer } from './support/server.js';
import { fetchSigned, multipart, TEST_LIMITS } from './support/uploads.js';
import { png, text } from './fixtures/media.js';

describe('media library on S3-compatible storage', () => {
  let bucket: TestS3;
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;

  beforeAll(async () => {
    bucket = await startS3('tessera-media');
    const { endpoint } = bucket;
    context = await startTestServer('sqlite', {
      media: {
        storage: {
          driver: 's3',
          bucket: 'tessera-media',
          region: 'us-east-1',
          endpoint,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
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
    await context?.cleanup();
    await bucket?.close();
  });

  const path = () => `/tenants/${tenant.id}/media`;

  it('stores an upload and its thumbnail in the bucket, serves them by signed URL with Range, and deletes them', async () => {
    const image = await png(640, 360);
    const created = await multipart(server, path(), { name: 'Quay', file: { data: image, filename: 'quay.png', type: 'image/png' } }, admin.token);
    expect(created.status).toBe(201);
    const stored = await bucket.keys();
    expect(stored).toHaveLength(2);
    expect(stored.every((key) => key.startsWith(`library/${tenant.id}/`))).toBe(true);
    const contents = await Promise.all(stored.map((key) => bucket.read(key)));
    expect(contents.some((body) => body.equals(image))).toBe(true);

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
    expect(await bucket.keys()).toEqual([]);
  });

  it('leaves nothing in the bucket when an upload is refused', async () => {
    const refused = await multipart(
      server,
      path(),
      { name: 'Not a picture', file: { data: text(2000), filename: 'fake.png', type: 'image/png' } },
      admin.token,
    );
    expect(refused.status).toBe(406);
    expect(await bucket.keys()).toEqual([]);
  });

  it("sweeps old objects that no media row names, and keeps the library's files", async () => {
    const uploaded = await multipart(
      server,
      path(),
      { name: 'Kept', file: { data: await png(320, 180), filename: 'kept.png', type: 'image/png' } },
      admin.token,
    );
    expect(uploaded.status).toBe(201);
    const kept = await bucket.keys();
    const orphan = `library/${tenant.id}/0194f2c4-0000-7000-8000-00000000000a/lost.png`;
    await bucket.put(orphan, Buffer.from('left by a killed server'));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [...kept, orphan]) bucket.age(name, old);
    expect(await sweepOrphanFiles(server.app.services)).toBe(1);
    expect(await bucket.keys()).toEqual(kept);
  });
});
