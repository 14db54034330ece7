/**
 * The content benchmark's server: production settings on a fresh SQLite database with a big organization
 * seeded by content-seed.ts (300,000 items) and a small one of the same make. Before serving load it counts
 * the SQL queries of each scenario's request in both organizations (knex's 'query' event), and tells the
 * parent its URL, the tokens and the request paths.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { newId } from '../../src/db/ids.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { accessToken, serveParent, UNLIMITED_RATES } from '../support.js';
import { MEDIA_SEARCH_TERM, seedContentApart, type ContentSeed } from '../content-seed.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-content-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};
// Accounts and organizations are made through one app, the content written while no app is open (a bulk
// writer beside a running app's connections would have to share its write lock), then the served app starts.
const setup = await createApp(config);
const password = 'Bench-pass-1';

const admin = await createConfirmedUser(setup.services, { email: 'author@bench.example', name: 'Ari Author', password });
const learner = await createConfirmedUser(setup.services, { email: 'learner@bench.example', name: 'Lee Learner', password });

/** An organization with the admin and the learner as members; answers the learner's membership id. */
async function organization(name: string, slug: string): Promise<{ tenantId: string; tenantSlug: string; learnerMembershipId: string }> {
  const now = new Date();
  const tenantId = newId();
  const learnerMembershipId = newId();
  await setup.knex('tenants').insert({ id: tenantId, name, slug, enable_bioreq: false, deleted_at: null, created_at: now, updated_at: now });
  await setup.knex('tenant_users').insert([
    { id: newId(), tenant_id: tenantId, user_id: admin.id, role: 'admin', is_active: true, deleted_at: null, created_at: now, updated_at: now },
    { id: learnerMembershipId, tenant_id: tenantId, user_id: learner.id, role: 'user', is_active: true, deleted_at: null, created_at: now, updated_at: now },
  ]);
  return { tenantId, tenantSlug: slug, learnerMembershipId };
}

const bigOrganization = await organization('Bench Content Org', 'bench-content-org');
// Enough media that the search still fills more than a page, as in the big one.
const smallOrganization = {
  ...(await organization('Bench Small Org', 'bench-small-org')),
  shape: { modules: 2, componentsPerModule: 2, topicsPerComponent: 2, mediaFiles: 600 },
};
const databaseFile = (setup.knex.client.config.connection as { filename: string }).filename;
await setup.close();
const seedStarted = performance.now();
const [big, small] = await seedContentApart(databaseFile, [bigOrganization, smallOrganization]);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const app = await createApp(config);
const { knex } = app;
await knex.raw('PRAGMA optimize');

const { url: listening } = await app.listen(0, '127.0.0.1');
const url = listening.replace('localhost', '127.0.0.1');

const token = (email: string) => accessToken(url, email, password);

const tokens = { admin: await token(admin.email), learner: await token(learner.email) };

/** The scenarios' requests for one organization. */
function pathsOf(seed: ContentSeed) {
  const base = `/api/tenants/${seed.tenantSlug}`;
  return {
    contentTree: `${base}/my-membership/content-tree`,
    topics: `${base}/components/${seed.componentId}/topics?page=1`,
    items: `${base}/topics/${seed.topicId}/items`,
    media: `${base}/media?search=${MEDIA_SEARCH_TERM}&page=1`,
  };
}

/** Knex queries of one request (the session lookup is a prepared statement outside knex, +1). */
async function measureQueries(path: string, bearer: string): Promise<{ queries: number; bytes: number; status: number; ms: number }> {
  let queries = 0;
  const count = () => {
    queries += 1;
  };
  knex.on('query', count);
  try {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });
    const body = await response.arrayBuffer();
    return { queries, bytes: body.byteLength, status: response.status, ms: performance.now() - started };
  } finally {
    knex.off('query', count);
  }
}

const requests = [
  { name: 'content tree (learner)', key: 'contentTree', token: 'learner' },
  { name: 'topic list page (learner)', key: 'topics', token: 'learner' },
  { name: "topic's items (learner)", key: 'items', token: 'learner' },
  { name: 'media list, search (admin)', key: 'media', token: 'admin' },
] as const;

const bigPaths = pathsOf(big);
const smallPaths = pathsOf(small);
const queryCounts = [];
for (const request of requests) {
  const bearer = tokens[request.token];
  queryCounts.push({
    request: request.name,
    big: await measureQueries(bigPaths[request.key], bearer),
    small: await measureQueries(smallPaths[request.key], bearer),
  });
}

process.send?.({
  url,
  seedSeconds,
  counts: big.counts,
  scenarios: requests.map((request) => ({ name: request.name, path: bigPaths[request.key], token: tokens[request.token] })),
  queryCounts,
});

serveParent(app, dataDir);
