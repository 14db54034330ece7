/**
 * A video's WebVTT captions tracks (issue 15): uploaded on a video of the media library (authors only), checked from
 * their bytes (the WebVTT signature, whatever the name) and against the caption size limit, one per language,
 * carried by the media answers and a topic's items (one query for every listed video), served as text/vtt through
 * the signed file route, and deleted with their file (also when the video goes). A refused upload stores nothing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/media/orphans.js';
import { insertItem, insertMediaRow, insertTree } from './support/content.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { countQueries } from './support/query-counts.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { fetchSigned, mediaTestConfig, multipart, storedFiles, type FormParts } from './support/uploads.js';
import { jpeg, mp4, text } from './fixtures/media.js';

const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the harbour.\n');
const VTT_WITH_BOM = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('WEBVTT - Portuguese\r\n\r\n00:00.000 --> 00:02.000\nBem-vindo.\r\n')]);

describe.each(databaseKinds)('media captions on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let admin: Person;
  let master: Person;
  let learner: Person;
  let outsider: Person;
  let mediaRoot: string;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    mediaRoot = join(context.dataDir, 'media');
    tenant = await insertTenant(server);
    other = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    master = await person(server, { tenantId: tenant.id, role: 'master' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
    outsider = await person(server, { tenantId: other.id, role: 'admin' });
  });
  afterAll(() => context.cleanup());

  const t = () => `/tenants/${tenant.id}`;
  const captionsPath = (mediaId: string) => `${t()}/media/${mediaId}/captions`;
  const vtt = (data = VTT, filename = 'captions.vtt') => ({ data, filename, type: 'text/vtt' });
  const addCaption = (mediaId: string, parts: FormParts, token = admin.token) => multipart(server, captionsPath(mediaId), parts, token);
  const captionRows = async () => Number((await server.app.knex('media_captions').count({ n: '*' }))[0].n);

  async function video(name = 'Walkthrough'): Promise<string> {
    const created = await multipart(
      server,
      `${t()}/media`,
      { name, type: 'video', file: { data: mp4(20_000), filename: 'walk.mp4' }, thumbnail: { data: await jpeg(320, 180), filename: 'walk.jpg' } },
      admin.token,
    );
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  /** A refused upload: the answer, with no row and no file left behind. */
  async function refused(mediaId: string, parts: FormParts, token = admin.token) {
    const [rowsBefore, filesBefore] = [await captionRows(), storedFiles(mediaRoot)];
    const answer = await addCaption(mediaId, parts, token);
    expect(await captionRows()).toBe(rowsBefore);
    expect(storedFiles(mediaRoot)).toEqual(filesBefore);
    return answer;
  }

  it('uploads a track, carries it on the media answers and serves it as text/vtt', async () => {
    const mediaId = await video();
    const created = await addCaption(mediaId, { file: vtt(), language: 'en', label: 'English', is_default: '1' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ language: 'en', label: 'English', is_default: true });

    const one = await server.api.get(`${t()}/media/${mediaId}`, { token: admin.token });
    expect(one.body.data.captions).toEqual([created.body.data]);
    const list = await server.api.get(`${t()}/media?type=video&paginate=false`, { token: admin.token });
    expect(list.body.data.find((row: { id: string }) => row.id === mediaId).captions).toEqual([created.body.data]);

    const file = await fetchSigned(server, created.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await file.arrayBuffer()).equals(VTT)).toBe(true);
    // The signature covers the track: another track id with the same signature is refused.
    const tampered = created.body.data.url.replace(created.body.data.id, '0194f2c4-0000-7000-8000-000000000099');
    expect((await fetchSigned(server, tampered)).status).toBe(403);
  });

  it('takes a byte order mark, stores the language tag canonical, and moves the default flag', async () => {
    const mediaId = await video();
    const first = await addCaption(mediaId, { file: vtt(), language: 'en', label: 'English', is_default: 'true' });
    const second = await addCaption(mediaId, { file: vtt(VTT_WITH_BOM, 'pt.txt'), language: 'pt-br', label: 'Português', is_default: '1' });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ language: 'pt-BR', is_default: true });
    const one = await server.api.get(`${t()}/media/${mediaId}`, { token: admin.token });
    expect(one.body.data.captions.map((caption: { language: string; is_default: boolean }) => [caption.language, caption.is_default])).toEqual([
      ['en', false],
      ['pt-BR', true],
    ]);
    expect(first.status).toBe(201);
  });

  it('refuses bytes that are not WebVTT, whatever the name, and a file over the limit, storing nothing', async () => {
    const mediaId = await video();
    const notVtt = await refused(mediaId, {
      file: vtt(Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n'), 'captions.vtt'),
      language: 'en',
      label: 'English',
    });
    expect(notVtt.status).toBe(422);
    expect(notVtt.body).toMatchObject({
      code: 'validation_failed',
      errors: { file: ['The captions file must be a WebVTT file (its text starts with WEBVTT).'] },
    });
    const lookalike = await refused(mediaId, { file: vtt(Buffer.from('WEBVTTX\n'), 'captions.vtt'), language: 'en', label: 'English' });
    expect(lookalike.body.errors.file).toEqual(['The captions file must be a WebVTT file (its text starts with WEBVTT).']);
    const large = await refused(mediaId, { file: vtt(Buffer.concat([VTT, text(3_000)])), language: 'en', label: 'English' });
    expect(large.status).toBe(422);
    expect(large.body.errors.file[0]).toMatch(/^The file size is approximately 3 KB\. The caption must be between 0 KB and 2 KB/);
  });

  it('answers every failing field at once: the file, the language tag and the label', async () => {
    const mediaId = await video();
    const answer = await refused(mediaId, { language: 'not a tag!', label: '' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      file: ['The file field is required.'],
      language: ['The language must be a language tag such as en or pt-BR.'],
      label: ['The label field is required.'],
    });
    const stored = await refused(mediaId, { file: vtt(), language: 'en-', label: 'English' });
    expect(stored.body.errors).toEqual({ language: ['The language must be a language tag such as en or pt-BR.'] });
  });

  it('refuses a second track in the same language (compared canonical)', async () => {
    const mediaId = await video();
    expect((await addCaption(mediaId, { file: vtt(), language: 'pt-BR', label: 'Português' })).status).toBe(201);
    const again = await refused(mediaId, { file: vtt(), language: 'PT-br', label: 'Português (2)' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ language: ['This video already has captions in this language.'] });
    // The same language on another video is fine.
    expect((await addCaption(await video(), { file: vtt(), language: 'pt-BR', label: 'Português' })).status).toBe(201);
  });

  it('refuses captions on a file that is not a video', async () => {
    const imageId = await insertMediaRow(server, tenant.id, { type: 'image' });
    const answer = await refused(imageId, { file: vtt(), language: 'en', label: 'English' });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'validation_failed', errors: { media: ['Captions can only be added to a video.'] } });
    const one = await server.api.get(`${t()}/media/${imageId}`, { token: admin.token });
    expect(one.body.data.captions).toBeUndefined();
  });

  it("deletes a track with its file, and a video with its tracks' files", async () => {
    const mediaId = await video();
    const created = await addCaption(mediaId, { file: vtt(), language: 'en', label: 'English' });
    await addCaption(mediaId, { file: vtt(), language: 'fr', label: 'Français' });
    const filesBefore = storedFiles(mediaRoot).length;

    const deleted = await del(server, `${captionsPath(mediaId)}/${created.body.data.id}`, master.token);
    expect(deleted.status).toBe(204);
    expect(storedFiles(mediaRoot).length).toBe(filesBefore - 1);
    expect((await fetchSigned(server, created.body.data.url)).status).toBe(404);
    expect((await del(server, `${captionsPath(mediaId)}/${created.body.data.id}`, admin.token)).status).toBe(404);
    const one = await server.api.get(`${t()}/media/${mediaId}`, { token: admin.token });
    expect(one.body.data.captions.map((caption: { language: string }) => caption.language)).toEqual(['fr']);

    // The video, its thumbnail and its remaining track go together.
    expect((await del(server, `${t()}/media/${mediaId}`, admin.token)).status).toBe(204);
    expect(storedFiles(mediaRoot).length).toBe(filesBefore - 1 - 3);
    expect(await server.app.knex('media_captions').where('media_id', mediaId).first()).toBeUndefined();
  });

  it("keeps tracks' files from the orphan sweep", async () => {
    const mediaId = await video();
    await addCaption(mediaId, { file: vtt(), language: 'de', label: 'Deutsch' });
    const before = storedFiles(mediaRoot);
    await sweepOrphanFiles(server.app.services, { graceMs: 0, now: new Date(Date.now() + 1000) });
    expect(storedFiles(mediaRoot)).toEqual(before);
  });

  it("lets only authors upload and delete; another organization's video is not found", async () => {
    const mediaId = await video();
    const created = await addCaption(mediaId, { file: vtt(), language: 'en', label: 'English' });
    expect((await refused(mediaId, { file: vtt(), language: 'es', label: 'Español' }, learner.token)).status).toBe(403);
    expect((await del(server, `${captionsPath(mediaId)}/${created.body.data.id}`, learner.token)).status).toBe(403);
    expect((await del(server, `${captionsPath(mediaId)}/${created.body.data.id}`)).status).toBe(401);

    // An admin of another organization: 404 through their own organization and through this one.
    const foreign = await refused(mediaId, { file: vtt(), language: 'es', label: 'Español' }, outsider.token);
    expect(foreign.status).toBe(404);
    const throughOwn = await multipart(
      server,
      `/tenants/${other.id}/media/${mediaId}/captions`,
      { file: vtt(), language: 'es', label: 'Español' },
      outsider.token,
    );
    expect(throughOwn.status).toBe(404);
    expect((await del(server, `/tenants/${other.id}/media/${mediaId}/captions/${created.body.data.id}`, outsider.token)).status).toBe(404);
    expect((await del(server, `${captionsPath(mediaId)}/${created.body.data.id}`, outsider.token)).status).toBe(404);
    // A track is reached only through its own video.
    expect((await del(server, `${captionsPath(await video())}/${created.body.data.id}`, admin.token)).status).toBe(404);
    expect(await server.app.knex('media_captions').where('id', created.body.data.id).first()).toBeDefined();
  });

  it("carries a video item's tracks to the learner on the topic's items", async () => {
    const mediaId = await video();
    const caption = await addCaption(mediaId, { file: vtt(), language: 'en', label: 'English', is_default: '1' });
    const { topicId } = await insertTree(server, tenant.id, [learner.membershipId as string]);
    const row = await insertItem(server, tenant.id, topicId, { type: 'row', text: 'Watch' });
    await insertItem(server, tenant.id, topicId, { type: 'video', rowId: row, mediaId, text: null });
    const items = await server.api.get(`${t()}/topics/${topicId}/items`, { token: learner.token });
    expect(items.status).toBe(200);
    const media = items.body.data[0].children[0].media[0];
    expect(media.captions).toEqual([caption.body.data]);
    const file = await fetchSigned(server, media.captions[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/vtt/);
  });

  it("reads every listed video's tracks in one query: the same number for 1 video as for 8", async () => {
    const queriesFor = (path: string, token: string) =>
      countQueries(server, async () => {
        expect((await server.api.get(path, { token })).status).toBe(200);
      });
    const fresh = await insertTenant(server);
    const author = await person(server, { tenantId: fresh.id, role: 'admin' });
    const viewer = await person(server, { tenantId: fresh.id, role: 'user' });
    const { topicId } = await insertTree(server, fresh.id, [viewer.membershipId as string]);
    const row = await insertItem(server, fresh.id, topicId, { type: 'row', text: 'Videos' });
    const addVideo = async (position: number) => {
      const mediaId = await insertMediaRow(server, fresh.id, { type: 'video', mimeType: 'video/mp4' });
      await server.app.knex('media_captions').insert(
        ['en', 'fr'].map((language) => ({
          id: `0194f2c4-0000-7000-8000-${String(position).padStart(10, '0')}${language === 'en' ? '01' : '02'}`,
          tenant_id: fresh.id,
          media_id: mediaId,
          language,
          label: language,
          is_default: language === 'en',
          storage_key: `${fresh.id}/${mediaId}/${language}.vtt`,
          size: 10,
        })),
      );
      await insertItem(server, fresh.id, topicId, { type: 'video', rowId: row, mediaId, text: null, position });
    };
    const list = `/tenants/${fresh.id}/media?per_page=100`;
    const items = `/tenants/${fresh.id}/topics/${topicId}/items`;
    await addVideo(0);
    const [listOne, itemsOne] = [await queriesFor(list, author.token), await queriesFor(items, viewer.token)];
    for (let position = 1; position < 8; position += 1) await addVideo(position);
    expect(await queriesFor(list, author.token)).toBe(listOne);
    expect(await queriesFor(items, viewer.token)).toBe(itemsOne);
    const answer = await server.api.get(list, { token: author.token });
    expect(answer.body.data).toHaveLength(8);
    for (const media of answer.body.data) expect(media.captions.map((caption: { language: string }) => caption.language)).toEqual(['en', 'fr']);
  });
});
