/**
 * A suggestion's images (issue 4): multipart `images[]` through the media upload pipeline — png or jpeg by
 * their bytes, within the image limits of /config — stored with thumbnails, served by signed URLs, and deleted
 * with the suggestion. A refused upload stores nothing: no row, no file.
 */
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_MAX_IMAGES } from '@tessera/sdk/rules';
import { DEFAULT_MEDIA_LIMITS } from '../src/config.js';
import type { ApiResponse } from './support/api.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertTree } from './support/content.js';
import { multipart, storedFiles, type FilePart } from './support/uploads.js';

const LIMITS = { ...DEFAULT_MEDIA_LIMITS, file_sizes: { ...DEFAULT_MEDIA_LIMITS.file_sizes, image: { min_size: 1, max_size: 300 } } };

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

describe.each(databaseKinds)('suggestion images on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let learner: Person;
  let master: Person;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    context = await startTestServer(kind, { media: { storage: { driver: 'local' }, limits: LIMITS, imageConcurrency: 1 } });
    server = context.server;
    tenant = await insertTenant(server);
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
    master = await person(server, { tenantId: tenant.id, role: 'master' });
    png = await flatPng(800, 450);
    jpeg = await noise(1000, 500).jpeg({ quality: 30 }).toBuffer();
  });
  afterAll(() => context.cleanup());

  const path = () => `/tenants/${tenant.id}/suggestions`;

  const sendMultipart = (fields: Record<string, string>, images: FilePart[], token = learner.token) =>
    multipart(server, path(), { ...fields, 'images[]': images }, token);
  const stored = () => storedFiles(join(server.dataDir, 'media'));

  async function expectNothingStored(send: () => Promise<ApiResponse>, field: string, message: string | RegExp) {
    // The names, not a count: a file left behind is then named in the failure.
    const files = stored();
    const rows = await server.app.knex('media').where('tenant_id', tenant.id).count({ total: '*' }).first();
    const suggestions = await server.app.knex('suggestions').where('tenant_id', tenant.id).count({ total: '*' }).first();
    const response = await send();
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect(response.body.errors[field][0]).toMatch(message);
    expect(stored()).toEqual(files);
    expect(await server.app.knex('media').where('tenant_id', tenant.id).count({ total: '*' }).first()).toEqual(rows);
    expect(await server.app.knex('suggestions').where('tenant_id', tenant.id).count({ total: '*' }).first()).toEqual(suggestions);
  }

  it('stores png and jpeg images with thumbnails and serves them by signed URL', async () => {
    const tree = await insertTree(server, tenant.id, [learner.membershipId as string]);
    const response = await sendMultipart({ text: 'Two pictures', topic_id: tree.topicId }, [
      { filename: 'broken ladder.png', data: png, type: 'image/png' },
      { filename: 'site.jpg', data: jpeg, type: 'image/jpeg' },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { data } = response.body;
    expect(data).toMatchObject({ text: 'Two pictures', topic: { id: tree.topicId }, component: { id: tree.componentId }, module: { id: tree.moduleId } });
    // Parts are stored as they stream in, so two images may finish in either order.
    const media = [...data.media].sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
    expect(media.map((entry: { name: string; mime_type: string; type: string }) => [entry.name, entry.mime_type, entry.type])).toEqual([
      ['broken ladder', 'image/png', 'image'],
      ['site', 'image/jpeg', 'image'],
    ]);
    expect(media[0].size).toBe(png.length);
    for (const entry of media) expect(entry.thumbnail).toEqual({ url: expect.stringMatching(/\/thumbnail\?expires=\d+&signature=/) });

    const file = await fetch(media[0].url.replace('http://tessera.test', server.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    // The inbox shows the same images; they are not part of the media library.
    const shown = await server.api.get(`${path()}/${data.id}`, { token: master.token });
    expect(shown.body.data.media.map((media: { id: string }) => media.id)).toEqual(data.media.map((media: { id: string }) => media.id));
    const report = await server.api.get(`/tenants/${tenant.id}/reports/snapshot`, { token: master.token });
    expect(report.body.data.media).toMatchObject({ image: 0, total: 0 });
    const library = await server.api.get(`/tenants/${tenant.id}/media`, { token: master.token });
    expect(library.body.data.map((media: { id: string }) => media.id)).not.toContain(data.media[0].id);
    expect((await server.api.get(`/tenants/${tenant.id}/media/${data.media[0].id}`, { token: master.token })).status).toBe(404);
    expect((await server.api.request('DELETE', `/tenants/${tenant.id}/media/${data.media[0].id}`, { token: master.token })).status).toBe(404);
  });

  it('takes multipart without images, with the same rules for the fields', async () => {
    const plain = await sendMultipart({ text: 'Only words' }, []);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ text: 'Only words', media: [], module: null });
    await expectNothingStored(() => sendMultipart({ text: ' ' }, [{ filename: 'a.png', data: png }]), 'text', 'The text field is required.');
    await expectNothingStored(
      () => sendMultipart({ text: 'x', module_id: 'nope' }, [{ filename: 'a.png', data: png }]),
      'module_id',
      'The module id must be a valid UUID.',
    );
    const hidden = await insertTree(server, tenant.id);
    await expectNothingStored(
      () => sendMultipart({ text: 'x', topic_id: hidden.topicId }, [{ filename: 'a.png', data: png }]),
      'topic_id',
      'The selected topic id is invalid.',
    );
  });

  it('refuses a file that is not a png or jpeg by its bytes, whatever its name', async () => {
    const text = Buffer.from('just some text, not an image at all\n'.repeat(100));
    await expectNothingStored(
      () =>
        sendMultipart({ text: 'x' }, [
          { filename: 'a.png', data: png },
          { filename: 'fake.png', data: text },
        ]),
      'images',
      'The image must be a file of type: image/png, image/jpeg.',
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    await expectNothingStored(
      () => sendMultipart({ text: 'x' }, [{ filename: 'a.gif', data: gif, type: 'image/gif' }]),
      'images',
      'The image must be a file of type: image/png, image/jpeg.',
    );
  });

  it('refuses images over the size limit or under the least dimensions (limits of /config)', async () => {
    const large = await noise(800, 450).png().toBuffer();
    await expectNothingStored(
      () => sendMultipart({ text: 'x' }, [{ filename: 'large.png', data: large }]),
      'images',
      /^The file size is approximately \d+ (KB|MB)\. The image must be between 1 KB and 300 KB$/,
    );
    const small = await noise(400, 200).jpeg({ quality: 30 }).toBuffer();
    await expectNothingStored(
      () => sendMultipart({ text: 'x' }, [{ filename: 'small.jpg', data: small, type: 'image/jpeg' }]),
      'images',
      'The image must be at least 800 pixels by 450 pixels.',
    );
  });

  it('refuses an image over the largest dimensions from its header, saying so, before decoding it', async () => {
    // 7000 x 7000 of one colour: 49 megapixels (196 MB decoded) in a few KB on the wire.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3a6' } })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(300_000);
    const { max_width, max_height } = DEFAULT_MEDIA_LIMITS.image;
    await expectNothingStored(
      () => sendMultipart({ text: 'x' }, [{ filename: 'bomb.png', data: bomb }]),
      'images',
      `The image may not be larger than ${max_width} pixels by ${max_height} pixels.`,
    );
  });

  it(`refuses more than ${SUGGESTION_MAX_IMAGES} images`, async () => {
    const images = Array.from({ length: SUGGESTION_MAX_IMAGES + 1 }, (_, index) => ({ filename: `${index}.png`, data: png }));
    await expectNothingStored(() => sendMultipart({ text: 'x' }, images), 'images', `The images may not have more than ${SUGGESTION_MAX_IMAGES} items.`);
  });

  it('deleting the suggestion deletes its image files', async () => {
    const before = stored();
    const sent = await sendMultipart({ text: 'To delete' }, [{ filename: 'a.png', data: png }]);
    expect(sent.status).toBe(201);
    // The image and its thumbnail.
    expect(stored()).toHaveLength(before.length + 2);
    expect((await del(server, `${path()}/${sent.body.data.id}`, master.token)).status).toBe(204);
    expect(stored().sort()).toEqual(before.sort());
    expect(await server.app.knex('media').where('id', sent.body.data.media[0].id).first()).toBeUndefined();
  });
});
