/** Files that no row references (a server killed mid-upload) are swept; referenced and recent files stay. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/media/orphans.js';
import { insertMediaRow } from './support/content.js';
import { insertTenant } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { mediaTestConfig, storedFiles } from './support/uploads.js';

describe.each(databaseKinds)('orphaned files on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
  });
  afterAll(() => context.cleanup());

  const root = () => join(server.dataDir, 'media');
  const write = (key: string, ageMs: number) => {
    const path = join(root(), key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'bytes');
    const when = new Date(Date.now() - ageMs);
    utimesSync(path, when, when);
  };
  const HOURS = 60 * 60 * 1000;

  it('deletes old files no media row names, and keeps referenced files and uploads in progress', async () => {
    const tenant = await insertTenant(server);
    const mediaId = await insertMediaRow(server, tenant.id);
    const row = await server.app.db.knex('media').where('id', mediaId).first('storage_key');
    await server.app.db
      .knex('media')
      .where('id', mediaId)
      .update({ thumbnail_key: `${tenant.id}/${mediaId}/thumb.png` });
    write(row.storage_key, 3 * HOURS);
    write(`${tenant.id}/${mediaId}/thumb.png`, 3 * HOURS);
    // What a kill -9 leaves: a half-written temporary file, and a whole file whose row was never committed.
    write(`${tenant.id}/0194f2c4-0000-7000-8000-000000000001/a.png.5d0c.part`, 2 * HOURS);
    write(`${tenant.id}/0194f2c4-0000-7000-8000-000000000002/b.png`, 2 * HOURS);
    // An upload still streaming (minutes old) is not touched.
    write(`${tenant.id}/0194f2c4-0000-7000-8000-000000000003/c.mp4.77aa.part`, 60_000);

    const deleted = await sweepOrphanFiles(server.app.services);
    expect(deleted).toBe(2);
    expect(storedFiles(root()).map((path) => relative(root(), path))).toEqual(
      [row.storage_key, `${tenant.id}/${mediaId}/thumb.png`, `${tenant.id}/0194f2c4-0000-7000-8000-000000000003/c.mp4.77aa.part`].sort(),
    );
    expect(await sweepOrphanFiles(server.app.services)).toBe(0);
  });
});
