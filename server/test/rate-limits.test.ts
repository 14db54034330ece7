/** Rate limits: 429 with Retry-After and the error body, counted in memory or in Redis. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig, type ServerConfig } from '../src/config.js';
import { solvedCaptcha } from './support/captcha.js';
import {
  PASSWORD,
  createUser,
  loggedInUser,
  startServer,
  startTestServer,
  uniqueEmail,
  type TestContext,
  type TestServer,
} from './support/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const LOW_LIMITS: RateLimitConfig = {
  ...DEFAULT_RATE_LIMITS,
  login: { points: 3, duration: 60 },
  loginIp: { points: 8, duration: 60 },
  signUp: { points: 2, duration: 60 },
  confirmEmail: { points: 2, duration: 60 },
  resendConfirmation: { points: 1, duration: 60 },
  forgotPassword: { points: 2, duration: 60 },
  resetPassword: { points: 2, duration: 60 },
  finishRegistration: { points: 2, duration: 60 },
};

function expectRateLimited(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const wrongLogin = (server: TestServer, email: string, password = 'Wrong-password-1') =>
  server.api.post('/token', undefined, { form: { grant_type: 'password', client_id: 'tessera-web', email, password } });

const stores: { name: string; overrides: () => Partial<ServerConfig> }[] = [
  { name: 'memory', overrides: () => ({}) },
  { name: 'redis', overrides: () => ({ redisUrl: REDIS_URL, rateLimitPrefix: `tessera-test-${randomBytes(4).toString('hex')}` }) },
];

describe.each(stores)('rate limits in $name', ({ overrides }) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer('sqlite', { rateLimits: LOW_LIMITS, ...overrides() });
    server = context.server;
  });
  afterAll(() => context.cleanup());

  it('limits resending the confirmation per account', async () => {
    const { user, tokens } = await loggedInUser(server);
    await server.app.knex('users').where('id', user.id).update({ confirmed_at: null });
    expect((await server.api.post('/users/me/notifications/confirm-email', undefined, { token: tokens.access_token })).status).toBe(202);
    expectRateLimited(await server.api.post('/users/me/notifications/confirm-email', undefined, { token: tokens.access_token }));
  });

  it('blocks an email after repeated wrong passwords from one address, even with the right password', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 3; i += 1) expect((await wrongLogin(server, user.email)).status).toBe(401);
    expectRateLimited(await wrongLogin(server, user.email));
    expectRateLimited(await wrongLogin(server, user.email, PASSWORD));
  });

  it('does not count successful logins, and a success clears the failures', async () => {
    const user = await createUser(server);
    await wrongLogin(server, user.email);
    await wrongLogin(server, user.email);
    expect((await wrongLogin(server, user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await wrongLogin(server, user.email)).status).toBe(401);
    expectRateLimited(await wrongLogin(server, user.email));
  });

  it('limits each public account call per address', async () => {
    const calls: [string, () => Promise<unknown>][] = [
      ['/sign-up', async () => ({ email: uniqueEmail(), name: 'Rae Limit', password: PASSWORD, recaptcha_token: await solvedCaptcha(server.api) })],
      ['/confirm-email', async () => ({ token: 'nope' })],
      ['/forgot-password', async () => ({ email: uniqueEmail() })],
      ['/reset-password', async () => ({ email: uniqueEmail(), password: PASSWORD, token: 'nope' })],
      ['/finish-registration', async () => ({ email: uniqueEmail(), name: 'Rae Limit', password: PASSWORD, password_confirmation: PASSWORD, token: 'nope' })],
    ];
    for (const [path, body] of calls) {
      for (let i = 0; i < 2; i += 1) expect((await server.api.post(path, await body())).status, path).not.toBe(429);
      expectRateLimited(await server.api.post(path, await body()));
    }
  });

  it('blocks an address after many failures across different emails', async () => {
    // The per-address counter may already hold failures from the tests above; it never exceeds 8.
    let limited = false;
    for (let i = 0; i < 9 && !limited; i += 1) {
      const response = await wrongLogin(server, uniqueEmail('spray'));
      limited = response.status === 429;
      if (limited) expectRateLimited(response);
    }
    expect(limited).toBe(true);
  });
});

describe('rate limits in redis are shared between processes', () => {
  let context: TestContext;
  let second: TestServer;

  beforeAll(async () => {
    context = await startTestServer('sqlite', {
      rateLimits: LOW_LIMITS,
      redisUrl: REDIS_URL,
      rateLimitPrefix: `tessera-test-${randomBytes(4).toString('hex')}`,
    });
    second = await startServer(context.server.config);
  });
  afterAll(async () => {
    await second.close();
    await context.cleanup();
  });

  it('counts failures on both servers together', async () => {
    const user = await createUser(context.server);
    expect((await wrongLogin(context.server, user.email)).status).toBe(401);
    expect((await wrongLogin(second, user.email)).status).toBe(401);
    expect((await wrongLogin(context.server, user.email)).status).toBe(401);
    expectRateLimited(await wrongLogin(second, user.email));
  });
});
