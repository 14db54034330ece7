/**
 * Bioreq documents (issue 13): uploads streamed to private storage and typed from their bytes, the reviewers' and
 * the uploader's lists, signed short-lived downloads with an access log (a reviewer's download starts the review),
 * the verdict once with its message mailed to the uploader, the note with its history, cancelling before review,
 * the `enable_bioreq` gate and retention. Every answer is checked against the contract by the test clients.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bioreqTypeMessage, noteMessage } from '@tessera/sdk/rules';
import { purgeExpiredBioreqFiles } from '../src/features/bioreq/retention.js';
import { sweepOrphanFiles } from '../src/features/media/orphans.js';
import { databaseKinds, jobsSettled, readOutbox, startTestServer, type TestContext, type TestServer, waitForMail } from './support/server.js';
import { del, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { mediaTestConfig, storedFiles } from './support/uploads.js';
import { pdfBytes, pdfPart, pngBytes, uploadBioreq, uploadDocument } from './support/bioreq.js';

describe.each(databaseKinds)('bioreq on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let master: Person;
  let admin: Person;
  let learner: Person;
  let otherLearner: Person;
  let owner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    tenant = await insertTenant(server, { enableBioreq: true });
    owner = await person(server, { owner: true, name: 'Olive Owner' });
    master = await person(server, { tenantId: tenant.id, role: 'master', name: 'Mia Master' });
    admin = await person(server, { tenantId: tenant.id, role: 'admin', name: 'Adam Admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lena Learner' });
    otherLearner = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lars Learner' });
  });
  afterAll(() => context.cleanup());

  const base = (tenantId = tenant.id) => `/tenants/${tenantId}/bioreq`;
  const get = (path: string, token: string) => server.api.get(path, { token });
  const stored = () => storedFiles(join(server.dataDir, 'media'));
  const documents = async () => Number(((await server.app.knex('bioreq_documents').count({ total: '*' }).first()) as { total: number | string }).total);
  const handOut = (id: string, token: string) => get(`${base()}/${id}/download`, token);
  /** The signed URL, on the test server (PUBLIC_URL is a name that does not resolve here). */
  const local = (url: string) => {
    const parsed = new URL(url);
    return new URL(`${server.url}${parsed.pathname}${parsed.search}`);
  };
  /** A download as the portal makes one: the signed URL handed out, then the file fetched through it. */
  const download = async (id: string, token: string) => {
    const answer = await handOut(id, token);
    if (answer.status === 200) expect((await fetch(local(answer.body.data.url))).status).toBe(200);
    return answer;
  };
  const decide = (id: string, body: unknown, token = admin.token) => server.api.post(`${base()}/${id}/match`, body, { token });

  describe('uploading', () => {
    it('a learner uploads a pdf: 201, the uploader recorded, pending, the file in private storage', async () => {
      const before = stored().length;
      const response = await uploadBioreq(server, tenant.id, learner.token, { title: ' Passport ', description: 'Scan of page 2', file: pdfPart(3000) });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({
        title: 'Passport',
        description: 'Scan of page 2',
        mime_type: 'application/pdf',
        kind: 'pdf',
        size: 3000,
        status: 'pending',
        processed: false,
        message: null,
        submitter: { id: learner.user.id, name: 'Lena Learner' },
        reviewer: null,
        downloaded_at: null,
        abilities: { download: true, cancel: true, decide: false, write_notes: false, read_access_log: false },
      });
      expect(response.body.data).not.toHaveProperty('url');
      expect(response.body.data).not.toHaveProperty('path');
      expect(stored()).toHaveLength(before + 1);
      const row = await server.app.knex('bioreq_documents').where('id', response.body.data.id).first();
      expect(row).toMatchObject({ tenant_id: tenant.id, tenant_user_id: learner.membershipId, status: 'pending' });
      expect(row.storage_key).toMatch(new RegExp(`^${tenant.id}/${response.body.data.id}/[0-9a-f-]+\\.pdf$`));
    });

    it('an image is typed from its bytes whatever its name says', async () => {
      const response = await uploadBioreq(server, tenant.id, learner.token, {
        title: 'Photo',
        description: 'Face photo',
        file: { data: await pngBytes(), filename: 'photo.pdf', type: 'application/pdf' },
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ mime_type: 'image/png', kind: 'image' });
    });

    it.each([
      ['no title or description', { file: pdfPart() }, 422, { title: ['The title field is required.'], description: ['The description field is required.'] }],
      ['a blank title', { title: '   ', description: 'd', file: pdfPart() }, 422, { title: ['The title field is required.'] }],
      [
        'a title of 10,000 characters',
        { title: 'x'.repeat(10_000), description: 'd', file: pdfPart() },
        422,
        { title: ['The title may not be greater than 255 characters.'] },
      ],
      ['no file', { title: 'T', description: 'd' }, 422, { file: ['The file field is required.'] }],
      [
        'a text file named .pdf',
        {
          title: 'T',
          description: 'd',
          file: { data: Buffer.from('just some text, not a pdf at all\n'.repeat(100)), filename: 'fake.pdf', type: 'application/pdf' },
        },
        406,
        { file: [bioreqTypeMessage()] },
      ],
      ['a 1-byte file', { title: 'T', description: 'd', file: { data: Buffer.from('%'), filename: 'one.pdf' } }, 406, { file: [bioreqTypeMessage()] }],
      [
        'a pdf under the least size',
        { title: 'T', description: 'd', file: pdfPart(200) },
        422,
        { file: [expect.stringMatching(/^The file size is approximately 0 KB\. The pdf must be between 1 KB and 100 KB/)] },
      ],
      [
        'an oversized pdf',
        { title: 'T', description: 'd', file: pdfPart(150_000) },
        422,
        { file: [expect.stringMatching(/The pdf must be between 1 KB and 100 KB/)] },
      ],
    ])('%s: refused with field errors, nothing stored', async (_name, parts, status, errors) => {
      const files = stored().length;
      const rows = await documents();
      const response = await uploadBioreq(server, tenant.id, learner.token, parts);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.errors).toEqual(errors);
      expect(stored()).toHaveLength(files);
      expect(await documents()).toBe(rows);
    });

    it('the owner without a membership may not upload (403); JSON instead of multipart is 415', async () => {
      expect((await uploadBioreq(server, tenant.id, owner.token, { title: 'T', description: 'd', file: pdfPart() })).status).toBe(403);
      expect((await server.api.post(base(), { title: 'T', description: 'd' }, { token: learner.token })).status).toBe(415);
    });
  });

  describe('lists', () => {
    let mine: string;
    let theirs: string;
    beforeAll(async () => {
      mine = await uploadDocument(server, tenant.id, learner.token, 'Zebra card');
      theirs = await uploadDocument(server, tenant.id, otherLearner.token, 'Alpha card');
    });

    it('reviewers list every document; search by title; order and meta', async () => {
      const response = await get(`${base()}?paginate=true&processed=false&search=card&order=title`, admin.token);
      expect(response.status).toBe(200);
      expect(response.body.data.map((row: { id: string }) => row.id)).toEqual([theirs, mine]);
      expect(response.body.meta).toMatchObject({ current_page: 1, total: 2, order: 'title', desc: false, search: 'card' });
      expect((await get(`${base()}?processed=true&search=card`, admin.token)).body.data).toEqual([]);
    });

    it('reviewers sort by the submitter either way, each row with its people', async () => {
      const names = async (desc: boolean) =>
        (await get(`${base()}?paginate=true&processed=false&search=card&order=uploaded_by&desc=${desc}`, admin.token)).body.data.map(
          (row: { submitter: { name: string } }) => row.submitter.name,
        );
      const ascending = await names(false);
      expect(ascending).toHaveLength(2);
      expect(ascending).toEqual([...ascending].sort((one, other) => one.toLowerCase().localeCompare(other.toLowerCase())));
      expect(new Set(ascending).size).toBe(2);
      expect(await names(true)).toEqual([...ascending].reverse());
    });

    it('the total, counted apart and kept, follows every upload and cancel at once', async () => {
      const total = async () => (await get(`${base()}?paginate=true&processed=false&search=card&per_page=1`, admin.token)).body.meta.total as number;
      expect(await total()).toBe(2);
      expect(await total()).toBe(2);
      const added = await uploadDocument(server, tenant.id, learner.token, 'Library card');
      expect(await total()).toBe(3);
      expect((await del(server, `${base()}/${added}`, learner.token)).status).toBe(204);
      expect(await total()).toBe(2);
    });

    it("the uploader's list holds only their own; a learner may not list everyone's (403)", async () => {
      const own = await get(`${base()}/user?paginate=true&search=card`, learner.token);
      expect(own.body.data.map((row: { id: string }) => row.id)).toEqual([mine]);
      expect((await get(base(), learner.token)).status).toBe(403);
    });

    it("a learner never sees another learner's document (404), nor its download, notes or cancel", async () => {
      for (const path of ['', '/download', '/notes']) expect((await get(`${base()}/${theirs}${path}`, learner.token)).status).toBe(404);
      expect((await del(server, `${base()}/${theirs}`, learner.token)).status).toBe(404);
      const row = await server.app.knex('bioreq_documents').where('id', theirs).first();
      expect(row.status).toBe('pending');
      expect(await server.app.knex('bioreq_downloads').where('document_id', theirs)).toEqual([]);
    });
  });

  describe('review', () => {
    it('the uploader downloads their own file: logged, the status unchanged; the file is an attachment named after the title', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Vaccination record');
      const answer = await handOut(id, learner.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ file_name: 'Vaccination record.pdf', mime_type: 'application/pdf' });
      const file = await fetch(local(answer.body.data.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="Vaccination record.pdf"');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes())).toBe(true);
      expect((await get(`${base()}/${id}`, learner.token)).body.data).toMatchObject({ status: 'pending', reviewer: null });
      const log = await get(`${base()}/${id}/access-log`, master.token);
      expect(log.body.data).toEqual([
        { id: expect.any(String), user: expect.objectContaining({ id: learner.user.id }), ip: expect.any(String), downloaded_at: expect.any(String) },
      ]);
    });

    it('logs each fetch of the file, not each URL handed out; a URL never used starts no review', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Fetched twice');
      const log = async () => (await get(`${base()}/${id}/access-log`, master.token)).body.data as { user: { id: string } }[];
      const handed = await handOut(id, admin.token);
      expect(handed.status).toBe(200);
      // Handed out but not fetched (a page that blocked it, a closed tab): nobody has the document yet.
      expect(await log()).toEqual([]);
      expect((await get(`${base()}/${id}`, admin.token)).body.data).toMatchObject({ status: 'pending', reviewer: null });
      const url = local(handed.body.data.url);
      expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
      expect(await log()).toEqual([]);
      for (let i = 0; i < 2; i += 1) expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(pdfBytes())).toBe(true);
      expect((await log()).map((line) => line.user.id)).toEqual([admin.user.id, admin.user.id]);
      expect((await get(`${base()}/${id}`, admin.token)).body.data).toMatchObject({ status: 'underreview', reviewer: { id: admin.user.id } });
    });

    it('a signed URL is for its document alone: a tampered one, another document, or no signature is 403', async () => {
      const a = await uploadDocument(server, tenant.id, learner.token, 'A');
      const b = await uploadDocument(server, tenant.id, learner.token, 'B');
      const url = local((await handOut(a, learner.token)).body.data.url);
      const tampered = new URL(url);
      tampered.searchParams.set('signature', `${url.searchParams.get('signature')?.slice(0, -2)}xx`);
      const otherDocument = new URL(url.toString().replace(a, b));
      const otherUser = new URL(url);
      otherUser.searchParams.set('user', admin.user.id);
      const bare = new URL(url);
      bare.search = '';
      for (const bad of [tampered, otherDocument, otherUser, bare]) {
        const response = await fetch(bad);
        expect(response.status, bad.toString()).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'invalid_signature' });
      }
    });

    it('a reviewer downloads: the review starts; match needs a message and is mailed to the uploader; a second verdict is 409', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Driving licence');
      expect((await decide(id, { match: true, message: 'Looks right' })).body).toMatchObject({ code: 'not_under_review' });
      expect((await decide(id, { match: true, message: 'Looks right' })).status).toBe(409);
      const answer = await download(id, admin.token);
      expect(answer.status).toBe(200);
      const reviewed = (await get(`${base()}/${id}`, learner.token)).body.data;
      expect(reviewed).toMatchObject({
        status: 'underreview',
        reviewer: { id: admin.user.id },
        downloaded_at: expect.any(String),
        abilities: { cancel: false },
      });
      // A second reviewer's download is logged, the first reviewer stays.
      await download(id, master.token);
      expect((await get(`${base()}/${id}`, admin.token)).body.data).toMatchObject({ reviewer: { id: admin.user.id }, downloaded_at: reviewed.downloaded_at });
      expect((await get(`${base()}/${id}/access-log`, master.token)).body.data).toHaveLength(2);

      const missing = await decide(id, { match: true });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ message: ['The message field is required.'] });
      expect((await decide(id, { match: true, message: 'x' }, learner.token)).status).toBe(403);

      const decided = await decide(id, { match: 1, message: 'Your licence matches our records.' });
      expect(decided.status).toBe(200);
      expect(decided.body.data).toMatchObject({
        status: 'match',
        processed: true,
        message: 'Your licence matches our records.',
        decided_by: { id: admin.user.id },
      });
      const mail = await waitForMail(server.dataDir, learner.user.email, { subject: /Driving licence/ });
      expect(mail.text).toContain('Your licence matches our records.');
      expect(mail.text).toContain(`/${tenant.slug}/bioreq`);

      const again = await decide(id, { match: false }, master.token);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'already_decided' });
      const own = await get(`${base()}/user?processed=true`, learner.token);
      expect(own.body.data.find((row: { id: string }) => row.id === id)).toMatchObject({ status: 'match', message: 'Your licence matches our records.' });
    });

    it('no match takes an optional reason, also mailed', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Blurry scan');
      await download(id, master.token);
      const response = await decide(id, { match: false, message: 'The scan is unreadable.' }, master.token);
      expect(response.body.data).toMatchObject({ status: 'nomatch', message: 'The scan is unreadable.' });
      expect((await waitForMail(server.dataDir, learner.user.email, { subject: /Blurry scan/ })).text).toContain('The scan is unreadable.');
      const plain = await uploadDocument(server, tenant.id, learner.token, 'No reason');
      await download(plain, master.token);
      expect((await decide(plain, { match: '0' }, master.token)).body.data).toMatchObject({ status: 'nomatch', message: null });
    });

    it('a reviewer may not decide on a document they uploaded (403 own_document)', async () => {
      const id = await uploadDocument(server, tenant.id, admin.token, 'Admin own');
      await download(id, master.token);
      const response = await decide(id, { match: true, message: 'Mine' }, admin.token);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'own_document' });
      expect((await get(`${base()}/${id}`, admin.token)).body.data.status).toBe('underreview');
    });
  });

  describe('cancelling', () => {
    it('the uploader cancels a pending document: row and file gone', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'To cancel');
      const { storage_key: key } = await server.app.knex('bioreq_documents').where('id', id).first();
      expect(stored()).toContain(join(server.dataDir, 'media', key));
      expect((await del(server, `${base()}/${id}`, admin.token)).status).toBe(403);
      expect((await del(server, `${base()}/${id}`, learner.token)).status).toBe(204);
      expect(await server.app.knex('bioreq_documents').where('id', id).first()).toBeUndefined();
      expect(stored()).not.toContain(join(server.dataDir, 'media', key));
      expect((await get(`${base()}/${id}`, learner.token)).status).toBe(404);
    });

    it('once the review started, 409 review_started and nothing changes', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Too late');
      await download(id, admin.token);
      const response = await del(server, `${base()}/${id}`, learner.token);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'review_started' });
      expect(await server.app.knex('bioreq_documents').where('id', id).first()).toBeDefined();
    });
  });

  describe('notes', () => {
    it('a reviewer adds the note (201), edits it (200) keeping the history; the uploader reads both, display-only', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Noted');
      const notes = `${base()}/${id}/notes`;
      expect((await get(notes, admin.token)).body.data).toEqual([]);
      for (const note of ['too short', 'x'.repeat(1001), '', 42]) {
        const bad = await server.api.post(notes, { note }, { token: admin.token });
        expect(bad.status).toBe(422);
        expect(bad.body.errors).toEqual({ note: [note === 42 ? 'The note must be a string.' : noteMessage] });
      }
      const created = await server.api.post(notes, { note: 'First look: the photo page is clear.' }, { token: admin.token });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ note: 'First look: the photo page is clear.', author: { id: admin.user.id } });
      const noteId = created.body.data.id;
      expect((await server.api.post(notes, { note: 'A second first note' }, { token: master.token })).status).toBe(409);

      const updated = await server.api.post(`${notes}/${noteId}`, { note: 'Checked against the register: fine.' }, { token: master.token });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: noteId, note: 'Checked against the register: fine.', author: { id: master.user.id } });

      const read = await get(notes, learner.token);
      expect(read.body.data.map((note: { note: string }) => note.note)).toEqual(['Checked against the register: fine.']);
      const history = await get(`${notes}/${noteId}/history`, learner.token);
      expect(history.status).toBe(200);
      expect(history.body.data).toEqual([
        expect.objectContaining({ note: 'First look: the photo page is clear.', author: expect.objectContaining({ id: admin.user.id }) }),
      ]);

      expect((await server.api.post(`${notes}/${noteId}`, { note: 'The uploader writes here' }, { token: learner.token })).status).toBe(403);
      expect((await server.api.post(notes, { note: 'The uploader writes here' }, { token: learner.token })).status).toBe(403);
      const otherId = await uploadDocument(server, tenant.id, otherLearner.token, 'Other');
      expect((await get(`${base()}/${otherId}/notes/${noteId}/history`, admin.token)).status).toBe(404);
    });
  });

  describe('the enable_bioreq gate', () => {
    it('every bioreq call answers 403 bioreq_disabled while the organization has it off', async () => {
      const off = await insertTenant(server);
      const member = await person(server, { tenantId: off.id, role: 'master' });
      const id = '0190a1b2-0000-7000-8000-000000000000';
      const calls: [string, string][] = [
        ['GET', base(off.id)],
        ['GET', `${base(off.id)}/user`],
        ['GET', `${base(off.id)}/settings`],
        ['GET', `${base(off.id)}/${id}`],
        ['DELETE', `${base(off.id)}/${id}`],
        ['GET', `${base(off.id)}/${id}/download`],
        ['POST', `${base(off.id)}/${id}/match`],
        ['GET', `${base(off.id)}/${id}/notes`],
        ['POST', `${base(off.id)}/${id}/notes`],
        ['GET', `${base(off.id)}/${id}/access-log`],
      ];
      for (const [method, path] of calls) {
        const response = await server.api.request(method, path, { token: member.token, json: method === 'POST' ? {} : undefined });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.code).toBe('bioreq_disabled');
      }
      const upload = await uploadBioreq(server, off.id, member.token, { title: 'T', description: 'd', file: pdfPart() });
      expect(upload.status).toBe(403);
      expect(upload.body.code).toBe('bioreq_disabled');
    });
  });

  describe('retention', () => {
    it('masters set it; the purge deletes processed files past it and keeps the verdict, note and access log', async () => {
      expect((await server.api.request('PUT', `${base()}/settings`, { token: admin.token, json: { retention_days: 30 } })).status).toBe(403);
      const bad = await server.api.request('PUT', `${base()}/settings`, { token: master.token, json: { retention_days: 0 } });
      expect(bad.status).toBe(422);
      expect((await get(`${base()}/settings`, master.token)).body.data).toEqual({ retention_days: null });
      const set = await server.api.request('PUT', `${base()}/settings`, { token: master.token, json: { retention_days: 30 } });
      expect(set.body.data).toEqual({ retention_days: 30 });

      const old = await uploadDocument(server, tenant.id, learner.token, 'Old');
      const recent = await uploadDocument(server, tenant.id, learner.token, 'Recent');
      for (const id of [old, recent]) {
        await download(id, admin.token);
        await decide(id, { match: true, message: 'ok' });
      }
      await server.api.post(`${base()}/${old}/notes`, { note: 'Kept after the file goes.' }, { token: admin.token });
      await server.app
        .knex('bioreq_documents')
        .where('id', old)
        .update({ decided_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
      const { storage_key: oldKey } = await server.app.knex('bioreq_documents').where('id', old).first();
      const { storage_key: recentKey } = await server.app.knex('bioreq_documents').where('id', recent).first();

      expect(await purgeExpiredBioreqFiles(server.app.services)).toBe(1);
      expect(stored()).not.toContain(join(server.dataDir, 'media', oldKey));
      expect(stored()).toContain(join(server.dataDir, 'media', recentKey));
      const row = (await get(`${base()}/${old}`, learner.token)).body.data;
      expect(row).toMatchObject({ status: 'match', message: 'ok', file_deleted_at: expect.any(String), abilities: { download: false } });
      expect((await get(`${base()}/${old}/notes`, learner.token)).body.data).toHaveLength(1);
      expect((await get(`${base()}/${old}/access-log`, master.token)).body.data).toHaveLength(1);
      const gone = await download(old, admin.token);
      expect(gone.status).toBe(410);
      expect(gone.body.code).toBe('file_deleted');
    });

    it('the orphan sweep leaves bioreq files alone', async () => {
      const id = await uploadDocument(server, tenant.id, learner.token, 'Swept?');
      const { storage_key: key } = await server.app.knex('bioreq_documents').where('id', id).first();
      await sweepOrphanFiles(server.app.services, { graceMs: -60_000 });
      expect(stored()).toContain(join(server.dataDir, 'media', key));
    });
  });

  it('the outbox holds no document bytes or links to files', async () => {
    await jobsSettled(server);
    for (const mail of readOutbox(server.dataDir)) expect(mail.text).not.toContain('/api/bioreq-files/');
  });
});
