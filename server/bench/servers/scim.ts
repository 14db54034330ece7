/**
 * The SCIM benchmark's server (bench/scim.ts): production settings on a fresh database (SQLite, or PostgreSQL when
 * DATABASE_URL and DATABASE_SCHEMA are given), one organization and a SCIM token of it. Tells the parent its URL, the
 * organization and the token.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { createScimToken } from '../../src/features/scim-tokens/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-scim-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS,
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: process.env.DATABASE_SCHEMA,
  }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const now = new Date();
const tenant = { id: newId(), name: 'SCIM Bench', slug: 'scim-bench', enable_bioreq: false, created_at: now, updated_at: now };
await app.knex('tenants').insert(tenant);
const owner = { id: newId(), name: 'Bench Owner', email: 'owner@bench.example', is_owner: true, confirmed_at: now, created_at: now, updated_at: now };
await app.knex('users').insert(owner);
const { token } = await createScimToken(app.db, tenant.id, owner.id, { name: 'Bench IdP' });

const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), tenantId: tenant.id, token });
serveParent(app, dataDir);
