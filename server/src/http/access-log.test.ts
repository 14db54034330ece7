import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLineWriter, type AccessFields } from './access-log.js';
import { apiRouter, Routes } from './router.js';

const request = (requestId: string): AccessFields => ({
  requestId,
  method: 'GET',
  route: '/api/users/me',
  status: 200,
  ms: 1.2,
  bytes: 412,
  aborted: false,
  tenantId: null,
  accountId: 'account-1',
});

describe('the access log', () => {
  it('writes the lines of one turn of the event loop to the stream in one write, in order', async () => {
    const writes: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk.toString());
        done();
      },
    });
    const write = accessLineWriter(pino({ level: 'info', base: { service: 'tessera' } }, sink));
    if (!write) throw new Error('no access log at info');
    for (const id of ['r-1', 'r-2', 'r-3']) write(request(id));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = writes[0]
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.request_id)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(lines[0]).toMatchObject({ level: 30, service: 'tessera', method: 'GET', route: '/api/users/me', status: 200, bytes: 412, msg: 'request' });

    write(request('r-4'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
  });

  it('writes route templates as they are: the router refuses at start one the line would have to escape', () => {
    const routes = new Routes();
    routes.get('/modules/"quoted"', async () => undefined);
    expect(() => apiRouter('/api', [routes])).toThrow('The route /api/modules/"quoted" has a character JSON would escape.');
  });

  it('is off when the logger does not write info lines', () => {
    expect(accessLineWriter(pino({ level: 'warn' }))).toBeNull();
  });

  it('loses no line of the turn a process exits in (pino’s asynchronous stream, as the server logs)', () => {
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
