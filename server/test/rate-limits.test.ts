/** Rate limits: 429 with Retry-After and the error body, counted in memory or in Redis. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig, type ServerConfig } from '../src/config.js';
import { FREE_FAILURES, MAX_BACKOFF_SECONDS, backoffSeconds } from '../src/security/login-guard.js';
import { solvedCaptcha } from './support/captcha.js';
import { insertTenant, person } from './support/people.js';
import { multipart } from './support/uploads.js';
import { PASSWORD, createUser, loggedInUser, startServer, startTestServer, uniqueEmail, type TestContext, type TestServer } from './support/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const LOW_LIMITS: RateLimitConfig = {
  ...DEFAULT_RATE_LIMITS,
  login: { points: 3, duration: 60 },
  loginIp: { points: 8, duration: 60 },
  loginAccount: { points: 100, duration: 3600 },
  memberUploads: { points: 2, duration: 60 },
  signUp: { points: 2, duration: 60 },
  confirmEmail: { points: 2, duration: 60 },
  resendConfirmation: { points: 1, duration: 60 },
  forgotPassword: { points: 2, duration: 60 },
  resetPassword: { points: 2, duration: 60 },
  finishRegistration: { points: 2, duration: 60 },
};

function expectRateLimited(response: { status: number; headers: Headers; body: unknown }) {
  expect(response.status).toBe(429);
  const body = response.body as Record<string, unknown>;
  expect(body).toMatchObject({ message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' });
  // The token endpoint answers OAuth's shape beside the API's (oidc/oauth-errors.ts); the other calls only the API's.
  if ('error' in body) expect(body).toMatchObject({ error: 'temporarily_unavailable', error_description: body.message });
  else expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const wrongLogin = (server: TestServer, email: string, password = 'Wrong-password-1', from?: string) =>
  server.api.post('/token', undefined, {
    form: { grant_type: 'password', client_id: 'tessera-web', email, password },
    headers: from ? { 'X-Forwarded-For': from } : {},
  });

/** How many answers of a burst were evaluated (200 or 401) and how many were refused (429). */
function tally(responses: { status: number }[]) {
  const evaluated = responses.filter((response) => response.status === 200 || response.status === 401).length;
  const limited = responses.filter((response) => response.status === 429).length;
  return { evaluated, limited, other: responses.length - evaluated - limited };
}

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

  // First: the login tests below spend this address's login attempts.
  it("limits a learner's uploads per membership, and not an author's", async () => {
    const tenant = await insertTenant(server);
    const learner = await person(server, { tenantId: tenant.id, role: 'user' });
    const master = await person(server, { tenantId: tenant.id, role: 'master' });
    const suggest = (token: string) => multipart(server, `/tenants/${tenant.id}/suggestions`, { text: 'With no picture yet' }, token);
    for (let i = 0; i < LOW_LIMITS.memberUploads.points; i += 1) expect((await suggest(learner.token)).status).toBe(201);
    expectRateLimited(await suggest(learner.token));
    // JSON suggestions carry no upload; authors are not counted.
    expect((await server.api.post(`/tenants/${tenant.id}/suggestions`, { text: 'Words only' }, { token: learner.token })).status).toBe(201);
    for (let i = 0; i < LOW_LIMITS.memberUploads.points + 1; i += 1) expect((await suggest(master.token)).status).toBe(201);
  });

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

