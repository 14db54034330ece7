/**
 * Test servers: a real app on an ephemeral port with a fresh database, on SQLite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL (each test database is its own schema, dropped afterwards).
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { createApp, type TesseraApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig, type DatabaseConfig, type RateLimitConfig, type ServerConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import type { OutboxRecord } from '../../src/mail/mailer.js';
import { jobsSchema } from '../../src/jobs/pg-queue.js';
import { createApi, type Api } from './api.js';

export type DatabaseKind = 'sqlite' | 'pg';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Every database suite runs once per kind listed here. */
export const databaseKinds: DatabaseKind[] = testDatabaseUrl ? ['sqlite', 'pg'] : ['sqlite'];

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind, dataDir: string): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    return { config: { client: 'sqlite', filename: join(dataDir, 'tessera.sqlite') }, drop: async () => {} };
  }
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: testDatabaseUrl, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE SCHEMA ??', [schema]);
  return {
    config: { client: 'pg', url: testDatabaseUrl, schema },
    async drop() {
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [jobsSchema(schema)]);
      await admin.destroy();
    },
  };
}

/** High enough that only the rate-limit tests, which lower them, ever reach a limit. */
const GENEROUS_LIMITS: RateLimitConfig = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, points: 10_000 }]),
) as RateLimitConfig;

/** A built portal and widget bundle, so static serving is tested without building the real ones. */
function writeStaticFixtures(dataDir: string): { portalDist: string; widgetsDist: string } {
  const portalDist = join(dataDir, 'portal-dist');
  const widgetsDist = join(dataDir, 'widgets-dist');
  mkdirSync(join(portalDist, 'assets'), { recursive: true });
  mkdirSync(widgetsDist, { recursive: true });
  writeFileSync(join(portalDist, 'index.html'), '<!doctype html><title>Tessera</title><div id="root"></div>');
  writeFileSync(join(portalDist, 'assets', 'index-abc123.js'), 'console.log("portal");');
  writeFileSync(join(widgetsDist, 'tessera-widgets.js'), 'console.log("widgets");');
  return { portalDist, widgetsDist };
}

export function testConfig(dataDir: string, database: DatabaseConfig, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
  return {
    ...base,
    ...writeStaticFixtures(dataDir),
    database,
    publicUrl: 'http://tessera.test',
    // Cheap hashes keep the suite fast; production refuses costs this low (see config.ts).
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    captcha: { maxNumber: 2000, ttlSeconds: 600 },
    rateLimits: GENEROUS_LIMITS,
    // Mail queued in a test is sent at once, not at the next poll.
    jobs: { ...base.jobs, pollMs: 50 },
    ...overrides,
  };
}

export interface TestServer {
  url: string;
  api: Api;
  app: TesseraApp;
  config: ServerConfig;
  dataDir: string;
  /** Stops this server and starts another on the same data folder and database. */
  restart(overrides?: Partial<ServerConfig>): Promise<TestServer>;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<TestServer> {
  const app = await createApp(config);
  const { url } = await app.listen(0, '127.0.0.1');
  const server: TestServer = {
    url,
    api: createApi(url),
    app,
    config,
    dataDir: config.dataDir,
    async restart(overrides = {}) {
      await app.close();
      return startServer({ ...config, ...overrides });
    },
    close: () => app.close(),
  };
  return server;
}

export interface TestContext {
  server: TestServer;
  database: TestDatabase;
  dataDir: string;
  /** Stops the server and drops the database and data folder. */
  cleanup(): Promise<void>;
}

export async function startTestServer(kind: DatabaseKind, overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-server-test-'));
  const database = await createTestDatabase(kind, dataDir);
  const context: TestContext = {
    server: await startServer(testConfig(dataDir, database.config, overrides)),
    database,
    dataDir,
    async cleanup() {
      await context.server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

// -------------------------------------------------------------------------------------------------
// Accounts and sessions

export const PASSWORD = 'Correct-horse-1';
let counter = 0;

export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export async function createUser(server: TestServer, options: { email?: string; name?: string; password?: string; isOwner?: boolean } = {}) {
  return createConfirmedUser(server.app.services, {
    email: options.email ?? uniqueEmail(),
    name: options.name ?? 'Pat Example',
    password: options.password ?? PASSWORD,
    isOwner: options.isOwner,
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function login(server: TestServer, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await server.api.post('/token', undefined, { form: { grant_type: 'password', client_id: 'tessera-web', email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Tokens;
}

/** A confirmed account, logged in. */
export async function loggedInUser(server: TestServer, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(server, options);
  return { user, tokens: await login(server, user.email, options.password ?? PASSWORD) };
}

// -------------------------------------------------------------------------------------------------
// The outbox

/** Waits until the jobs queued so far ran (mail queued by a request is in the outbox after it). */
export function jobsSettled(server: TestServer): Promise<void> {
  return server.app.services.jobs.settled();
}

export function readOutbox(dataDir: string): OutboxRecord[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxRecord);
}

/** Waits for the newest message to `to` (mail can be sent in the background, as forgot-password does). */
export async function waitForMail(dataDir: string, to: string, options: { subject?: RegExp; after?: number; timeoutMs?: number } = {}): Promise<OutboxRecord> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const found = readOutbox(dataDir)
      .filter((mail) => mail.to === to && (!options.subject || options.subject.test(mail.subject)))
      .filter((mail) => !options.after || Date.parse(mail.sent_at) >= options.after)
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token and email of a link like http://tessera.test/confirm-email/<token>?email=<email>. */
export function parseLink(link: string): { route: string; token: string; email: string } {
  const url = new URL(link);
  const [, route, token] = url.pathname.split('/');
  return { route, token, email: url.searchParams.get('email') ?? '' };
}
