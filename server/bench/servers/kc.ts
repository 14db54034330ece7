/**
 * The knowledge check benchmark's server (issue 11), on SQLite or PostgreSQL (`KC_BENCH_DATABASE=sqlite|pg`;
 * PostgreSQL at `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test, in a schema of its own that
 * is dropped at the end). Seeds an organization of 10,000 members (people-seed.ts) with a check whose bank holds 200
 * questions drawing 20 and 100,000 completed responses (kc-seed.ts), and a small organization of the same make (20
 * members, a bank of 10 drawing 5, 40 responses). Before serving load it times the item analysis cold (the first
 * call after start), counts the SQL queries of each request in both organizations (knex's 'query' event), logs in
 * 32 learners for the start and answer scenarios, and tells the parent the figures, tokens and paths.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createApp, type TesseraApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import type { Knex } from '../../src/db/knex.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { accessToken, serveParent, UNLIMITED_RATES } from '../support.js';
import { SEARCH_TERM, seedBigOrganization } from '../people-seed.js';
import { seedCheck, seedResponses, type KcCheck, type KcShape } from '../kc-seed.js';

export const LEARNERS = 32;
const kind = process.env.KC_BENCH_DATABASE === 'pg' ? 'pg' : 'sqlite';
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_kc_${randomBytes(4).toString('hex')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-kc-'));
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
const password = 'Bench-pass-1';
/** `BENCH_KC_RESPONSES_PER_MEMBER` scales the responses down for a quick try of the scenario (default 10: 100,000). */
const BIG: KcShape = { bankSize: 200, draw: 20, responsesPerMember: Number(process.env.BENCH_KC_RESPONSES_PER_MEMBER ?? 10) };
const SMALL: KcShape = { bankSize: 10, draw: 5, responsesPerMember: 2 };

let app: TesseraApp = await createApp(config);
const seedStarted = performance.now();
const author = await createConfirmedUser(app.services, { email: 'author@bench.example', name: 'Ari Author', password });
const big = await seedBigOrganization(app.knex, author.id);

