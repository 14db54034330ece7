/**
 * What an operator relies on (issue 34; ARCHITECTURE.md#operating-tessera): the probes (liveness, readiness with each
 * dependency, 503 from the start of a shutdown while requests are still served), the Prometheus metrics (by route
 * template, never a raw path; behind their token or on a port of their own) and one access line per request with the
 * request id a trusted proxy sent.
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { insertTenant, person } from './support/people.js';
import { insertFailedJob } from './support/jobs.js';
import { databaseKinds, startServer, startTestServer, type TestContext, type TestServer } from './support/server.js';

const METRICS_TOKEN = 'metrics-token-of-at-least-32-characters';

describe.each(databaseKinds)('operating Tessera on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind, { metrics: { port: null, host: '127.0.0.1', token: METRICS_TOKEN } });
    server = context.server;
  });
  afterAll(() => context.cleanup());

  it('answers liveness, and readiness with every dependency checked (Redis skipped when not configured)', async () => {
    const live = await server.api.get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ data: { status: 'ok', checks: {} } });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await server.api.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ok');
    expect(Object.fromEntries(Object.entries(ready.body.data.checks).map(([name, check]) => [name, (check as { status: string }).status]))).toEqual({
      accepting: 'ok',
      database: 'ok',
      migrations: 'ok',
      redis: 'skipped',
      storage: 'ok',
    });
    // The names probes try first answer the same JSON, never the portal's page.
    for (const [path, expected] of [
      ['/healthz', 200],
      ['/readyz', 200],
    ] as const) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(expected);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('is not ready while a dependency is down: a Redis that does not answer, storage that cannot be written', async () => {
    // The media folder's place is taken by a file: nothing can be stored there.
    const notAFolder = join(server.dataDir, 'media-is-a-file');
    writeFileSync(notAFolder, 'not a folder');
    const broken = await startServer({
      ...server.config,
      redisUrl: 'redis://127.0.0.1:1',
      orphanSweepIntervalMs: 0,
      media: { ...server.config.media, storage: { driver: 'local', root: notAFolder } },
    });
    try {
      const ready = await broken.api.get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.data).toMatchObject({
        status: 'unavailable',
        checks: { database: { status: 'ok' }, redis: { status: 'failed' }, storage: { status: 'failed' } },
      });
      // Why is for the log: the public answer names no path, host or error.
      expect(JSON.stringify(ready.body)).not.toMatch(/media-is-a-file|127\.0\.0\.1|ECONN|EEXIST|ENOTDIR/);
      expect((await fetch(`${broken.url}/readyz`)).status).toBe(503);
    } finally {
      await broken.close();
    }
  });

  it('turns readiness 503 as a shutdown begins, still serving requests until the listener closes', async () => {
    const stopping = await startServer({ ...server.config, shutdownDelayMs: 1500 });
    const closed = stopping.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await stopping.api.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data.checks.accepting.status).toBe('failed');
    expect((await stopping.api.get('/version')).status).toBe(200);
    await closed;
    await expect(fetch(`${stopping.url}/api/version`)).rejects.toThrow();
  });

  it('serves Prometheus metrics behind their token, labelled by route template and never by a raw path', async () => {
    const tenant = await insertTenant(server);
    const member = await person(server, { tenantId: tenant.id, role: 'user' });
    expect((await server.api.get('/users/me', { token: member.token })).status).toBe(200);
    expect((await server.api.get(`/tenants/${tenant.id}/modules`, { token: member.token })).status).toBe(200);
    expect(
      (
        await server.api.post('/token', undefined, {
          form: { grant_type: 'password', client_id: 'tessera-web', email: member.user.email, password: 'Wrong-pass-1' },
        })
      ).status,
    ).toBe(401);
    await insertFailedJob(server);

    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-but-just-as-long-as-it' } })).status).toBe(401);
    const scraped = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = await scraped.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/users\/me",status="200"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/tenants\/:tenantId\/modules",status="200"\} [1-9]/);
    expect(text).not.toContain(tenant.id);
    expect(text).toMatch(/http_requests_in_flight \d/);
    expect(text).toMatch(/db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/logins_total\{outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/logins_total\{outcome="refused"\} [1-9]/);
    expect(text).toMatch(/jobs\{kind="mail",state="failed"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/process_resident_memory_bytes/);
  });

  it('serves the metrics on a port of their own when asked, and /metrics is a JSON 404 when they are off', async () => {
    const own = await createApp({ ...server.config, metrics: { port: 0, host: '127.0.0.1', token: null } });
    const { metricsUrl, url } = await own.listen(0, '127.0.0.1');
    try {
      expect(metricsUrl).toBeDefined();
      const scraped = await fetch(metricsUrl as string);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('http_requests_in_flight');
      // On the main port, without a token, /metrics is nobody's.
      const main = await fetch(`${url}/metrics`);
      expect(main.status).toBe(404);
      expect(main.headers.get('content-type')).toContain('application/json');
    } finally {
      await own.close();
    }
  });

  it('writes one access line per request: id, method, route template, status, time, bytes, organization, account; no query string', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logged = await createApp({ ...server.config, trustProxy: true }, { logger: pino({ level: 'info' }, sink) });
    const { url } = await logged.listen(0, '127.0.0.1');
    try {
      const tenant = await insertTenant(server);
      const member = await person(server, { tenantId: tenant.id, role: 'user' });
      const answer = await fetch(`${url}/api/tenants/${tenant.id}/modules?search=secret-term`, {
        headers: { Authorization: `Bearer ${member.token}`, 'X-Request-Id': 'lb-7f3a:42' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-request-id')).toBe('lb-7f3a:42');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const access = lines.filter((line) => line.msg === 'request' && line.request_id === 'lb-7f3a:42');
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({
        method: 'GET',
        route: '/api/tenants/:tenantId/modules',
        status: 200,
        bytes: Number(answer.headers.get('content-length')),
        tenant_id: tenant.id,
        account_id: member.user.id,
      });
      expect(access[0].ms).toEqual(expect.any(Number));
      expect(JSON.stringify(lines)).not.toContain('secret-term');
      expect(JSON.stringify(lines)).not.toContain(member.token);
      // A client that goes away mid-request still gets its line, marked aborted, once the connection closes.
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /api/sign-up HTTP/1.1\r\nHost: x\r\nX-Request-Id: lb-gone:7\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await expect
        .poll(() => lines.find((line) => line.request_id === 'lb-gone:7'), { timeout: 2000 })
        .toMatchObject({
          method: 'POST',
          aborted: true,
          tenant_id: null,
          account_id: null,
        });
      // An id that could break a log line or a header is not taken: a fresh one is made.
      const forged = await fetch(`${url}/api/version`, { headers: { 'X-Request-Id': 'x'.repeat(200) } });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await logged.close();
    }
  });
});