describe.each(stores)('login limits against parallel and distributed guessing in $name', ({ overrides }) => {
  let context: TestContext;
  let server: TestServer;
  let nextAddress = 0;
  /** A fresh client address (the server trusts X-Forwarded-For here, as behind a load balancer). */
  const freshAddress = () => `198.51.100.${(nextAddress += 1)}`;

  beforeAll(async () => {
    context = await startTestServer('sqlite', { rateLimits: { ...LOW_LIMITS, loginIp: { points: 10, duration: 60 } }, trustProxy: true, ...overrides() });
    server = context.server;
  });
  afterAll(() => context.cleanup());

  it('evaluates no more parallel guesses for one account from one address than the limit', async () => {
    const user = await createUser(server);
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 40 }, () => wrongLogin(server, user.email, undefined, address)));
    expect(tally(burst)).toEqual({ evaluated: LOW_LIMITS.login.points, limited: 40 - LOW_LIMITS.login.points, other: 0 });
    expectRateLimited(await wrongLogin(server, user.email, PASSWORD, address));
  });

  it('evaluates no more parallel guesses over many accounts from one address than the address limit', async () => {
    const address = freshAddress();
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser(server)));
    const burst = await Promise.all(users.map((user) => wrongLogin(server, user.email, undefined, address)));
    expect(tally(burst)).toEqual({ evaluated: 10, limited: 20, other: 0 });
  });

  it('keeps the right password in a parallel burst from logging in once the limit is spent', async () => {
    const user = await createUser(server);
    const address = freshAddress();
    const guesses = Array.from({ length: 30 }, (_, index) => (index === 29 ? PASSWORD : `Wrong-password-${index}`));
    const burst = await Promise.all(guesses.map((password) => wrongLogin(server, user.email, password, address)));
    const { evaluated, limited } = tally(burst);
    expect(evaluated).toBeLessThanOrEqual(LOW_LIMITS.login.points);
    expect(limited).toBeGreaterThanOrEqual(30 - LOW_LIMITS.login.points);
  });

  it('backs off an account guessed from many addresses, and lets the owner in once the wait is over', async () => {
    const user = await createUser(server);
    for (let i = 0; i < FREE_FAILURES; i += 1) expect((await wrongLogin(server, user.email, undefined, freshAddress())).status).toBe(401);
    // The sixth guess comes from yet another address: the account itself now waits, whatever the address.
    const refused = await wrongLogin(server, user.email, PASSWORD, freshAddress());
    expectRateLimited(refused);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get('retry-after')) * 1000 + 50));
    expect((await wrongLogin(server, user.email, undefined, freshAddress())).status).toBe(401);
    // Each failure past the free ones doubles the wait.
    const longer = await wrongLogin(server, user.email, PASSWORD, freshAddress());
    expectRateLimited(longer);
    expect(Number(longer.headers.get('retry-after'))).toBe(backoffSeconds(FREE_FAILURES + 1));
    await new Promise((resolve) => setTimeout(resolve, backoffSeconds(FREE_FAILURES + 1) * 1000 + 50));
    expect((await wrongLogin(server, user.email, PASSWORD, freshAddress())).status).toBe(200);
    // The right password cleared the failures: the next wrong one is free again.
    expect((await wrongLogin(server, user.email, undefined, freshAddress())).status).toBe(401);
    expect((await wrongLogin(server, user.email, undefined, freshAddress())).status).toBe(401);
  });

  it('caps the evaluated guesses per account in a parallel burst from many addresses', async () => {
    const small = await startTestServer('sqlite', {
      rateLimits: { ...LOW_LIMITS, loginIp: { points: 100, duration: 60 }, loginAccount: { points: 12, duration: 3600 } },
      trustProxy: true,
      ...overrides(),
    });
    try {
      const user = await createUser(small.server);
      const burst = await Promise.all(Array.from({ length: 60 }, (_, index) => wrongLogin(small.server, user.email, undefined, `203.0.113.${index + 1}`)));
      // At most the account's 12; fewer when the backoff (after 5 failures) starts before the last guesses arrive.
      const { evaluated, limited, other } = tally(burst);
      expect(evaluated).toBeLessThanOrEqual(12);
      expect(evaluated).toBeGreaterThanOrEqual(FREE_FAILURES);
      expect({ limited, other }).toEqual({ limited: 60 - evaluated, other: 0 });
    } finally {
      await small.cleanup();
    }
  });
});

describe('login backoff', () => {
  it('tells a refused client the longest wait of the limits that refuse it, not the shortest', async () => {
    const context = await startTestServer('sqlite', { rateLimits: { ...LOW_LIMITS, login: { points: FREE_FAILURES, duration: 60 } } });
    try {
      const user = await createUser(context.server);
      for (let i = 0; i < FREE_FAILURES; i += 1) expect((await wrongLogin(context.server, user.email)).status).toBe(401);
      // The account now waits one second (its backoff) and this address has spent its attempts for the minute:
      // Retry-After must name the minute, or the client comes back after a second to be refused again.
      const refused = await wrongLogin(context.server, user.email, PASSWORD);
      expectRateLimited(refused);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    } finally {
      await context.cleanup();
    }
  });

  it('is free for the first failures, then doubles up to a minute', () => {
    expect([0, 4, 5, 6, 7, 10, 11, 12, 40].map(backoffSeconds)).toEqual([0, 0, 1, 2, 4, 32, MAX_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS]);
  });
});
