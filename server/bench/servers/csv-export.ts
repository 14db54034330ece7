/**
 * The CSV export benchmark's server (bench/csv-export.ts), on SQLite or PostgreSQL (`CSV_BENCH_DATABASE=sqlite|pg`;
 * PostgreSQL at `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test, in a schema of its own that is
 * dropped at the end). Seeds the people benchmark's organization of 10,000 members (people-seed.ts) with a check of
 * a small bank drawing one question and 100,000 completed responses (kc-seed.ts: the report reads the responses, not
 * their drawn rows), their author its master. Samples its own resident set size every 10 ms and answers the baseline
 * and the peak when asked (`reset` takes a new baseline after a garbage collection, so a download alone is measured).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createApp, type TesseraApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { seedBigOrganization } from '../people-seed.js';
import { seedCheck, seedResponses, type KcShape } from '../kc-seed.js';
import { UNLIMITED_RATES } from '../support.js';

const kind = process.env.CSV_BENCH_DATABASE === 'pg' ? 'pg' : 'sqlite';
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_csv_${randomBytes(4).toString('hex')}`;
/** `BENCH_CSV_RESPONSES_PER_MEMBER` scales the responses down for a quick try (default 10: 100,000). */
const SHAPE: KcShape = { bankSize: 4, draw: 1, responsesPerMember: Number(process.env.BENCH_CSV_RESPONSES_PER_MEMBER ?? 10) };

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-csv-'));
if (kind === 'pg') {
  const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE SCHEMA ??', [schema]);
  await admin.destroy();
}
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS,
    ...(kind === 'pg' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
  }),
  rateLimits: UNLIMITED_RATES,
};
const author = { email: 'author@bench.example', password: 'Bench-pass-1' };

const seedStarted = performance.now();
let app: TesseraApp = await createApp(config);
const user = await createConfirmedUser(app.services, { ...author, name: 'Ari Author' });
const organization = await seedBigOrganization(app.knex, user.id);
const members = (
  (await app.knex('tenant_users').where({ tenant_id: organization.tenantId }).whereNot('user_id', user.id).orderBy('id').select('id')) as { id: string }[]
).map((row) => row.id);
const check = await seedCheck(app.knex, organization.tenantId, SHAPE);
let responses: number;
if (kind === 'sqlite') {
  // The bulk writer has the file to itself: no app holds a connection meanwhile.
  const filename = (app.knex.client.config.connection as { filename: string }).filename;
  await app.close();
  responses = await seedResponses({ sqliteFile: filename }, organization.tenantId, members, check, SHAPE);
  app = await createApp(config);
  await app.knex.raw('PRAGMA optimize');
} else {
  responses = await seedResponses({ knex: app.knex }, organization.tenantId, members, check, SHAPE);
  await app.knex.raw('VACUUM ANALYZE');
}
const seedSeconds = (performance.now() - seedStarted) / 1000;
const { url } = await app.listen(0, '127.0.0.1');

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
await new Promise((resolve) => setTimeout(resolve, 300));
let baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);

process.send?.({
  kind,
  url: url.replace('localhost', '127.0.0.1'),
  tenantSlug: organization.tenantSlug,
  moduleId: check.moduleId,
  responses,
  seedSeconds,
  ...author,
});
process.on('message', (message) => {
  if (message === 'memory') process.send?.({ baseline, peak, now: process.memoryUsage().rss });
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message === 'reset') {
    gc?.();
    baseline = process.memoryUsage().rss;
    peak = baseline;
    process.send?.({ baseline, peak, now: baseline });
  }
});
process.on('disconnect', () => {
  clearInterval(sampler);
  void app.close().then(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'pg') {
      const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [`${schema}_jobs`]);
      await admin.destroy();
    }
    process.exit(0);
  });
});
