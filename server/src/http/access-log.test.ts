import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, lineWriter } from '../logger.js';
import { accessLineWriter, type AccessFields } from './access-log.js';
import { requestContext } from './error-middleware.js';
import { apiRouter, Routes } from './router.js';

const request = (requestId: string): AccessFields => ({
  requestId,
  method: 'GET',
  route: '/api/users/me',
  status: 200,
  ms: 1.2,
  endedAt: performance.now(),
  bytes: 412,
  aborted: false,
  tenantId: null,
  accountId: 'account-1',
});

/** A stream the test reads back: what was written to it, a write each. */
function collectingStream(): { writes: string[]; sink: Writable } {
  const writes: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { writes, sink };
}

describe('the access log', () => {
  it('hands its lines to the log in blocks, each ahead of the next line the logger writes itself', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tessera-access-log-')), 'log.jsonl');
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, file);
    const write = accessLineWriter(logger);
    if (!write) throw new Error('no access log at info');
    const written = async () => {
      await new Promise((resolve) => logger.flush(resolve));
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };

    write(request('r-1'));
    write(request('r-2'));
    logger.info('between');
    write(request('r-3'));
    const lines = await written();
    expect(lines.map((line) => line.request_id ?? line.msg)).toEqual(['r-1', 'r-2', 'between']);
    expect(lines[0]).toMatchObject({ level: 30, service: 'tessera', method: 'GET', route: '/api/users/me', status: 200, bytes: 412, msg: 'request' });

    // r-3 is held with the requests after it: their lines are made 64 at a time, and written once a block of 12 KB
    // is full, without waiting for the logger.
    const later = Array.from({ length: 200 }, (_, index) => `b-${index}`);
    for (const id of later) write(request(id));
    const ids = (await written()).map((line) => line.request_id ?? line.msg);
    expect(ids.slice(0, 4)).toEqual(['r-1', 'r-2', 'between', 'r-3']);
    expect(ids.length).toBeGreaterThan(4 + 100);
    expect(ids.length).toBeLessThan(4 + 200);
    expect(ids.slice(4)).toEqual(later.slice(0, ids.length - 4));
    // …and the rest before the logger's next line.
    logger.info('after');
    expect((await written()).map((line) => line.request_id ?? line.msg)).toEqual(['r-1', 'r-2', 'between', 'r-3', ...later, 'after']);
  });

  it('keeps the order of held lines, a line longer than a block, and the logger’s own lines', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tessera-held-lines-')), 'log.jsonl');
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, file);
    const write = lineWriter(logger, (line: string) => line);
    const long = `{"msg":"${'x'.repeat(20 * 1024)}"}\n`;
    write('{"msg":"first"}\n');
    write(long);
    write('{"msg":"after the long one"}\n');
    logger.info('logger');
    await new Promise((resolve) => logger.flush(resolve));
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg.slice(0, 20))).toEqual(['first', 'x'.repeat(20), 'after the long one', 'logger']);
    expect(lines[1].length).toBe(long.length - 1);
  });

  it('writes each line at once to a stream the log did not make (a test’s, or pino-pretty’s)', () => {
    const { writes, sink } = collectingStream();
    const write = accessLineWriter(pino({ level: 'info', base: { service: 'tessera' } }, sink));
    write?.(request('r-1'));
    expect(writes.map((line) => (JSON.parse(line) as { request_id: string }).request_id)).toEqual(['r-1']);
  });

  it('writes the line of a request a server other than Tessera’s own answered (the app’s callback mounted elsewhere)', async () => {
    const { writes, sink } = collectingStream();
    const app = new Koa();
    app.use(requestContext(pino({ level: 'info' }, sink)).middleware);
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/anywhere?token=secret`);
      const requestId = response.headers.get('X-Request-Id');
      await response.text();
      await vi.waitFor(() => expect(writes).toHaveLength(1));
      expect(JSON.parse(writes[0])).toMatchObject({ request_id: requestId, method: 'GET', route: '/(portal)', status: 200, bytes: 11 });
      expect(writes[0]).not.toContain('secret');
    } finally {
      server.close();
    }
  });

  it('prints the time of each line and its duration to a tenth of a millisecond, as JSON numbers', () => {
    const { writes, sink } = collectingStream();
    const write = accessLineWriter(pino({ level: 'info' }, sink));
    const durations = [0, 0.04, 0.05, 0.96, 1.2, 12, 99.99, 1234.56];
    const before = Date.now();
    for (const ms of durations) write?.({ ...request('r'), ms });
    const after = Date.now();
    const lines = writes.map((line) => JSON.parse(line) as { ms: number; time: number });
    expect(lines.map((line) => line.ms)).toEqual([0, 0, 0.1, 1, 1.2, 12, 100, 1234.6]);
    expect(writes[4]).toContain('"ms":1.2,');
    expect(writes[5]).toContain('"ms":12,');
    for (const { time } of lines) expect(time >= before && time <= after).toBe(true);
  });

  it('writes route templates as they are: the router refuses at start one the line would have to escape', () => {
    const routes = new Routes();
    routes.get('/modules/"quoted"', async () => undefined);
    expect(() => apiRouter('/api', [routes])).toThrow('The route /api/modules/"quoted" has a character JSON would escape.');
  });

  it('is off when the logger does not write info lines', () => {
    expect(accessLineWriter(pino({ level: 'warn' }))).toBeNull();
  });

  it('loses no held line when the process exits (pino’s asynchronous stream, as the server logs)', () => {
    const source = fileURLToPath(new URL('./access-log.ts', import.meta.url));
    const logger = fileURLToPath(new URL('../logger.ts', import.meta.url));
    const script = `
      const { accessLineWriter } = await import(${JSON.stringify(source)});
      const { createLogger } = await import(${JSON.stringify(logger)});
      const write = accessLineWriter(createLogger({ logLevel: 'info', logFormat: 'json' }));
      for (const id of ['last-1', 'last-2']) write({ ...${JSON.stringify(request('ID'))}, requestId: id });
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).toBe('');
    const ids = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { request_id?: string }).request_id);
    expect(ids).toEqual(['last-1', 'last-2']);
  });
});
