/**
 * The media library (issue 4): multipart uploads sniffed from their bytes and checked against the configured
 * limits with the spec's messages, thumbnails and crops, renames and replacements, tags, lists and deletion.
 * A refused upload leaves no row and no stored file. Limits are made small here so the files stay small.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_LIMITS } from '../src/config.js';
import { assertContract } from './support/contract.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertItem, insertMediaRow, insertModule, insertTree } from './support/content.js';
import { expectFlatListQueries } from './support/query-counts.js';
import { fetchSigned, mediaTestConfig, multipart, storedFiles, TEST_LIMITS, type FormParts } from './support/uploads.js';
import { jpeg, mp3, mp4, pdf, png, text, wav } from './fixtures/media.js';

describe.each(databaseKinds)('media library on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let learner: Person;
  let mediaRoot: string;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    mediaRoot = join(context.dataDir, 'media');
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
  });
  afterAll(() => context.cleanup());

  const t = () => `/tenants/${tenant.id}`;
  const upload = (parts: FormParts, token = admin.token) => multipart(server, `${t()}/media`, parts, token);
  const mediaCount = async () => Number((await server.app.knex('media').where('tenant_id', tenant.id).count({ n: '*' }))[0].n);

  /** Runs a refused upload and shows it left no row and no file behind. */
  async function refused(parts: FormParts) {
    const [rowsBefore, filesBefore] = [await mediaCount(), storedFiles(mediaRoot)];
    const answer = await upload(parts);
    expect(await mediaCount()).toBe(rowsBefore);
    expect(storedFiles(mediaRoot)).toEqual(filesBefore);
    return answer;
  }

  describe('uploads', () => {
    it('stores a png with a server-made thumbnail, and serves both through signed URLs', async () => {
      const image = await png(640, 360);
      const created = await upload({ name: 'Harbour', type: 'image', file: { data: image, filename: 'harbour.png', type: 'image/png' } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Harbour',
        type: 'image',
        mime_type: 'image/png',
        size: image.length,
        width: 640,
        height: 360,
        modules: [],
        items_count: 0,
      });
      expect(created.body.data.abilities).toEqual({ update: true, delete: true });

      const file = await fetchSigned(server, created.body.data.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);

      const thumbnail = await fetchSigned(server, created.body.data.thumbnail.url);
      expect(thumbnail.status).toBe(200);
      const thumb = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 400, 225]);
    });

    it('takes the kind from the bytes when no type is sent (jpeg, pdf, mp3, wav)', async () => {
      const cases = [
        [await jpeg(320, 200), 'photo.jpg', 'image', 'image/jpeg'],
        [pdf(5_000), 'manual.pdf', 'pdf', 'application/pdf'],
        [mp3(5_000), 'song.mp3', 'audio', 'audio/mpeg'],
        [wav(5_000), 'voice.wav', 'audio', 'audio/wav'],
      ] as const;
      for (const [data, filename, type, mimeType] of cases) {
        const created = await upload({ name: filename, file: { data, filename } });
        expect(created.status, filename).toBe(201);
        expect(created.body.data).toMatchObject({ type, mime_type: mimeType, size: data.length });
      }
    });

    it('stores a video with its thumbnail', async () => {
      const video = mp4(50_000);
      const created = await upload({
        name: 'Walkthrough',
        type: 'video',
        file: { data: video, filename: 'walk.mp4' },
        thumbnail: { data: await jpeg(320, 180), filename: 'walk.jpg' },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ type: 'video', mime_type: 'video/mp4', size: 50_000, width: null, height: null });
      const thumbnail = await fetchSigned(server, created.body.data.thumbnail.url);
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    });

    it('crops an image to the configured size and stores png', async () => {
      const created = await upload({ name: 'Cropped', crop_image: '1', file: { data: await jpeg(800, 800), filename: 'square.jpg' } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ mime_type: 'image/png', width: 160, height: 90 });
      const stored = await sharp(Buffer.from(await (await fetchSigned(server, created.body.data.url)).arrayBuffer())).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['png', 160, 90]);
    });

    it('refuses a text file named .png (406) and leaves nothing behind', async () => {
      const answer = await refused({ name: 'Fake', file: { data: text(2_000), filename: 'fake.png', type: 'image/png' } });
      expect(answer.status).toBe(406);
      expect(answer.body).toMatchObject({ code: 'unacceptable_file', errors: { file: ['The image must be a file of type: image/png, image/jpeg.'] } });
    });

    it('refuses bytes of another kind than the type sent', async () => {
      const answer = await refused({
        name: 'Not a video',
        type: 'video',
        file: { data: pdf(5_000), filename: 'x.mp4' },
        thumbnail: { data: await png(320, 180), filename: 't.png' },
      });
      expect(answer.status).toBe(406);
      expect(answer.body.errors).toEqual({ file: ['The video must be a file of type: video/mp4.'] });
    });

    it("answers each kind's type message when the bytes are of another kind", async () => {
      const image = { data: await png(320, 180), filename: 'picture.png' };
      const expected = {
        pdf: 'The pdf must be a file of type: application/pdf.',
        audio: 'The audio must be a file of type: audio/mpeg, audio/wav.',
        video: 'The video must be a file of type: video/mp4.',
      };
      for (const [type, message] of Object.entries(expected)) {
        const answer = await refused({ name: 'Wrong', type, file: image, ...(type === 'video' ? { thumbnail: image } : {}) });
        expect([answer.status, answer.body.errors], type).toEqual([406, { file: [message] }]);
      }
      const unknown = await refused({ name: 'Wrong', type: 'spreadsheet', file: image });
      expect([unknown.status, unknown.body.errors]).toEqual([422, { type: ['The selected type is invalid.'] }]);
    });

    it('refuses a png larger than the limit while streaming (422) and leaves nothing behind', async () => {
      const big = await png(400, 400, { noise: true });
      expect(big.length).toBeGreaterThan(300_000);
      const answer = await refused({ name: 'Too big', file: { data: big, filename: 'big.png' } });
      expect(answer.status).toBe(422);
      // Cut off while streaming: the size comes from the request's length, hence "approximately".
      expect(answer.body.errors.file).toEqual([expect.stringMatching(/^The file size is approximately 48\d KB\. The image must be between 0 KB and 300 KB$/)]);
    });

    it('answers 413 at once when the declared length exceeds what the route could take, before reading the body', async () => {
      const started = Date.now();
      const answer = await new Promise<{ status: number; connection?: string; body: unknown }>((resolve, reject) => {
        const req = request(`${server.api.baseUrl}${t()}/media`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '99999999999' },
        });
        req.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode as number, connection: response.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        });
        req.on('error', reject);
        // Not a byte of the body is sent: the answer must not wait for it.
        req.flushHeaders();
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
      expect(answer.connection).toBe('close');
      assertContract('POST', `${t()}/media`, answer.status, answer.body);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('stops reading an upload once it passes the limit, without waiting for the rest of the body', async () => {
      // Within what the form could hold (so not refused from the header), but the video is over its limit.
      const declared = 5_200_000;
      const boundary = 'tessera-test-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      let sent = 0;
      const answer = await new Promise<{ status: number; body: { errors: Record<string, string[]> } }>((resolve, reject) => {
        const req = request(`${server.api.baseUrl}${t()}/media`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(declared) },
        });
        let answered = false;
        req.on('response', (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode as number, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        });
        // The server hangs up on the rest of the body: errors after the answer are expected.
        req.on('error', (error) => (answered ? undefined : reject(error)));
        const chunk = mp4(64 * 1024);
        // A client on a slow link: a chunk every few milliseconds, so the answer can arrive before the body has.
        const pump = () => {
          if (answered || sent >= declared - head.length - chunk.length) return;
          sent += chunk.length;
          req.write(sent === chunk.length ? Buffer.concat([head, chunk]) : chunk);
          setTimeout(pump, 3);
        };
        pump();
      });
      expect(answer.status).toBe(422);
      assertContract('POST', `${t()}/media`, answer.status, answer.body);
      expect(answer.body.errors.file[0]).toMatch(/^The file size is approximately 5 MB\. The video must be between 1 KB and 500 KB$/);
      expect(sent).toBeLessThan(2 * 1024 * 1024);
    });

    it('refuses a file under the least size', async () => {
      const answer = await refused({ name: 'Tiny', file: { data: pdf(200), filename: 'tiny.pdf' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ file: ['The file size is approximately 0 KB. The pdf must be between 1 KB and 100 KB'] });
    });

    it('refuses an image below the least dimensions', async () => {
      const answer = await refused({ name: 'Small', file: { data: await png(100, 50), filename: 'small.png' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ file: ['The image must be at least 160 pixels by 90 pixels.'] });
    });

    it('refuses a video without a thumbnail, or with a thumbnail that is not png or jpeg', async () => {
      const missing = await refused({ name: 'Clip', file: { data: mp4(20_000), filename: 'clip.mp4' } });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ thumbnail: ['The thumbnail field is required.'] });

      const wrong = await refused({ name: 'Clip', file: { data: mp4(20_000), filename: 'clip.mp4' }, thumbnail: { data: pdf(3_000), filename: 'thumb.png' } });
      expect(wrong.status).toBe(406);
      expect(wrong.body.errors).toEqual({ thumbnail: ['Image must be either a jpeg or png'] });

      const small = await refused({
        name: 'Clip',
        file: { data: mp4(20_000), filename: 'clip.mp4' },
        thumbnail: { data: await png(100, 50), filename: 'thumb.png' },
      });
      expect(small.status).toBe(422);
      expect(small.body.errors).toEqual({ thumbnail: ['The thumbnail must be at least 160 pixels by 90 pixels.'] });
    });

    it('requires a name and a file', async () => {
      const noName = await refused({ file: { data: await png(320, 180), filename: 'a.png' } });
      expect(noName.status).toBe(422);
      expect(noName.body.errors).toEqual({ name: ['The name field is required.'] });
      const noFile = await refused({ name: 'Nothing' });
      expect(noFile.body.errors).toEqual({ file: ['The file field is required.'] });
    });

    it('answers 400 for a multipart body without a boundary, or one cut short', async () => {
      const noBoundary = await server.api.request('POST', `${t()}/media`, { token: admin.token, raw: 'x', headers: { 'Content-Type': 'multipart/form-data' } });
      expect(noBoundary.status).toBe(400);
      const cut = await server.api.request('POST', `${t()}/media`, {
        token: admin.token,
        raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot finished',
        headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
      });
      expect(cut.status).toBe(400);
    });

    it('answers 415 for a JSON create, 403 for a learner', async () => {
      expect((await server.api.post(`${t()}/media`, { name: 'x' }, { token: admin.token })).status).toBe(415);
      const learnerUpload = await upload({ name: 'x', file: { data: await png(320, 180), filename: 'a.png' } }, learner.token);
      expect(learnerUpload.status).toBe(403);
    });
  });

  describe('library', () => {
    it('lists with type and module filters, search, sort keys and item counts', async () => {
      const other = await insertTenant(server);
      const lister = await person(server, { tenantId: other.id, role: 'admin' });
      const path = `/tenants/${other.id}/media`;
      const a = await multipart(server, path, { name: 'Alpha chart', file: { data: await png(320, 180), filename: 'a.png' } }, lister.token);
      const b = await multipart(server, path, { name: 'Beta manual', file: { data: pdf(20_000), filename: 'b.pdf' } }, lister.token);
      const c = await multipart(server, path, { name: 'Gamma chart', file: { data: await jpeg(320, 180), filename: 'c.jpg' } }, lister.token);
      const moduleId = await insertModule(server, other.id, { name: 'Tagged' });
      await server.api.post(`${path}/${c.body.data.id}/modules`, { modules: [moduleId] }, { token: lister.token });
      const { topicId } = await insertTree(server, other.id);
      await insertItem(server, other.id, topicId, { type: 'pdf', mediaId: b.body.data.id });

      const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);
      const all = await server.api.get(path, { token: lister.token });
      // Newest first, as the picker lists them (issue 14): a new upload lands on the first page.
      expect(names(all.body)).toEqual(['Gamma chart', 'Beta manual', 'Alpha chart']);
      expect(all.body.meta).toMatchObject({ total: 3, order: 'created', desc: true });
      expect(names((await server.api.get(`${path}?order=created`, { token: lister.token })).body)).toEqual(['Alpha chart', 'Beta manual', 'Gamma chart']);
      // Lists leave the uses out (the contract); a single read counts them.
      expect(all.body.data[1]).not.toHaveProperty('items_count');
      expect(all.body.data[1].name).toBe('Beta manual');
      expect((await server.api.get(`${path}/${b.body.data.id}`, { token: lister.token })).body.data.items_count).toBe(1);
      expect(all.body.data[0].modules).toEqual([{ id: moduleId, name: 'Tagged' }]);
      expect(names((await server.api.get(`${path}?type=image`, { token: lister.token })).body)).toEqual(['Gamma chart', 'Alpha chart']);
      expect(names((await server.api.get(`${path}?module=${moduleId}`, { token: lister.token })).body)).toEqual(['Gamma chart']);
      expect(names((await server.api.get(`${path}?search=CHART&order=name&desc=1`, { token: lister.token })).body)).toEqual(['Gamma chart', 'Alpha chart']);
      expect(names((await server.api.get(`${path}?order=size&desc=true`, { token: lister.token })).body)[0]).toBe('Beta manual');
      expect(a.status).toBe(201);
    });

    it('pages through ties in either direction without overlap, each page sorted, the total on every page', async () => {
      const other = await insertTenant(server);
      const lister = await person(server, { tenantId: other.id, role: 'admin' });
      // Seven files of two types: a sort by type is mostly ties, broken by id.
      for (let index = 0; index < 7; index += 1)
        await insertMediaRow(server, other.id, { name: `Tie ${index}`, ...(index % 3 === 0 ? { type: 'pdf', mimeType: 'application/pdf' } : {}) });
      for (const desc of [false, true]) {
        const seen: { id: string; type: string }[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const answer = await server.api.get(`/tenants/${other.id}/media?order=type&desc=${desc}&per_page=3&page=${page}`, { token: lister.token });
          expect(answer.body.meta).toMatchObject({ total: 7, last_page: 3, current_page: page });
          seen.push(...answer.body.data.map((row: { id: string; type: string }) => ({ id: row.id, type: row.type })));
        }
        const byTypeThenId = [...seen].sort((x, y) => (x.type === y.type ? (x.id < y.id ? -1 : 1) : x.type < y.type ? -1 : 1));
        expect(seen).toEqual(desc ? byTypeThenId.reverse() : byTypeThenId);
        expect(new Set(seen.map((row) => row.id)).size).toBe(7);
      }
    });

    it('costs the same queries for a page of 1 file as for 12, with their modules', async () => {
      const moduleId = await insertModule(server, tenant.id);
      for (let index = 0; index < 12; index += 1) {
        const id = await insertMediaRow(server, tenant.id, { name: `Counted ${index}` });
        await server.app.knex('module_media').insert({ module_id: moduleId, media_id: id, created_at: new Date() });
      }
      const page = await server.api.get(`${t()}/media?search=counted&per_page=12`, { token: admin.token });
      expect(page.body.data.every((file: { modules: unknown[] }) => file.modules.length === 1)).toBe(true);
      // The page's rows with the total (a file's columns are plain: one query), and the modules of its files.
      const path = (size: number) => `${t()}/media?search=counted&per_page=${size}`;
      expect(await expectFlatListQueries(server, { operation: 'listMedia', path, token: admin.token, rows: 12 })).toBe(2);
    });

    it('renames (JSON or multipart), replaces a file and deletes the old one', async () => {
      const created = await upload({ name: 'Before', file: { data: await png(320, 180), filename: 'a.png' } });
      const id = created.body.data.id;
      const renamed = await server.api.post(`${t()}/media/${id}`, { name: 'After' }, { token: admin.token });
      expect(renamed.body.data).toMatchObject({ name: 'After', width: 320 });
      const blank = await server.api.post(`${t()}/media/${id}`, { name: ' ' }, { token: admin.token });
      expect(blank.body.errors).toEqual({ name: ['The name field is required.'] });

      const filesBefore = storedFiles(mediaRoot);
      const replaced = await multipart(
        server,
        `${t()}/media/${id}`,
        { name: 'Replaced', file: { data: await jpeg(480, 270), filename: 'b.jpg' } },
        admin.token,
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({ name: 'Replaced', mime_type: 'image/jpeg', width: 480, height: 270, type: 'image' });
      expect(storedFiles(mediaRoot).length).toBe(filesBefore.length);
      expect((await fetchSigned(server, created.body.data.url)).status).toBe(200);

      const wrongKind = await multipart(server, `${t()}/media/${id}`, { file: { data: pdf(5_000), filename: 'c.pdf' } }, admin.token);
      expect(wrongKind.status).toBe(406);
      expect((await server.api.get(`${t()}/media/${id}`, { token: admin.token })).body.data.mime_type).toBe('image/jpeg');
    });

    it('replaces a video thumbnail and keeps it when only the video is replaced', async () => {
      const created = await upload({
        name: 'Video',
        file: { data: mp4(20_000), filename: 'v.mp4' },
        thumbnail: { data: await png(320, 180), filename: 't.png' },
      });
      const id = created.body.data.id;
      const thumbOnly = await multipart(server, `${t()}/media/${id}`, { thumbnail: { data: await jpeg(320, 180), filename: 't.jpg' } }, admin.token);
      expect((await fetchSigned(server, thumbOnly.body.data.thumbnail.url)).headers.get('content-type')).toBe('image/jpeg');
      const videoOnly = await multipart(server, `${t()}/media/${id}`, { file: { data: mp4(30_000), filename: 'v2.mp4' } }, admin.token);
      expect(videoOnly.body.data).toMatchObject({ size: 30_000 });
      expect((await fetchSigned(server, videoOnly.body.data.thumbnail.url)).headers.get('content-type')).toBe('image/jpeg');
    });

    it('tags modules (422 for unknown ids) and deletes, leaving items and main images without it', async () => {
      const created = await upload({ name: 'Doomed', file: { data: await png(320, 180), filename: 'a.png' } });
      const id = created.body.data.id;
      const unknown = await server.api.post(`${t()}/media/${id}/modules`, { modules: ['0190a0a0-0000-7000-8000-000000000000'] }, { token: admin.token });
      expect(unknown.body.errors).toEqual({ modules: ['The selected modules is invalid.'] });
      const moduleId = await insertModule(server, tenant.id);
      await server.app.knex('modules').where('id', moduleId).update({ image_id: id });
      const { topicId } = await insertTree(server, tenant.id);
      const itemId = await insertItem(server, tenant.id, topicId, { type: 'image', mediaId: id });

      const filesBefore = storedFiles(mediaRoot).length;
      expect((await del(server, `${t()}/media/${id}`, admin.token)).status).toBe(204);
      expect(storedFiles(mediaRoot).length).toBe(filesBefore - 2);
      expect((await server.app.knex('modules').where('id', moduleId).first()).image_id).toBeNull();
      expect((await server.app.knex('items').where('id', itemId).first()).media_id).toBeNull();
      expect((await server.api.get(`${t()}/media/${id}`, { token: admin.token })).status).toBe(404);
      expect((await fetchSigned(server, created.body.data.url)).status).toBe(404);
    });

    it("answers 404 for another organization's media", async () => {
      const other = await insertTenant(server);
      const stranger = await person(server, { tenantId: other.id, role: 'admin' });
      const theirs = await multipart(
        server,
        `/tenants/${other.id}/media`,
        { name: 'Theirs', file: { data: await png(320, 180), filename: 'a.png' } },
        stranger.token,
      );
      expect((await server.api.get(`${t()}/media/${theirs.body.data.id}`, { token: admin.token })).status).toBe(404);
      expect((await del(server, `${t()}/media/${theirs.body.data.id}`, admin.token)).status).toBe(404);
      expect((await multipart(server, `${t()}/media/${theirs.body.data.id}`, { name: 'Mine now' }, admin.token)).status).toBe(404);
    });
  });

  it('answers the configured limits in /config', async () => {
    const config = await server.api.get('/config');
    expect(config.body.data.image).toEqual(TEST_LIMITS.image);
    expect(config.body.data.file_sizes).toEqual(TEST_LIMITS.file_sizes);
    expect(DEFAULT_MEDIA_LIMITS.file_sizes.video.max_size).toBe(2_000_000);
  });
});
