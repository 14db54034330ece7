/**
 * The one way into the database (ARCHITECTURE.md#data-access): queries built by the Database run only through it,
 * a tenant-owned table is read and written only within an organization, and which tables are tenant-owned comes from
 * the migrated schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module, ModuleGroup } from '../src/db/content-models.js';
import { Database } from '../src/db/database.js';
import { newId } from '../src/db/ids.js';
import { Tenant } from '../src/db/models.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/server.js';

describe.each(databaseKinds)('tenant scope on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let db: Database;
  const acme = newId();
  const globex = newId();
  const moduleRow = (tenantId: string, name: string) => ({
    id: newId(),
    tenant_id: tenantId,
    name,
    description: '',
    is_active: true,
    position: 0,
    image_id: null,
    deleted_at: null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const acmeModule = moduleRow(acme, 'Acme onboarding');
  const globexModule = moduleRow(globex, 'Globex onboarding');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-tenant-scope-'));
    database = await createTestDatabase(kind, dir);
    db = Database.open(database.config.client === 'sqlite' ? { ...database.config, readThreads: 0 } : database.config);
    await db.migrate();
    const now = new Date();
    for (const [id, name] of [
      [acme, 'Acme'],
      [globex, 'Globex'],
    ])
      await db.knex('tenants').insert({ id, name, slug: name.toLowerCase(), enable_bioreq: false, created_at: now, updated_at: now });
    await db.knex('modules').insert([acmeModule, globexModule]);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('knows the tenant-owned tables from the schema: every table with a tenant_id column, and no other', async () => {
    const tables = ['modules', 'topics', 'tenant_users', 'kc_responses', 'bioreq_documents', 'media_captions'];
    for (const table of tables) expect(() => db.from(table), table).toThrow(/belongs to an organization/);
    for (const table of ['users', 'tenants', 'module_groups', 'topic_favorites', 'auth_tokens']) expect(() => db.from(table), table).not.toThrow();
  });

  it('reads an organization’s rows only, whatever the query asks for', async () => {
    const org = db.inTenant(acme);
    const names = await org.rows<{ name: string }>(org.from('modules as m').whereIn('m.id', [acmeModule.id, globexModule.id]).select('m.name'));
    expect(names).toEqual([{ name: 'Acme onboarding' }]);
    expect(await org.row(org.from('modules').where('id', globexModule.id).select('id'))).toBeUndefined();
  });

  it('runs a built query only through the Database', async () => {
    await expect(Promise.resolve().then(async () => await db.from('users').select('id'))).rejects.toThrow(/runs through the Database/);
  });

  it('normalises rows by their model: booleans, ISO 8601 dates, numbers', async () => {
    const org = db.inTenant(acme);
    const row = await org.row<Module>(org.from('modules').where('id', acmeModule.id).select('*'), Module);
    expect(row).toMatchObject({ is_active: true, position: 0, created_at: acmeModule.created_at.toISOString() });
  });

  it('writes through the model within the organization: inserts take its id, patches and deletes never reach another', async () => {
    const org = db.inTenant(acme);
    const inserted = moduleRow(acme, 'Inserted');
    const { tenant_id: _tenant, ...withoutTenant } = inserted;
    await org.write(Module).insert({ ...withoutTenant, created_at: inserted.created_at.toISOString(), updated_at: inserted.updated_at.toISOString() });
    expect(await db.inTenant(acme).row(org.from('modules').where('id', inserted.id).select('tenant_id'))).toEqual({ tenant_id: acme });

    expect(await org.write(Module).findById(globexModule.id).patch({ name: 'Taken over' })).toBe(0);
    expect(await org.write(Module).where('id', globexModule.id).delete()).toBe(0);
    const globexOrg = db.inTenant(globex);
    expect(await globexOrg.row(globexOrg.from('modules').where('id', globexModule.id).select('name'))).toEqual({ name: 'Globex onboarding' });

    await expect(
      org.write(Module).insert({ ...moduleRow(globex, 'Smuggled'), created_at: new Date().toISOString(), updated_at: new Date().toISOString() }),
    ).rejects.toThrow(/organization/);
    await expect(org.insertRows(Module, [moduleRow(globex, 'Smuggled too')])).rejects.toThrow(/organization/);
  });

  it('refuses a tenant-owned model outside an organization, and a read through a write', async () => {
    expect(() => db.write(Module)).toThrow(/belongs to an organization/);
    await expect(Promise.resolve().then(async () => await db.inTenant(acme).write(Module).findById(acmeModule.id))).rejects.toThrow(/read with db.rows/);
    // A table of no organization is written with db.write.
    expect(await db.write(Tenant).findById(acme).patch({ name: 'Acme' })).toBe(1);
  });

  it('inserts many rows through the model, ignoring those already there', async () => {
    const groups = [newId(), newId()];
    const now = new Date();
    await db
      .knex('groups')
      .insert(groups.map((id) => ({ id, tenant_id: acme, name: id, description: '', deleted_at: null, created_at: now, updated_at: now })));
    const links = groups.map((group_id) => ({ module_id: acmeModule.id, group_id, created_at: now }));
    await db.insertRows(ModuleGroup, links.slice(0, 1));
    await db.insertRows(ModuleGroup, links, { onConflict: ['module_id', 'group_id'], ignore: true });
    const stored = await db.rows<ModuleGroup>(db.from('module_groups').where('module_id', acmeModule.id).orderBy('group_id').select('*'), ModuleGroup);
    expect(stored.map((row) => row.group_id)).toEqual([...groups].sort());
    expect(stored.every((row) => row.created_at === now.toISOString())).toBe(true);
  });
});
