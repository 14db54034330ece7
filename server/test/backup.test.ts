/**
 * Backups (issue 34): `backup` while the server takes writes, `restore` into an empty DATA_DIR (and, on PostgreSQL,
 * a database without Tessera's schemas), and every write acknowledged before the backup began is there, with the
 * media folder; a restore refuses a DATA_DIR that holds data, and a backup never overwrites a file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/backup.js';
import type { ServerConfig } from '../src/config.js';
import { jobsSchema } from '../src/jobs/pg-queue.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { databaseKinds, login, startServer, startTestServer, testConfig, type TestContext } from './support/server.js';

describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  let context: TestContext;
  let tenant: TenantFixture;
  let master: Person;
  const scratch = mkdtempSync(join(tmpdir(), 'tessera-backup-test-'));

  beforeAll(async () => {
    context = await startTestServer(kind);
    tenant = await insertTenant(context.server);
    master = await person(context.server, { tenantId: tenant.id, role: 'master' });
  });
  afterAll(async () => {
    await context?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores a backup taken under write load with every write acknowledged before it began, and the media folder', async () => {
    const { server } = context;
    const media = join(server.dataDir, 'media', tenant.id);
    mkdirSync(media, { recursive: true });
    writeFileSync(join(media, 'kept.bin'), Buffer.from([1, 2, 3, 4]));

    // Writers that keep creating groups, and what the server acknowledged (201).
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async () => {
      for (let n = 0; writing; n += 1) {
        const created = await server.api.post(
          `/tenants/${tenant.id}/groups`,
          { name: `Group ${n} ${Math.random()}`, description: 'Written under the backup' },
          { token: master.token },
        );
        expect(created.status).toBe(201);
        acknowledged.push(created.body.data.id);
      }
    };
    const writers = [writer(), writer(), writer()];
    const failed = Promise.all(writers).then(() => undefined);
    while (acknowledged.length < 30) await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 10))]);
    const file = join(scratch, 'tessera-backup.tgz');
    // What was acknowledged when the backup began (taken in the same tick as the call: a timestamp could tie).
    const before = [...acknowledged];
    const manifest = await backup(server.config, file);
    writing = false;
    await Promise.all(writers);
    expect(manifest).toMatchObject({ format: 1, database: kind, media: 'included' });
    expect(before.length).toBeGreaterThanOrEqual(30);
    // The server went on writing while the backup ran.
    expect(acknowledged.length).toBeGreaterThan(before.length);
    await expect(backup(server.config, file)).rejects.toThrow('never overwrites');

    const restoredDir = join(scratch, 'restored');
    let config: ServerConfig;
    if (kind === 'sqlite') {
      config = testConfig(restoredDir, { client: 'sqlite', filename: join(restoredDir, 'tessera.sqlite') });
    } else {
      // The same schemas on a database without them: the original is stopped and its schemas dropped first.
      await server.close();
      const database = server.config.database as { client: 'pg'; url: string; schema: string };
      const admin = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA ?? CASCADE', [database.schema]);
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [jobsSchema(database.schema)]);
      await admin.destroy();
      config = testConfig(restoredDir, database);
    }
    expect((await restore(config, file)).database).toBe(kind);
    expect(readFileSync(join(restoredDir, 'media', tenant.id, 'kept.bin'))).toEqual(Buffer.from([1, 2, 3, 4]));

    const restored = await startServer(config);
    try {
      const groups = new Set((await restored.app.knex('groups').where('tenant_id', tenant.id).pluck('id')) as string[]);
      expect(before.filter((id) => !groups.has(id))).toEqual([]);
      // The restored server serves: the master logs in with the restored account and reads a restored group.
      const tokens = await login(restored, master.user.email);
      const read = await restored.api.get(`/tenants/${tenant.id}/groups/${before[0]}`, { token: tokens.access_token });
      expect(read.status).toBe(200);
      expect(read.body.data.id).toBe(before[0]);
    } finally {
      await restored.close();
    }
    if (kind === 'pg') context.server = await startServer(server.config);

    // A DATA_DIR that holds a database or media is refused, and nothing in it changes.
    const occupied = join(scratch, 'occupied');
    mkdirSync(join(occupied, 'media'), { recursive: true });
    writeFileSync(join(occupied, 'media', 'mine.bin'), 'mine');
    const occupiedConfig = testConfig(occupied, kind === 'sqlite' ? { client: 'sqlite', filename: join(occupied, 'tessera.sqlite') } : config.database);
    await expect(restore(occupiedConfig, file)).rejects.toThrow(kind === 'sqlite' ? 'holds files' : /holds files|pg_restore failed/);
    expect(readFileSync(join(occupied, 'media', 'mine.bin'), 'utf8')).toBe('mine');
    expect(existsSync(join(occupied, 'tessera.sqlite'))).toBe(false);
  }, 120_000);
});
