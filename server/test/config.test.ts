/** Configuration from the environment, the production guard rails, secrets kept on disk, and small input helpers. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PASSWORD_HASH, assertUsable, loadConfig } from '../src/config.js';
import { errorMiddleware, requestContext } from '../src/http/error-middleware.js';
import { parseFlag } from '../src/http/input.js';
import { createLogger } from '../src/logger.js';
import { loadSecrets } from '../src/secrets.js';
import { assertSchema } from './support/contract.js';

const folders: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data under the directory npm was started in, SQLite', () => {
    const config = loadConfig({ INIT_CWD: '/srv/tessera' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/srv/tessera/data');
    expect(config.database).toEqual({ client: 'sqlite', filename: '/srv/tessera/data/tessera.sqlite' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.allowedOrigins).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    expect(config.passwordHash).toEqual(DEFAULT_PASSWORD_HASH);
    expect(config.portalDist).toMatch(/portal\/dist$/);
    expect(config.widgetsDist).toMatch(/widgets\/dist$/);
  });

  it('reads PORT, DATA_DIR, PUBLIC_URL, DATABASE_URL, ALLOWED_ORIGINS and rate limits', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/tessera',
      PUBLIC_URL: 'https://training.example.com/',
      DATABASE_URL: 'postgres://db/tessera',
      ALLOWED_ORIGINS: 'https://intranet.example.com/, https://hr.example.com',
      RATE_LIMIT_LOGIN: '10/120',
      NODE_ENV: 'production',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/tessera');
    expect(config.publicUrl).toBe('https://training.example.com');
    expect(config.database).toEqual({ client: 'pg', url: 'postgres://db/tessera', schema: undefined });
    expect(config.allowedOrigins).toEqual(['https://intranet.example.com', 'https://hr.example.com']);
    expect(config.rateLimits.login).toEqual({ points: 10, duration: 120 });
  });

  it('rejects malformed values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_SIGN_UP: 'lots' })).toThrow(/points\/seconds/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db' })).toThrow(/postgres/);
  });

  it('requires a strong secret and the production argon2 cost in production', () => {
    expect(() => assertUsable(loadConfig({ NODE_ENV: 'production' }))).toThrow(/TESSERA_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => assertUsable(loadConfig({ NODE_ENV: 'production', TESSERA_SECRET: secret }))).not.toThrow();
    expect(() => assertUsable(loadConfig({ NODE_ENV: 'production', TESSERA_SECRET: secret, ARGON2_MEMORY_COST: '1024' }))).toThrow(/Argon2/);
    // The demo may run in production mode without one: its secret is generated into the data folder.
    expect(() => assertUsable(loadConfig({ NODE_ENV: 'production' }, { demo: true }))).not.toThrow();
  });
});

describe('loadSecrets', () => {
  it('keeps the page refresh lifetime between the access token and the login lifetimes', () => {
    expect(loadConfig({}).tokens.pageRefreshTokenTtl).toBe(8 * 3600);
    expect(() => assertUsable(loadConfig({ PAGE_REFRESH_TOKEN_TTL: '60' }))).toThrow(/PAGE_REFRESH_TOKEN_TTL/);
    expect(() => assertUsable(loadConfig({ PAGE_REFRESH_TOKEN_TTL: String(31 * 24 * 3600) }))).toThrow(/PAGE_REFRESH_TOKEN_TTL/);
    expect(() => assertUsable(loadConfig({ PAGE_REFRESH_TOKEN_TTL: '7200' }))).not.toThrow();
  });

  it('generates the secret and signing keys once and reuses them', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const first = loadSecrets(config);
    const second = loadSecrets(config);
    expect(second).toEqual(first);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
    const file = join(config.dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps a configured secret out of the file', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TESSERA_SECRET: 'configured-secret-configured-secret' });
    expect(loadSecrets(config).secret).toBe('configured-secret-configured-secret');
    const stored = JSON.parse(readFileSync(join(config.dataDir, 'secrets.json'), 'utf8'));
    expect(stored.secret).toBeUndefined();
    expect(existsSync(join(config.dataDir, 'secrets.json'))).toBe(true);
  });
});

describe('the error middleware', () => {
  async function answer(error: unknown) {
    const app = new Koa();
    app.use(requestContext(createLogger({ logLevel: 'silent' })).middleware);
    app.use(errorMiddleware());
    app.use(() => {
      throw error;
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/`);
      return { status: response.status, body: await response.json() };
    } finally {
      server.close();
    }
  }

  it("maps formidable's httpCode (not status) to 413 rather than 500", async () => {
    const formidableError = Object.assign(new Error('maxFileSize exceeded'), { httpCode: 413, code: 1009 });
    const response = await answer(formidableError);
    expect(response).toEqual({ status: 413, body: { message: 'The request body is too large.', code: 'payload_too_large' } });
    assertSchema('Error', response.body);
  });

  it('never shows the message of an unexpected error', async () => {
    const response = await answer(new Error('password=hunter2 in SELECT ...'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
    expect(response.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('treats library 5xx errors as unexpected too', async () => {
    const response = await answer(Object.assign(new Error('upstream'), { status: 502, expose: false }));
    expect(response.status).toBe(500);
  });
});

describe('parseFlag', () => {
  it('reads true/false, 1/0 and their strings, and nothing else', () => {
    for (const value of [true, 1, '1', 'true']) expect(parseFlag(value)).toBe(true);
    for (const value of [false, 0, '0', 'false']) expect(parseFlag(value)).toBe(false);
    for (const value of ['yes', 2, null, undefined, [], {}, 'TRUE ']) expect(parseFlag(value)).toBeUndefined();
  });
});

describe('limitConcurrency (argon2 hashing, image decoding)', () => {
  it('runs at most the limit at once, the rest in arrival order', async () => {
    const { limitConcurrency } = await import('../src/limit-concurrency.js');
    const limited = limitConcurrency(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) =>
      limited(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(id);
        active -= 1;
      });
    await Promise.all([1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });
});
