/** POST /api/token: login, refresh rotation and reuse detection, logout, and errors in the API's shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH } from '../src/config.js';
import { isProviderStorageEnabled } from '../src/oidc/provider-storage.js';
import { PASSWORD, createUser, databaseKinds, login, loggedInUser, startTestServer, uniqueEmail, type TestContext, type TestServer } from './support/server.js';

const CLIENT_ID = 'tessera-web';

describe.each(databaseKinds)('session on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
  });
  afterAll(() => context.cleanup());

  const passwordGrant = (email: string, password: string) => ({ grant_type: 'password', client_id: CLIENT_ID, email, password });
  const refreshGrant = (refreshToken: string) => ({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: refreshToken });

  describe('password grant', () => {
    it('logs in with a form body and answers a bearer token pair', async () => {
      const user = await createUser(server);
      const response = await server.api.post('/token', undefined, { form: passwordGrant(user.email, PASSWORD) });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(response.body.access_token).toMatch(/^[\w-]{43}$/);
      expect(response.body.refresh_token).toMatch(/^[\w-]{43}$/);
      const me = await server.api.get('/users/me', { token: response.body.access_token });
      expect(me.body.data.email).toBe(user.email);
    });

    it('accepts a JSON body and an email in other letter case', async () => {
      const user = await createUser(server);
      const response = await server.api.post('/token', passwordGrant(`  ${user.email.toUpperCase()} `, PASSWORD));
      expect(response.status).toBe(200);
    });

    it('answers 422 per field for missing or malformed input', async () => {
      const response = await server.api.post('/token', { grant_type: 'password', client_id: CLIENT_ID, email: 'not-an-email' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { email: ['The email must be a valid email address.'], password: ['The password field is required.'] },
        error: 'invalid_request',
        error_description: 'The given data was invalid.',
      });
    });

    it('answers 422 for wrong types and unknown grants', async () => {
      const wrongTypes = await server.api.post('/token', { grant_type: 'password', client_id: CLIENT_ID, email: ['a@b.co'], password: 12345678 });
      expect(wrongTypes.status).toBe(422);
      expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['email', 'password']);
      const unknown = await server.api.post('/token', { grant_type: 'implicit', client_id: CLIENT_ID });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.grant_type).toEqual(['The selected grant type is invalid.']);
      const missing = await server.api.post('/token', { client_id: CLIENT_ID });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toHaveProperty('grant_type');
    });

    it('answers 401 invalid_credentials for a wrong password or an unknown email', async () => {
      const user = await createUser(server);
      for (const attempt of [passwordGrant(user.email, 'Wrong-password-1'), passwordGrant(uniqueEmail('nobody'), PASSWORD)]) {
        const response = await server.api.post('/token', undefined, { form: attempt });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({
          code: 'invalid_credentials',
          message: 'The email and/or password are incorrect.',
          error: 'invalid_grant',
          error_description: 'The email and/or password are incorrect.',
        });
      }
    });

    it('answers 401 account_suspended for a suspended or banned account, only with the right password', async () => {
      const suspended = await createUser(server);
      const banned = await createUser(server);
      await server.app.knex('users').where('id', suspended.id).update({ is_active: false });
      await server.app.knex('users').where('id', banned.id).update({ deleted_at: new Date() });
      for (const user of [suspended, banned]) {
        const right = await server.api.post('/token', passwordGrant(user.email, PASSWORD));
        expect(right.status).toBe(401);
        expect(right.body).toEqual({
          code: 'account_suspended',
          message: 'Your account has been suspended.',
          error: 'invalid_grant',
          error_description: 'Your account has been suspended.',
        });
        const wrong = await server.api.post('/token', passwordGrant(user.email, 'Wrong-password-1'));
        expect(wrong.body.code).toBe('invalid_credentials');
      }
    });

    it('refuses an invited account that has no password yet', async () => {
      const email = uniqueEmail('invited');
      await server.app.knex('users').insert({ id: crypto.randomUUID(), email, name: '', password_hash: null, created_at: new Date(), updated_at: new Date() });
      const response = await server.api.post('/token', passwordGrant(email, PASSWORD));
      expect(response.body.code).toBe('invalid_credentials');
    });

    it('answers 401 invalid_client for an unknown client', async () => {
      const user = await createUser(server);
      const response = await server.api.post('/token', { ...passwordGrant(user.email, PASSWORD), client_id: 'someone-else' });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_client');
    });
  });

  describe('refresh_token grant', () => {
    it('rotates the pair: the new tokens work, the old refresh token is spent', async () => {
      const { tokens } = await loggedInUser(server);
      const rotated = await server.api.post('/token', undefined, { form: refreshGrant(tokens.refresh_token) });
      expect(rotated.status).toBe(200);
      expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
      expect(rotated.body.access_token).not.toBe(tokens.access_token);
      expect((await server.api.get('/users/me', { token: rotated.body.access_token })).status).toBe(200);
      // The access token of the first pair stays valid until it expires; only the refresh token rotates.
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    });

    it('keeps the lifetime of the login: a rotated refresh token expires when the first one would have', async () => {
      const { tokens } = await loggedInUser(server);
      const expiry = async (id: string) => {
        const row = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id }).first('expires_at');
        return new Date(row.expires_at).getTime();
      };
      const first = await expiry(tokens.refresh_token);
      await server.app
        .knex('oidc_payloads')
        .where({ kind: 'RefreshToken', id: tokens.refresh_token })
        .update({ expires_at: new Date(first - 5 * 24 * 3600 * 1000) });
      const shortened = await expiry(tokens.refresh_token);
      const payload = JSON.parse((await server.app.knex('oidc_payloads').where({ id: tokens.refresh_token }).first('payload')).payload);
      payload.exp -= 5 * 24 * 3600;
      await server.app
        .knex('oidc_payloads')
        .where({ id: tokens.refresh_token })
        .update({ payload: JSON.stringify(payload) });
      const rotated = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      expect(Math.abs((await expiry(rotated.body.refresh_token)) - shortened)).toBeLessThan(5000);
      // The provider read its request context to compute that, and let go of it afterwards.
      expect(isProviderStorageEnabled()).toBe(false);
    });

    it("gives a page on another origin a short refresh token that slides with each refresh, within the login's lifetime", async () => {
      const user = await createUser(server);
      const expiresIn = async (id: string) => {
        const row = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id }).first('expires_at');
        return (new Date(row.expires_at).getTime() - Date.now()) / 1000;
      };
      const fromPartner = { headers: { Origin: 'http://localhost:4000' } };
      const page = await server.api.post('/token', undefined, { form: passwordGrant(user.email, PASSWORD), ...fromPartner });
      expect(page.status).toBe(200);
      expect(await expiresIn(page.body.refresh_token)).toBeCloseTo(8 * 3600, -2);
      // The portal (PUBLIC_URL) and scripts (no Origin) keep the login's full lifetime.
      const portal = await server.api.post('/token', undefined, { form: passwordGrant(user.email, PASSWORD), headers: { Origin: 'http://tessera.test' } });
      expect(await expiresIn(portal.body.refresh_token)).toBeCloseTo(30 * 24 * 3600, -2);
      const script = await server.api.post('/token', undefined, { form: passwordGrant(user.email, PASSWORD) });
      expect(await expiresIn(script.body.refresh_token)).toBeCloseTo(30 * 24 * 3600, -2);

      // Each refresh from the page renews the 8 hours...
      const slid = await server.api.post('/token', undefined, { form: refreshGrant(page.body.refresh_token), ...fromPartner });
      expect(slid.status).toBe(200);
      expect(await expiresIn(slid.body.refresh_token)).toBeCloseTo(8 * 3600, -2);
      // ...but never past the login's 30 days: a login 29 days and 23 hours old has one hour left.
      const row = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id: slid.body.refresh_token }).first('payload');
      const payload = JSON.parse(row.payload);
      payload.iiat -= 30 * 24 * 3600 - 3600;
      await server.app
        .knex('oidc_payloads')
        .where({ kind: 'RefreshToken', id: slid.body.refresh_token })
        .update({ payload: JSON.stringify(payload) });
      const late = await server.api.post('/token', undefined, { form: refreshGrant(slid.body.refresh_token), ...fromPartner });
      expect(late.status).toBe(200);
      expect(await expiresIn(late.body.refresh_token)).toBeCloseTo(3600, -2);
    });

    it('revokes the whole login when a spent refresh token is presented again', async () => {
      const { tokens } = await loggedInUser(server);
      const first = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      const second = await server.api.post('/token', refreshGrant(first.body.refresh_token));
      expect(second.status).toBe(200);

      const reuse = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      // RFC 6749 5.2: 400 invalid_grant (the spec fixes 401 for a failed password login only).
      expect(reuse.status).toBe(400);
      expect(reuse.body.code).toBe('invalid_grant');

      // Every token of that login is gone: the latest pair too.
      expect((await server.api.get('/users/me', { token: second.body.access_token })).status).toBe(401);
      expect((await server.api.post('/token', refreshGrant(second.body.refresh_token))).status).toBe(400);
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
    });

    it('rotates a refresh token once when it is presented in parallel: every request gets the same pair, no fork', async () => {
      const { tokens } = await loggedInUser(server);
      const burst = await Promise.all(Array.from({ length: 5 }, () => server.api.post('/token', refreshGrant(tokens.refresh_token))));
      expect(burst.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      const pairs = new Set(burst.map((response) => `${response.body.access_token} ${response.body.refresh_token}`));
      expect(pairs.size).toBe(1);
      const grantId = (await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id: tokens.refresh_token }).first('grant_id')).grant_id;
      const refreshTokens = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', grant_id: grantId }).pluck('id');
      expect(refreshTokens.sort()).toEqual([tokens.refresh_token, burst[0].body.refresh_token].sort());
      // The one new pair works and rotates on as usual.
      expect((await server.api.get('/users/me', { token: burst[0].body.access_token })).status).toBe(200);
      expect((await server.api.post('/token', refreshGrant(burst[0].body.refresh_token))).status).toBe(200);
    });

    it('answers the same pair to the same refresh token presented again within the grace window', async () => {
      const { tokens } = await loggedInUser(server);
      const first = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      const again = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ access_token: first.body.access_token, refresh_token: first.body.refresh_token, token_type: 'Bearer' });
      expect(again.body.expires_in).toBeGreaterThan(3590);
      expect((await server.api.get('/users/me', { token: again.body.access_token })).status).toBe(200);
    });

    it('treats the spent refresh token as a replay once the grace window is over, and revokes the login', async () => {
      const { tokens } = await loggedInUser(server);
      const first = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      const graceMs = server.config.tokens.refreshGraceSeconds * 1000;
      await server.app
        .knex('oidc_payloads')
        .where({ kind: 'RefreshToken', id: tokens.refresh_token })
        .update({ consumed_at: new Date(Date.now() - graceMs - 1000) });
      const replay = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('invalid_grant');
      expect((await server.api.get('/users/me', { token: first.body.access_token })).status).toBe(401);
      expect((await server.api.post('/token', refreshGrant(first.body.refresh_token))).status).toBe(400);
    });

    it('leaves other logins of the same account alone when one is revoked', async () => {
      const { user, tokens } = await loggedInUser(server);
      const other = await login(server, user.email);
      await server.api.post('/token', refreshGrant(tokens.refresh_token));
      await server.api.post('/token', refreshGrant(tokens.refresh_token));
      expect((await server.api.get('/users/me', { token: other.access_token })).status).toBe(200);
    });

    it('answers 400 invalid_grant for an unknown refresh token and 422 when it is missing', async () => {
      const unknown = await server.api.post('/token', refreshGrant('x'.repeat(43)));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({
        code: 'invalid_grant',
        message: 'Your session has expired. Please log in again.',
        error: 'invalid_grant',
        error_description: 'Your session has expired. Please log in again.',
      });
      const missing = await server.api.post('/token', { grant_type: 'refresh_token', client_id: CLIENT_ID });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toHaveProperty('refresh_token');
    });

    it('refuses to refresh once the account is suspended', async () => {
      const { user, tokens } = await loggedInUser(server);
      await server.app.knex('users').where('id', user.id).update({ is_active: false });
      const response = await server.api.post('/token', refreshGrant(tokens.refresh_token));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_grant');
    });
  });

  describe('logout', () => {
    it('revokes the access and refresh tokens of the session with a bare POST and a bearer token', async () => {
      const { user, tokens } = await loggedInUser(server);
      const other = await login(server, user.email);
      const response = await server.api.post('/token', undefined, { token: tokens.access_token });
      expect(response.status).toBe(204);
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
      expect((await server.api.post('/token', refreshGrant(tokens.refresh_token))).status).toBe(400);
      // Only that session ends.
      expect((await server.api.get('/users/me', { token: other.access_token })).status).toBe(200);
    });

    it('answers 401 for a logout with an unknown token', async () => {
      const response = await server.api.post('/token', undefined, { token: 'y'.repeat(43) });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated', error: 'invalid_token', error_description: 'Unauthenticated.' });
    });
  });

  describe('the authentication middleware', () => {
    it('answers 401 without a token, with a malformed one, and for a suspended account', async () => {
      const { user, tokens } = await loggedInUser(server);
      for (const headers of [
        {} as Record<string, string>,
        { Authorization: 'Bearer' },
        { Authorization: 'Basic abc' },
        { Authorization: `Bearer ${'%'.repeat(500)}` },
      ]) {
        const response = await server.api.get('/users/me', { headers });
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('unauthenticated');
      }
      await server.app.knex('users').where('id', user.id).update({ is_active: false });
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
    });

    it('answers 401 for an expired access token', async () => {
      const { tokens } = await loggedInUser(server);
      await server.app
        .knex('oidc_payloads')
        .where({ kind: 'AccessToken', id: tokens.access_token })
        .update({ expires_at: new Date(Date.now() - 1000) });
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
    });
  });

  it('keeps tokens across a restart on the same database', async () => {
    const { tokens } = await loggedInUser(server);
    server = await server.restart();
    context.server = server;
    expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    const rotated = await server.api.post('/token', refreshGrant(tokens.refresh_token));
    expect(rotated.status).toBe(200);
  });

  it('stores opaque tokens in the database and purges expired rows', async () => {
    const { tokens } = await loggedInUser(server);
    const rows = await server.app.knex('oidc_payloads').whereIn('id', [tokens.access_token, tokens.refresh_token]).select('kind');
    expect(rows.map((row) => row.kind).sort()).toEqual(['AccessToken', 'RefreshToken']);
    await server.app
      .knex('oidc_payloads')
      .where('id', tokens.refresh_token)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const { purgeExpiredPayloads } = await import('../src/db/oidc-payloads.js');
    expect(await purgeExpiredPayloads(server.app.knex)).toBeGreaterThanOrEqual(1);
    expect(await server.app.knex('oidc_payloads').where('id', tokens.refresh_token).first()).toBeUndefined();
  });
});

describe('login timing', () => {
  let context: TestContext;

  // The production argon2 cost, so the hash (not HTTP noise) dominates what is measured.
  beforeAll(async () => {
    context = await startTestServer('sqlite', { passwordHash: DEFAULT_PASSWORD_HASH });
  });
  afterAll(() => context.cleanup());

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const { server } = context;
    const user = await createUser(server);
    /** The process's CPU time for one refused login: the server runs in this process, argon2 on its thread pool. */
    const attempt = async (email: string) => {
      const started = process.cpuUsage();
      const response = await server.api.post('/token', undefined, {
        form: { grant_type: 'password', client_id: CLIENT_ID, email, password: 'Wrong-password-1' },
      });
      expect(response.status).toBe(401);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    await attempt(uniqueEmail()); // the first unknown email also makes the dummy hash
    // Alternating, so that whatever else the machine does weighs on both alike; CPU time rather than wall time, which
    // other suites running at once stretch by several times (the hash's work, not the wait, is what must match).
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    // Five of each: more would meet the login rate limits.
    for (let i = 0; i < 5; i += 1) {
      wrongPassword.push(await attempt(user.email));
      unknownEmail.push(await attempt(uniqueEmail()));
    }
    const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[2];
    // Loose bounds: both verify one argon2id hash of the same cost; without the dummy hash an unknown email costs ~1 ms.
    expect(median(unknownEmail)).toBeGreaterThan(median(wrongPassword) * 0.5);
    expect(median(unknownEmail)).toBeLessThan(median(wrongPassword) * 2);
  });
});
