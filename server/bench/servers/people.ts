/**
 * The people benchmark's server: production settings on a fresh SQLite database seeded by
 * people-seed.ts. Before serving load it counts the SQL queries of single requests (knex's 'query'
 * event) at several page sizes and membership counts, and tells the parent its URL, two access tokens
 * and those counts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { accessToken, settleSqlite, serveParent, UNLIMITED_RATES } from '../support.js';
import { MEMBERSHIP_COUNT, SEARCH_TERM, seedBigOrganization, seedMemberships } from '../people-seed.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-people-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const { knex } = app;
const password = 'Bench-pass-1';

async function account(email: string, name: string) {
  return createConfirmedUser(app.services, { email, name, password });
}

const seedStarted = performance.now();
const master = await account('master@bench.example', 'Mona Master');
const { tenantSlug } = await seedBigOrganization(knex, master.id);
const oneMembership = await account('one@bench.example', 'Oona One');
await seedMemberships(knex, oneMembership.id, 1, 'Single');
const fiftyMemberships = await account('fifty@bench.example', 'Fifi Fifty');
await seedMemberships(knex, fiftyMemberships.id, MEMBERSHIP_COUNT, 'Many');
const seedSeconds = (performance.now() - seedStarted) / 1000;
await settleSqlite(knex);

const { url: listening } = await app.listen(0, '127.0.0.1');
const url = listening.replace('localhost', '127.0.0.1');

const token = (email: string) => accessToken(url, email, password);

const tokens = { master: await token(master.email), one: await token(oneMembership.email), fifty: await token(fiftyMemberships.email) };
const membersPath = (perPage: number) => `/api/tenants/${tenantSlug}/tenant-users?search=${SEARCH_TERM}&order=joined&page=1&per_page=${perPage}`;

/** Knex queries of one request, and its answer's row count (the session lookup is a prepared statement outside knex, +1). */
async function measureQueries(path: string, bearer: string): Promise<{ queries: number; rows: number }> {
  let queries = 0;
  const count = () => {
    queries += 1;
  };
  knex.on('query', count);
  try {
    const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const body = (await response.json()) as { data: unknown[] | { memberships: unknown[] } };
    return { queries, rows: Array.isArray(body.data) ? body.data.length : body.data.memberships.length };
  } finally {
    knex.off('query', count);
  }
}

const allMembers = (perPage: number) => `/api/tenants/${tenantSlug}/tenant-users?order=joined&per_page=${perPage}`;
const queryCounts = [
  { request: 'tenant-users, search, per_page=5', ...(await measureQueries(membersPath(5), tokens.master)) },
  { request: 'tenant-users, search, per_page=25', ...(await measureQueries(membersPath(25), tokens.master)) },
  { request: 'tenant-users, no search, per_page=1', ...(await measureQueries(allMembers(1), tokens.master)) },
  { request: 'tenant-users, no search, per_page=100', ...(await measureQueries(allMembers(100), tokens.master)) },
  { request: '/users/me, 1 membership', ...(await measureQueries('/api/users/me', tokens.one)) },
  { request: `/users/me, ${MEMBERSHIP_COUNT} memberships`, ...(await measureQueries('/api/users/me', tokens.fifty)) },
];

process.send?.({ url, tokens, membersPath: membersPath(25), seedSeconds, queryCounts });

serveParent(app, dataDir);
