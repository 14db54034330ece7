/**
 * Scale-out as an operator runs it: three server processes (the production entry, `NODE_ENV=production`) on one
 * PostgreSQL and one Redis, behind HAProxy from Debian, which health-checks each through `/api/health/ready`. A
 * learner's journey runs through HAProxy, so consecutive requests land on different processes. One process is
 * killed with SIGKILL while a read is in flight on it, another is stopped with SIGTERM (readiness turns 503 first,
 * so HAProxy stops sending before the listener closes). The learner sees no failed request beyond one read that may
 * be retried once, and the mail jobs queued before and after the kill are delivered by the survivors.
 *
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and `haproxy` on the PATH; CI has all three and fails without them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo } from '../src/seed-demo.js';
import type { ParsedAnswer } from './support/api.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import { until } from './support/until.js';
import { createTestDatabase, type TestDatabase } from './support/server.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxyInstalled = spawnSync('haproxy', ['-v']).error === undefined;
const runnable = Boolean(databaseUrl && redisUrl && haproxyInstalled);
if (!runnable && process.env.CI) {
  throw new Error('The scale-out test needs TEST_DATABASE_URL, TEST_REDIS_URL and haproxy (apt-get install -y haproxy) in CI.');
}

const LEARNER = 'learner@example.com';
const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const answers = async (url: string) => {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
};

interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** HAProxy as a deployment would configure it: health checks on readiness, retries only where they are safe. */
function haproxyConfig(port: number, servers: ServerProcess[]): string {
  return `
global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  # A connection refused by a dead process is tried again on another one (safe for every method: nothing was sent).
  retries 2
  option redispatch 1
  # A read whose process died before answering is sent again to another one; a write is not (it may have committed).
  retry-on conn-failure empty-response response-timeout

frontend tessera
  bind 127.0.0.1:${port}
  default_backend servers

backend servers
  balance roundrobin
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server check inter 250ms fall 1 rise 2
  http-response set-header X-Served-By %[srv_name]
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`).join('\n')}
`;
}

/** What the learner saw: every answer, and the reads that had to be sent twice. */
interface Journal {
  requests: { method: string; path: string; status: number; servedBy: string }[];
  failures: { method: string; path: string; status: number | string }[];
  retriedReads: number;
}

describe.skipIf(!runnable)('three processes behind HAProxy on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let haproxy: ChildProcess;
  /** HAProxy's own log (standard error): which server it took out, and why. */
  let haproxyLog = '';
  /** What the server processes wrote to standard error (also passed through). */
  let serverErrors = '';
  let baseUrl = '';
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-haproxy-test-'));

  beforeAll(async () => {
    database = await createTestDatabase('pg', dataDir);
    smtp = await startSmtp();
    const { schema } = database.config as { schema: string };
    const balancerPort = await freePort();
    baseUrl = `http://127.0.0.1:${balancerPort}`;
    const env: Env = {
      NODE_ENV: 'production',
      TESSERA_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: baseUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      RATE_LIMIT_PREFIX: `tessera-haproxy-${randomBytes(4).toString('hex')}`,
      RATE_LIMIT_FORGOT_PASSWORD: '1000/60',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tessera <no-reply@example.com>',
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_MS: '2000',
      // A mail in the hands of the killed process is sent again this soon by a survivor.
      JOB_LEASE_SECONDS: '5',
      LOG_LEVEL: 'warn',
    };

    // Migrate and seed once, as an operator's `npm run migrate` would before the processes start.
    const seeding = await createApp(loadConfig({ ...env, PORT: '0' }));
    await seedDemo(seeding.services);
    await seeding.close();

    for (const name of ['s1', 's2', 's3']) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=tessera-source', serverEntry], {
        cwd: serverRoot,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        serverErrors += chunk.toString();
        process.stderr.write(chunk);
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      servers.push({ name, port, child, exited });
    }
    await Promise.all(servers.map((server) => until(`${server.name} ready`, () => answers(`http://127.0.0.1:${server.port}/api/health/ready`), 60_000)));

    const configFile = join(dataDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(balancerPort, servers));
    haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));
    await until('HAProxy', () => answers(`${baseUrl}/api/health/ready`), 30_000);
  }, 120_000);

  afterAll(async () => {
    haproxy?.kill('SIGKILL');
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await smtp?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a learner going through a kill -9 and a SIGTERM, and the survivors deliver every mail', async () => {
    const journal: Journal = { requests: [], failures: [], retriedReads: 0 };
    let accessToken = '';

    /** One request as the portal sends it. A read that fails is sent once more and counted (a person pressing reload). */
    async function call(method: string, path: string, body?: unknown, form?: Record<string, string>): Promise<{ status: number; body: ParsedAnswer }> {
      const attempt = async () => {
        try {
          const response = await fetch(`${baseUrl}/api${path}`, {
            method,
            headers: {
              ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            body: form ? new URLSearchParams(form).toString() : body !== undefined ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          journal.requests.push({ method, path, status: response.status, servedBy: response.headers.get('x-served-by') ?? '' });
          // HAProxy's own error pages are HTML.
          const json = response.headers.get('content-type')?.includes('json');
          return { status: response.status, body: json && text ? JSON.parse(text) : text };
        } catch (error) {
          return { status: String((error as Error).cause ?? error), body: undefined };
        }
      };
      let answer = await attempt();
      const failed = typeof answer.status !== 'number' || answer.status >= 500;
      if (failed && method === 'GET') {
        journal.retriedReads += 1;
        answer = await attempt();
      }
      if (typeof answer.status !== 'number' || answer.status >= 400) journal.failures.push({ method, path, status: answer.status });
      return answer as { status: number; body: ParsedAnswer };
    }

    const login = await call('POST', '/token', undefined, { grant_type: 'password', client_id: 'tessera-web', email: LEARNER, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    accessToken = login.body.access_token;
    let refreshToken: string = login.body.refresh_token;

    const me = await call('GET', '/users/me');
    const tenantId: string = me.body.data.memberships.find((membership: { tenant: { slug: string } }) => membership.tenant.slug === DEMO_ORGANIZATION.slug)
      .tenant.id;
    const modules = await call('GET', `/tenants/${tenantId}/modules`);
    const moduleId: string = modules.body.data[0].id;
    const components = await call('GET', `/tenants/${tenantId}/modules/${moduleId}/components`);
    const componentId: string = components.body.data[0].id;
    const topics = await call('GET', `/tenants/${tenantId}/components/${componentId}/topics`);
    const topicIds: string[] = topics.body.data.map((topic: { id: string }) => topic.id);
    let checklist = { topicId: '', rowId: '' };
    for (const topicId of topicIds) {
      const items = await call('GET', `/tenants/${tenantId}/topics/${topicId}/items`);
      const procedureRow = items.body.data.find((item: { is_procedure?: boolean }) => item.is_procedure);
      if (procedureRow) checklist = { topicId, rowId: procedureRow.id };
    }
    expect(checklist.rowId).not.toBe('');

    let resetsRequested = 0;
    /** One pass of the learner's journey: read the content, tick or untick a step; now and then forget the password. */
    async function journeyStep(step: number) {
      await call('GET', '/users/me');
      await call('GET', `/tenants/${tenantId}/modules`);
      await call('GET', `/tenants/${tenantId}/modules/${moduleId}/components`);
      await call('GET', `/tenants/${tenantId}/components/${componentId}/topics`);
      await call('GET', `/tenants/${tenantId}/topics/${checklist.topicId}/items`);
      const tick = `/tenants/${tenantId}/topics/${checklist.topicId}/items/completed/${checklist.rowId}`;
      await call(step % 2 === 0 ? 'POST' : 'DELETE', tick);
      if (step % 4 === 0) {
        const reset = await call('POST', '/forgot-password', { email: LEARNER });
        if (reset.status < 300) resetsRequested += 1;
      }
      if (step % 5 === 0) {
        const rotated = await call('POST', '/token', undefined, { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: refreshToken });
        accessToken = rotated.body.access_token;
        refreshToken = rotated.body.refresh_token;
      }
    }

    for (let step = 0; step < 12; step += 1) await journeyStep(step);
    const beforeKill = journal.requests.length;
    expect(new Set(journal.requests.map((request) => request.servedBy))).toEqual(new Set(['s1', 's2', 's3']));

    // SIGKILL the process round-robin sends the next request to, while that read is on its way.
    const lastServer = journal.requests[journal.requests.length - 1].servedBy;
    const killed = servers[(servers.findIndex((server) => server.name === lastServer) + 1) % servers.length];
    const read = call('GET', `/tenants/${tenantId}/modules`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    killed.child.kill('SIGKILL');
    expect((await read).status).toBe(200);
    await killed.exited;
    for (let step = 12; step < 24; step += 1) await journeyStep(step);
    const afterKill = journal.requests.slice(beforeKill + 1);
    expect(afterKill.filter((request) => request.servedBy === killed.name)).toEqual([]);
    // Down by its refused connections (or, were a check in flight at the kill, its reset one).
    expect(haproxyLog).toContain(`Server servers/${killed.name} is DOWN, reason: `);

    // SIGTERM another: readiness turns 503, HAProxy takes it out, then it drains. Nothing fails, not even a read.
    const failuresBeforeDrain = journal.failures.length;
    const retriesBeforeDrain = journal.retriedReads;
    const stopped = servers.find((server) => server !== killed && server.name !== journal.requests[journal.requests.length - 1].servedBy) as ServerProcess;
    stopped.child.kill('SIGTERM');
    const drained = stopped.exited;
    let step = 24;
    let running = true;
    void drained.then(() => (running = false));
    while (running || step < 40) {
      await journeyStep(step);
      step += 1;
    }
    expect(await drained).toBe(0);
    // Taken out by its readiness answer while it still listened, not by a refused connection once it had closed.
    expect(haproxyLog).toContain(`Server servers/${stopped.name} is DOWN, reason: Layer7 wrong status, code: 503`);
    expect(journal.failures.slice(failuresBeforeDrain)).toEqual([]);
    expect(journal.retriedReads).toBe(retriesBeforeDrain);
    const survivor = servers.find((server) => server !== killed && server !== stopped) as ServerProcess;
    expect(new Set(journal.requests.slice(-10).map((request) => request.servedBy))).toEqual(new Set([survivor.name]));

    // What the learner saw: no failure at all, beyond at most one read sent twice.
    expect(journal.failures).toEqual([]);
    expect(journal.retriedReads).toBeLessThanOrEqual(1);

    // On Node 22 and later, oidc-provider finds its runtime supported: no warning at start (Node 20 gets one).
    if (Number(process.versions.node.split('.')[0]) >= 22) expect(serverErrors).not.toContain('Unsupported runtime');

    // Every reset asked for was mailed, by whichever process was left to work the queue.
    expect(resetsRequested).toBeGreaterThanOrEqual(8);
    await until(
      'every reset mail',
      () => new Set(smtp.received.filter((mail) => mail.to.includes(LEARNER)).map((mail) => mail.messageId)).size >= resetsRequested,
      30_000,
    );
    const resetMails = smtp.received.filter((mail) => mail.to.includes(LEARNER));
    expect(new Set(resetMails.map((mail) => mail.messageId)).size).toBe(resetsRequested);
  }, 180_000);
});
