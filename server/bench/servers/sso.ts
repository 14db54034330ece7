/**
 * The single sign-on benchmark's server (bench/sso.ts): development settings (a provider on this machine is allowed)
 * on a fresh SQLite database, or a fresh schema of PostgreSQL (argv: `pg <url>`), with one organization whose OpenID
 * connection (argv: issuer, client id, client secret) serves an approved domain. Tells the parent its URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createApp } from '../../src/app.js';
import { loadConfig, type DatabaseConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { OidcClients } from '../../src/features/sso/oidc.js';
import { saveConnection } from '../../src/features/sso/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

const [kind, pgUrl, issuer, clientId, clientSecret, domain, publicUrl] = process.argv.slice(2) as [string, string, string, string, string, string, string];
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-sso-'));
const schema = `bench_sso_${randomBytes(4).toString('hex')}`;
if (kind === 'pg') {
  const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE SCHEMA ??', [schema]);
  await admin.destroy();
}
const database: DatabaseConfig = kind === 'pg' ? { client: 'pg', url: pgUrl, schema } : { client: 'sqlite', filename: join(dataDir, 'tessera.sqlite') };
const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' }), database, rateLimits: UNLIMITED_RATES, publicUrl };
const app = await createApp(config);
const now = new Date();
const tenant = { id: newId(), name: 'SSO Bench', slug: 'sso-bench', enable_bioreq: false };
await app.knex('tenants').insert({ ...tenant, created_at: now, updated_at: now });
const master = { id: newId(), name: 'Bench Master' };
await app.knex('users').insert({ ...master, email: 'master@bench.example', confirmed_at: now, created_at: now, updated_at: now });
await app
  .knex('tenant_users')
  .insert({ id: newId(), tenant_id: tenant.id, user_id: master.id, role: 'master', is_active: true, created_at: now, updated_at: now });
const connection = {
  protocol: 'oidc' as const,
  name: 'Bench IdP',
  domains: [domain],
  groups_claim: 'groups',
  issuer,
  client_id: clientId,
  client_secret: clientSecret,
};
await saveConnection(app.services, new OidcClients(true), tenant, master, connection);
await app.knex('sso_domains').where('domain', domain).update({ status: 'approved', decided_at: now });

const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url });
serveParent(
  {
    async close() {
      await app.close();
      if (kind !== 'pg') return;
      const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [`${schema}_jobs`]);
      await admin.destroy();
    },
  },
  dataDir,
);