/** A small organization of the same make: `members` learners and the author as its master. */
async function smallOrganization(knex: Knex, members: number) {
  const now = new Date();
  const tenant = { id: newId(), name: 'Bench KC Small', slug: 'bench-kc-small' };
  await knex('tenants').insert({ ...tenant, enable_bioreq: false, deleted_at: null, created_at: now, updated_at: now });
  await knex('tenant_users').insert({
    id: newId(),
    tenant_id: tenant.id,
    user_id: author.id,
    role: 'master',
    is_active: true,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  for (let index = 0; index < members; index += 1) {
    const userId = newId();
    await knex('users').insert({
      id: userId,
      name: `Sam Holwick${index}`,
      email: `sam.holwick${index}@small.example`,
      password_hash: null,
      is_owner: false,
      is_active: true,
      confirmed_at: now,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    await knex('tenant_users').insert({
      id: newId(),
      tenant_id: tenant.id,
      user_id: userId,
      role: 'user',
      is_active: true,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  return { tenantId: tenant.id, tenantSlug: tenant.slug };
}
const small = await smallOrganization(app.knex, 20);

const memberIds = async (tenantId: string) =>
  (await app.knex('tenant_users').where({ tenant_id: tenantId }).whereNot('user_id', author.id).orderBy('id').select('id')).map(
    (row: { id: string }) => row.id,
  );
const bigMembers = await memberIds(big.tenantId);
const smallMembers = await memberIds(small.tenantId);
const bigCheck = await seedCheck(app.knex, big.tenantId, BIG);
const smallCheck = await seedCheck(app.knex, small.tenantId, SMALL);

// 32 learners of the big organization who take the check under load (no responses of their own yet).
const learners: { email: string; membershipId: string }[] = [];
for (let index = 0; index < LEARNERS; index += 1) {
  const email = `learner${index}@bench.example`;
  const user = await createConfirmedUser(app.services, { email, name: `Lee Learner ${index}`, password });
  const membershipId = newId();
  await app.knex('tenant_users').insert({
    id: membershipId,
    tenant_id: big.tenantId,
    user_id: user.id,
    role: 'user',
    is_active: true,
    deleted_at: null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  learners.push({ email, membershipId });
}
// The learners see the module (assigned to them), so they may take its check.
await app
  .knex('module_tenant_users')
  .insert(learners.map((learner) => ({ module_id: bigCheck.moduleId, tenant_user_id: learner.membershipId, created_at: new Date() })));

let responses: number;
if (kind === 'sqlite') {
  // The bulk writer has the file to itself: no app holds a connection meanwhile.
  const filename = (app.knex.client.config.connection as { filename: string }).filename;
  await app.close();
  responses = await seedResponses({ sqliteFile: filename }, big.tenantId, bigMembers, bigCheck, BIG);
  await seedResponses({ sqliteFile: filename }, small.tenantId, smallMembers, smallCheck, SMALL);
  app = await createApp(config);
  await app.knex.raw('PRAGMA optimize');
} else {
  responses = await seedResponses({ knex: app.knex }, big.tenantId, bigMembers, bigCheck, BIG);
  await seedResponses({ knex: app.knex }, small.tenantId, smallMembers, smallCheck, SMALL);
  // What autovacuum leaves a settled database: bulk-loaded rows in the trigram indexes' pending lists (a people
  // search read 3 ms from them, 0.05 ms after) and no visibility map (index-only scans visiting the heap).
  await app.knex.raw('VACUUM ANALYZE');
}
const seedSeconds = (performance.now() - seedStarted) / 1000;
const { knex } = app;

const { url: listening } = await app.listen(0, '127.0.0.1');
const url = listening.replace('localhost', '127.0.0.1');
const authorToken = await accessToken(url, author.email, password);

/** The requests measured, for one organization. */
function pathsOf(org: { tenantSlug: string }, check: KcCheck, responseId: string) {
  const base = `/api/tenants/${org.tenantSlug}`;
  return {
    reportUser: `${base}/reports/knowledgechecks/responses/completed?user=${SEARCH_TERM}&page=1`,
    reportModule: `${base}/reports/knowledgechecks/responses/completed?module=${check.moduleId}&page=1`,
    detail: `${base}/reports/knowledgechecks/responses/${responseId}`,
    analysis: `${base}/reports/knowledgechecks/${check.checkId}/item-analysis`,
    start: `${base}/knowledgechecks/${check.checkId}/responses`,
  };
}

interface Timed {
  queries: number;
  status: number;
  ms: number;
  bytes: number;
}

/** One request's knex queries and time (the session lookup is a prepared statement outside knex, +1). */
async function timed(path: string, bearer: string, init: { method?: string; body?: unknown } = {}): Promise<Timed & { json: unknown }> {
  let queries = 0;
  const count = () => {
    queries += 1;
  };
  knex.on('query', count);
  try {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${bearer}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { queries, status: response.status, ms, bytes: text.length, json };
  } finally {
    knex.off('query', count);
  }
}

const firstResponse = async (tenantId: string) =>
  ((await knex('kc_responses').where({ tenant_id: tenantId, status: 'completed' }).orderBy('id').first('id')) as { id: string }).id;
const bigPaths = pathsOf(big, bigCheck, await firstResponse(big.tenantId));
const smallPaths = pathsOf(small, smallCheck, await firstResponse(small.tenantId));

// Cold: the first item analysis since the app started (the OS may hold the file's pages; the app holds nothing),
// over every attempt (the 100,000 responses); then the default, first attempts, and that again warm.
type Analysis = { data?: { responses: number; kr20: number | null; items: { flags: string[] }[] } };
const coldAll = await timed(`${bigPaths.analysis}?attempts=all`, authorToken);
const first = await timed(bigPaths.analysis, authorToken);
const warm = await timed(bigPaths.analysis, authorToken);
const analysisAll = coldAll.json as Analysis;
const analysis = first.json as Analysis;

const reads = [
  { request: 'report page, user filter', key: 'reportUser' },
  { request: 'report page, module filter', key: 'reportModule' },
  { request: 'response detail', key: 'detail' },
  { request: 'item analysis', key: 'analysis' },
] as const;
const strip = ({ json: _json, ...rest }: Timed & { json: unknown }): Timed => rest;
const queryCounts: { request: string; big: Timed; small: Timed }[] = [];
for (const read of reads) {
  queryCounts.push({
    request: read.request,
    big: strip(await timed(bigPaths[read.key], authorToken)),
    small: strip(await timed(smallPaths[read.key], authorToken)),
  });
}

// The learners' calls (kc-api's routes): a first start of each learner shows whether they are served here.
const learnerTokens: string[] = [];
for (const learner of learners) learnerTokens.push(await accessToken(url, learner.email, password));
const probe = await timed(bigPaths.start, learnerTokens[0], { method: 'POST', body: {} });
const learnerRoutes = probe.status === 201 || probe.status === 200;
if (learnerRoutes) {
  const started = probe.json as { data: { id: string; questions: { id: string; choices: { id: string }[] }[] } };
  const answer = started.data.questions[0];
  const answerPath = `${bigPaths.start}/${started.data.id}/questions/${answer.id}`;
  const saved = await timed(answerPath, learnerTokens[0], { method: 'POST', body: { choice_ids: [answer.choices[0].id] } });
  // The same counts in the small organization need one of its learners: the author (a master may take checks too).
  const smallStart = await timed(smallPaths.start, authorToken, { method: 'POST', body: {} });
  const smallStarted = smallStart.json as { data: { id: string; questions: { id: string; choices: { id: string }[] }[] } };
  const smallAnswer = smallStarted.data.questions[0];
  const smallSaved = await timed(`${smallPaths.start}/${smallStarted.data.id}/questions/${smallAnswer.id}`, authorToken, {
    method: 'POST',
    body: { choice_ids: [smallAnswer.choices[0].id] },
  });
  queryCounts.push({ request: 'start a response', big: strip(probe), small: strip(smallStart) });
  queryCounts.push({ request: 'save an answer', big: strip(saved), small: strip(smallSaved) });
  // Leave the probe's response in progress: the answer scenario's first learner continues it.
}

process.send?.({
  kind,
  url,
  seedSeconds,
  counts: { members: bigMembers.length, bank: BIG.bankSize, draw: BIG.draw, responses },
  analysis: {
    allColdMs: coldAll.ms,
    allResponses: analysisAll.data?.responses,
    firstMs: first.ms,
    warmMs: warm.ms,
    status: Math.max(coldAll.status, first.status),
    responses: analysis.data?.responses,
    kr20: analysis.data?.kr20,
    flagged: analysis.data?.items.filter((item) => item.flags.length > 0).length,
  },
  scenarios: [
    { name: 'report page, user filter', path: bigPaths.reportUser, token: authorToken },
    { name: 'report page, module filter', path: bigPaths.reportModule, token: authorToken },
  ],
  learner: learnerRoutes ? { startPath: bigPaths.start, tokens: learnerTokens } : null,
  queryCounts,
});

// On PostgreSQL the schema goes with the app.
serveParent(
  {
    async close() {
      await app.close();
      if (kind !== 'pg') return;
      const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]).finally(() => admin.destroy());
    },
  },
  dataDir,
);
