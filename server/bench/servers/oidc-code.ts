/**
 * The authorization code benchmark's server (bench/oidc-code.ts): production settings on a fresh SQLite database,
 * one organization with a member who has a password and a partner app (an integration client with the
 * `authorization_code` grant and a redirect URI). Tells the parent its URL, the app's credentials and the member.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { createIntegrationClient } from '../../src/features/integration-clients/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

const REDIRECT_URI = 'http://localhost:4999/callback';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const now = new Date();
const tenant = { id: newId(), name: 'Code Bench', slug: 'code-bench', enable_bioreq: false, created_at: now, updated_at: now };
await app.knex('tenants').insert(tenant);
const member = { email: 'member@bench.example', password: 'Bench-pass-1' };
const user = await createConfirmedUser(app.services, { ...member, name: 'Mia Member' });
await app.knex('tenant_users').insert({ id: newId(), tenant_id: tenant.id, user_id: user.id, role: 'user', is_active: true, created_at: now, updated_at: now });
const owner = await createConfirmedUser(app.services, { email: 'owner@bench.example', password: 'Bench-pass-1', name: 'Bench Owner', isOwner: true });
const { row, secret } = await createIntegrationClient(app.db, tenant.id, owner.id, {
  name: 'Partner app',
  role: 'user',
  redirect_uris: [REDIRECT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
});

const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), publicUrl: config.publicUrl, clientId: row.id, clientSecret: secret, ...member });
serveParent(app, dataDir);
