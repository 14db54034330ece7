/**
 * The bioreq benchmark's server: production settings on a fresh SQLite database seeded by people-seed.ts and bioreq-seed.ts. Before serving load it counts the SQL queries
 * of single list requests (knex's 'query' event) and tells the parent its URL, the reviewer's token and those
 * counts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { accessToken, settleSqlite, serveParent, UNLIMITED_RATES } from '../support.js';
import { SEARCH_TERM, seedBigOrganization } from '../people-seed.js';
import { seedBioreqDocuments } from '../bioreq-seed.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-bioreq-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const { knex } = app;
const password = 'Bench-pass-1';

const seedStarted = performance.now();
const reviewer = await createConfirmedUser(app.services, { email: 'reviewer@bench.example', name: 'Rita Reviewer', password });
const { tenantId, tenantSlug } = await seedBigOrganization(knex, reviewer.id);
await seedBioreqDocuments(knex, tenantId, reviewer.id);
const seedSeconds = (performance.now() - seedStarted) / 1000;
await settleSqlite(knex);

const { url: listening } = await app.listen(0, '127.0.0.1');
const url = listening.replace('localhost', '127.0.0.1');
const token = await accessToken(url, reviewer.email, password);

const list = (query: string) => `/api/tenants/${tenantSlug}/bioreq?paginate=true&${query}`;
const paths = {
  pending: list('processed=false&page=1'),
  pendingSearch: list(`processed=false&search=${SEARCH_TERM}&page=1`),
  processedByTitle: list('processed=true&order=title&page=3'),
};

async function measureQueries(path: string): Promise<{ queries: number; rows: number }> {
  let queries = 0;
  const count = () => {
    queries += 1;
  };
  knex.on('query', count);
  try {
    const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown[] };
    return { queries, rows: body.data.length };
  } finally {
    knex.off('query', count);
  }
}

const queryCounts = [
  { request: 'pending, page 1', ...(await measureQueries(paths.pending)) },
  { request: 'pending, search', ...(await measureQueries(paths.pendingSearch)) },
  { request: 'processed, by title, page 3', ...(await measureQueries(paths.processedByTitle)) },
  { request: 'pending, per_page=100', ...(await measureQueries(`${paths.pending}&per_page=100`)) },
];

process.send?.({ url, token, paths, seedSeconds, queryCounts });

serveParent(app, dataDir);
