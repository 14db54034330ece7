/**
 * The embed sessions benchmark's server (bench/embed-sessions.ts): production settings on a fresh SQLite database,
 * one organization with an admin integration client and `BENCH_EMBED_MEMBERS` members. Tells the parent its URL,
 * the organization, the client's credentials and the members' addresses.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { createIntegrationClient } from '../../src/features/integration-clients/service.js';
import { serveParent, settleSqlite, UNLIMITED_RATES } from '../support.js';

const MEMBERS = Number(process.env.BENCH_EMBED_MEMBERS ?? 2000);
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const { knex } = app;
const now = new Date();
const tenant = { id: newId(), name: 'Embed Bench', slug: 'embed-bench', enable_bioreq: false, created_at: now, updated_at: now };
await knex('tenants').insert(tenant);
const emails: string[] = [];
const users = [];
const memberships = [];
for (let index = 0; index < MEMBERS; index += 1) {
  const id = newId();
  const email = `member.${index}@intranet.example`;
  emails.push(email);
  users.push({ id, name: `Member ${index}`, email, password_hash: null, confirmed_at: now, created_at: now, updated_at: now });
  memberships.push({ id: newId(), tenant_id: tenant.id, user_id: id, role: 'user', is_active: true, created_at: now, updated_at: now });
}
await knex.batchInsert('users', users, 200);
await knex.batchInsert('tenant_users', memberships, 200);
const owner = newId();
await knex('users').insert({
  id: owner,
  name: 'Bench Owner',
  email: 'owner@bench.example',
  is_owner: true,
  confirmed_at: now,
  created_at: now,
  updated_at: now,
});
const { row, secret } = await createIntegrationClient(app.db, tenant.id, owner, { name: 'Intranet', role: 'admin' });
if (app.db.isSqlite) await settleSqlite(knex);

const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), tenantId: tenant.id, clientId: row.id, clientSecret: secret, emails });
serveParent(app, dataDir);
