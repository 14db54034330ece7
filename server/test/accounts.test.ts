/** Sign-up with the captcha, email confirmation, invitations, password recovery and the profile. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteUser } from '../src/features/accounts/service.js';
import { BREACHED_PASSWORD_MESSAGE } from '../src/features/accounts/breached-passwords.js';
import { solvedCaptcha } from './support/captcha.js';
import {
  createUser,
  databaseKinds,
  jobsSettled,
  loggedInUser,
  login,
  parseLink,
  PASSWORD,
  readOutbox,
  startTestServer,
  type TestContext,
  type TestServer,
  uniqueEmail,
  waitForMail,
} from './support/server.js';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
  });
  afterAll(() => context.cleanup());

  async function signUp(email = uniqueEmail('signup'), name = 'Sam Signup') {
    return server.api.post('/sign-up', { email, name, password: PASSWORD, recaptcha_token: await solvedCaptcha(server.api) });
  }

  describe('captcha and sign-up', () => {
    it('answers a signed ALTCHA challenge that is never cached', async () => {
      const response = await server.api.get('/captcha/challenge');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
      expect(response.body.salt).toMatch(/\?expires=\d+/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('creates an unconfirmed account and emails a confirmation link', async () => {
      const email = uniqueEmail('signup');
      const response = await signUp(email);
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ email, name: 'Sam Signup', is_confirmed: false, status: 'pending', memberships: [] });

      const mail = await waitForMail(context.dataDir, email);
      expect(mail.subject).toBe('Please confirm your email address');
      expect(mail.links).toHaveLength(1);
      expect(mail.text).toContain(mail.links[0]);
      const link = parseLink(mail.links[0]);
      expect(link).toMatchObject({ route: 'confirm-email', email });
      expect(mail.links[0].startsWith('http://tessera.test/confirm-email/')).toBe(true);
    });

    it('writes the raw message beside the JSON record', async () => {
      const email = uniqueEmail('eml');
      await signUp(email);
      const mail = await waitForMail(context.dataDir, email);
      const { readdirSync, readFileSync } = await import('node:fs');
      const eml = readdirSync(`${context.dataDir}/outbox`).find((name) => name.includes(mail.id) && name.endsWith('.eml'));
      expect(readFileSync(`${context.dataDir}/outbox/${eml}`, 'utf8')).toContain(`To: ${email}`);
    });

    it('answers a taken address (any letter case) exactly as a free one, and emails its owner instead (issue 14)', async () => {
      const email = uniqueEmail('taken');
      const first = await signUp(email);
      const before = await server.app.knex('users').where({ email }).first();
      const fresh = uniqueEmail('fresh');
      const [taken, free] = [await signUp(email.toUpperCase()), await signUp(fresh)];
      expect(taken.status).toBe(free.status);
      expect(taken.status).toBe(201);
      const comparable = (body: { data: Record<string, unknown> }) => ({
        ...body.data,
        id: typeof body.data.id,
        email: typeof body.data.email,
        created_at: 0,
        joined: 0,
      });
      expect(comparable(taken.body)).toEqual(comparable(free.body));
      expect(taken.body.data.email).toBe(email);
      expect(taken.body.data.id).not.toBe(first.body.data.id);
      // Nothing of the account changed, and no second account exists.
      expect(await server.app.knex('users').where({ email }).first()).toEqual(before);
      expect(Number((await server.app.knex('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).count({ n: '*' }))[0].n)).toBe(1);
      const notice = await waitForMail(context.dataDir, email, { subject: /tried to sign up/ });
      expect(notice.text).toContain('No new account was created');
      expect(notice.links).toEqual([`http://tessera.test/login?email=${encodeURIComponent(email)}`]);
    });

    it('answers 422 on recaptcha_token for a wrong, forged or reused solution', async () => {
      const token = await solvedCaptcha(server.api);
      const decoded = JSON.parse(Buffer.from(token, 'base64').toString());
      const wrongNumber = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
      const base = { name: 'Sam Signup', password: PASSWORD };
      for (const recaptcha_token of [wrongNumber, 'not-base64-json', 'e30=', 'x'.repeat(10_000)]) {
        const response = await server.api.post('/sign-up', { ...base, email: uniqueEmail(), recaptcha_token });
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual({ recaptcha_token: ['The captcha could not be verified. Please try again.'] });
      }
      expect((await server.api.post('/sign-up', { ...base, email: uniqueEmail(), recaptcha_token: token })).status).toBe(201);
      const reused = await server.api.post('/sign-up', { ...base, email: uniqueEmail(), recaptcha_token: token });
      expect(reused.body.errors).toHaveProperty('recaptcha_token');
    });

    it('validates every field with the shared rules', async () => {
      const response = await server.api.post('/sign-up', { email: 'nope', name: 'R2-D2', password: 'short' });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        email: ['The email must be a valid email address.'],
        name: ['The name may only contain letters and spaces.'],
        password: ['The password must be at least 8 characters.'],
        recaptcha_token: ['The recaptcha token field is required.'],
      });
    });
    it('refuses an email with invisible characters, and takes a full-width spelling as the same account', async () => {
      const lookalike = await server.api.post('/sign-up', {
        email: `ada\u200b${uniqueEmail()}`,
        name: 'Ada Lookalike',
        password: PASSWORD,
        recaptcha_token: await solvedCaptcha(server.api),
      });
      expect(lookalike.status).toBe(422);
      expect(lookalike.body.errors).toEqual({ email: ['The email may not contain control or invisible characters.'] });
      const { user } = await loggedInUser(server);
      const fullWidth = user.email.replace(/[a-z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0));
      const token = await server.api.post('/token', { grant_type: 'password', client_id: 'tessera-web', email: fullWidth, password: PASSWORD });
      expect(token.status).toBe(200);
    });

    it('refuses a breached password that passes the spec rules, on sign-up and in the profile', async () => {
      const response = await server.api.post('/sign-up', {
        email: uniqueEmail(),
        name: 'Pat Common',
        password: 'Passw0rd!',
        recaptcha_token: await solvedCaptcha(server.api),
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ password: [BREACHED_PASSWORD_MESSAGE] });
      const { tokens } = await loggedInUser(server);
      const profile = await server.api.patch(
        '/users/me',
        { password: 'Password1', password_confirmation: 'Password1', current_password: PASSWORD },
        { token: tokens.access_token },
      );
      expect(profile.status).toBe(422);
      expect(profile.body.errors).toEqual({ password: [BREACHED_PASSWORD_MESSAGE] });
    });
  });

  describe('confirm-email', () => {
    it('confirms the address with the emailed link, once', async () => {
      const email = uniqueEmail('confirm');
      await signUp(email);
      const { token } = parseLink((await waitForMail(context.dataDir, email)).links[0]);
      const confirmed = await server.api.post('/confirm-email', { token, email });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.message).toBe('Thank you for confirming your email.');
      const tokens = await login(server, email);
      expect((await server.api.get('/users/me', { token: tokens.access_token })).body.data).toMatchObject({ is_confirmed: true, status: 'active' });

      // Opened a second time (issue 14): the link is spent, and the answer says the address is confirmed already.
      const again = await server.api.post('/confirm-email', { token, email });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ['Your email is already confirmed.'] });
      expect((await server.api.post('/confirm-email', { token })).body.errors).toEqual({ email: ['Your email is already confirmed.'] });
      expect((await server.api.post('/confirm-email', { token: `${token}x` })).body.errors).toEqual({
        token: ['This confirmation link is invalid or has expired.'],
      });
    });

    it('answers 422 on email when the link was sent to another address, and on token when it expired', async () => {
      const email = uniqueEmail('confirm');
      await signUp(email);
      const { token } = parseLink((await waitForMail(context.dataDir, email)).links[0]);
      const other = await server.api.post('/confirm-email', { token, email: uniqueEmail() });
      expect(other.body.errors).toEqual({ email: ['This confirmation link was sent to a different email address.'] });

      await server.app
        .knex('auth_tokens')
        .where({ email })
        .update({ expires_at: new Date(Date.now() - 1000) });
      const expired = await server.api.post('/confirm-email', { token });
      expect(expired.body.errors).toHaveProperty('token');
    });

    it('stores only hashes of the emailed tokens', async () => {
      const email = uniqueEmail('hash');
      await signUp(email);
      const { token } = parseLink((await waitForMail(context.dataDir, email)).links[0]);
      const rows = await server.app.knex('auth_tokens').where({ email });
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('resends the link to an unconfirmed address and refuses a confirmed one', async () => {
      const email = uniqueEmail('resend');
      await signUp(email);
      const tokens = await login(server, email);
      await jobsSettled(server);
      const before = readOutbox(context.dataDir).filter((mail) => mail.to === email).length;
      const resent = await server.api.post('/users/me/notifications/confirm-email', undefined, { token: tokens.access_token });
      expect(resent.status).toBe(202);
      await jobsSettled(server);
      expect(readOutbox(context.dataDir).filter((mail) => mail.to === email)).toHaveLength(before + 1);
      // The newest link replaces the older one.
      const links = readOutbox(context.dataDir)
        .filter((mail) => mail.to === email)
        .map((mail) => parseLink(mail.links[0]).token);
      expect((await server.api.post('/confirm-email', { token: links[0] })).status).toBe(422);
      expect((await server.api.post('/confirm-email', { token: links[links.length - 1] })).status).toBe(200);

      const confirmedAlready = await server.api.post('/users/me/notifications/confirm-email', undefined, { token: tokens.access_token });
      expect(confirmedAlready.status).toBe(422);
      expect(confirmedAlready.body.errors).toEqual({ email: ['Your email is already confirmed.'] });
    });

    it('needs a session to resend', async () => {
      expect((await server.api.post('/users/me/notifications/confirm-email')).status).toBe(401);
    });
  });

  describe('invitation and finish-registration', () => {
    it('completes an invited account, confirms its email and lets it log in', async () => {
      const email = uniqueEmail('invited');
      const { user, invited } = await inviteUser(server.app.services, email);
      expect(invited).toBe(true);
      expect(user.password_hash).toBeNull();
      const mail = await waitForMail(context.dataDir, email);
      expect(mail.subject).toBe("You've been invited to Tessera");
      const link = parseLink(mail.links[0]);
      expect(link).toMatchObject({ route: 'finish-registration', email });

      const body = { email, name: 'Ivy Invited', password: PASSWORD, password_confirmation: PASSWORD, token: link.token };
      const finished = await server.api.post('/finish-registration', body);
      expect(finished.status).toBe(200);
      expect(finished.body.data.message).toBe("You've completed the registration process!");

      const tokens = await login(server, email);
      const me = await server.api.get('/users/me', { token: tokens.access_token });
      expect(me.body.data).toMatchObject({ name: 'Ivy Invited', is_confirmed: true, status: 'active' });
      expect((await server.api.post('/finish-registration', body)).status).toBe(422);
    });

    it('does not invite an account that already has a password', async () => {
      const user = await createUser(server);
      expect((await inviteUser(server.app.services, user.email)).invited).toBe(false);
    });

    it('answers 422 for a token of another email, a wrong token or a mismatched confirmation', async () => {
      const email = uniqueEmail('invited');
      await inviteUser(server.app.services, email);
      const { token } = parseLink((await waitForMail(context.dataDir, email)).links[0]);
      const base = { email, name: 'Ivy Invited', password: PASSWORD, password_confirmation: PASSWORD, token };
      const otherEmail = await server.api.post('/finish-registration', { ...base, email: uniqueEmail() });
      expect(otherEmail.body.errors).toEqual({ token: ['This invitation link is invalid or has expired.'] });
      const wrongToken = await server.api.post('/finish-registration', { ...base, token: 'abc' });
      expect(wrongToken.body.errors).toHaveProperty('token');
      const mismatch = await server.api.post('/finish-registration', { ...base, password_confirmation: 'Other-password-1' });
      expect(mismatch.body.errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    });
  });

  describe('forgot and reset password', () => {
    it('emails a one-hour reset link and answers the same for unknown addresses', async () => {
      const user = await createUser(server);
      const known = await server.api.post('/forgot-password', { email: user.email });
      const unknown = await server.api.post('/forgot-password', { email: uniqueEmail('nobody') });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.data.message).toBe("We've sent you an email with instructions to reset your password.");
      const mail = await waitForMail(context.dataDir, user.email, { subject: /Reset/ });
      expect(parseLink(mail.links[0])).toMatchObject({ route: 'reset-password', email: user.email });
      const [row] = await server.app.knex('auth_tokens').where({ user_id: user.id, type: 'password_reset' });
      const lifetime = new Date(row.expires_at).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
    });

    it('sets the new password with the link and ends every session', async () => {
      const { user, tokens } = await loggedInUser(server);
      await server.api.post('/forgot-password', { email: user.email });
      const { token } = parseLink((await waitForMail(context.dataDir, user.email, { subject: /Reset/ })).links[0]);
      const newPassword = 'Brand-new-pass-2';
      const reset = await server.api.post('/reset-password', { email: user.email, password: newPassword, token });
      expect(reset.status).toBe(200);
      expect(reset.body.data.message).toBe('Your password has been reset.');
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
      expect((await server.api.post('/token', { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: tokens.refresh_token })).status).toBe(
        400,
      );
      expect((await server.api.post('/token', { grant_type: 'password', client_id: 'tessera-web', email: user.email, password: PASSWORD })).status).toBe(401);
      await login(server, user.email, newPassword);
      expect((await server.api.post('/reset-password', { email: user.email, password: newPassword, token })).status).toBe(422);
    });

    it('answers 422 for a weak password or a token of another address', async () => {
      const user = await createUser(server);
      await server.api.post('/forgot-password', { email: user.email });
      const { token } = parseLink((await waitForMail(context.dataDir, user.email, { subject: /Reset/ })).links[0]);
      const weak = await server.api.post('/reset-password', { email: user.email, password: 'alllowercase1', token });
      expect(weak.body.errors).toEqual({ password: ['The password must contain an uppercase letter.'] });
      const other = await server.api.post('/reset-password', { email: uniqueEmail(), password: 'Brand-new-pass-2', token });
      expect(other.body.errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
    });
  });

  describe('users/me', () => {
    it('answers the current user with live memberships in live organizations', async () => {
      const { user, tokens } = await loggedInUser(server, { name: 'Mia Member' });
      const knex = server.app.knex;
      const now = new Date();
      const tenants = [
        { id: crypto.randomUUID(), name: 'Zeta Org', slug: `zeta-${user.id}`, enable_bioreq: true, deleted_at: null },
        { id: crypto.randomUUID(), name: 'Alpha Org', slug: `alpha-${user.id}`, enable_bioreq: false, deleted_at: null },
        { id: crypto.randomUUID(), name: 'Archived Org', slug: `gone-${user.id}`, enable_bioreq: false, deleted_at: now },
        { id: crypto.randomUUID(), name: 'Left Org', slug: `left-${user.id}`, enable_bioreq: false, deleted_at: null },
      ];
      await knex('tenants').insert(tenants.map((t) => ({ ...t, created_at: now, updated_at: now })));
      const membership = (tenant: (typeof tenants)[number], role: string, extra = {}) => ({
        id: crypto.randomUUID(),
        tenant_id: tenant.id,
        user_id: user.id,
        role,
        is_active: true,
        created_at: now,
        updated_at: now,
        ...extra,
      });
      await knex('tenant_users').insert([
        membership(tenants[0], 'admin', { is_active: false }),
        membership(tenants[1], 'master'),
        membership(tenants[2], 'user'),
        membership(tenants[3], 'user', { deleted_at: now }),
      ]);
      const me = await server.api.get('/users/me', { token: tokens.access_token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: user.id, name: 'Mia Member', is_owner: false, is_deleted: false, status: 'active' });
      expect(me.body.data.joined).toBe(me.body.data.created_at);
      expect(me.body.data.memberships.map((m: { tenant: { name: string }; role: string; is_active: boolean }) => [m.tenant.name, m.role, m.is_active])).toEqual(
        [
          ['Alpha Org', 'master', true],
          ['Zeta Org', 'admin', false],
        ],
      );
      expect(me.body.data.memberships[1].tenant).toMatchObject({ enable_bioreq: true, slug: `zeta-${user.id}` });
    });

    it('updates the name, and the password with its confirmation while keeping this session only', async () => {
      const { user, tokens } = await loggedInUser(server);
      const other = await login(server, user.email);
      const renamed = await server.api.patch('/users/me', { name: 'Nora New' }, { token: tokens.access_token });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.name).toBe('Nora New');

      const missingConfirmation = await server.api.patch('/users/me', { password: 'Another-pass-3' }, { token: tokens.access_token });
      expect(missingConfirmation.body.errors).toEqual({ password_confirmation: ['The password confirmation field is required.'] });
      const changed = await server.api.patch(
        '/users/me',
        { password: 'Another-pass-3', password_confirmation: 'Another-pass-3', current_password: PASSWORD },
        { token: tokens.access_token },
      );
      expect(changed.status).toBe(200);
      expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
      expect((await server.api.get('/users/me', { token: other.access_token })).status).toBe(401);
      await login(server, user.email, 'Another-pass-3');
    });

    it('makes a changed email unconfirmed and sends a confirmation link to it', async () => {
      const { tokens } = await loggedInUser(server);
      const newEmail = uniqueEmail('moved');
      const response = await server.api.patch('/users/me', { email: newEmail.toUpperCase(), current_password: PASSWORD }, { token: tokens.access_token });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ email: newEmail, is_confirmed: false, status: 'pending' });
      const { token, email } = parseLink((await waitForMail(context.dataDir, newEmail)).links[0]);
      expect((await server.api.post('/confirm-email', { token, email })).status).toBe(200);
      expect((await server.api.get('/users/me', { token: tokens.access_token })).body.data.is_confirmed).toBe(true);
    });

    it('answers 422 for a taken email or a bad name, and leaves the account as it was', async () => {
      const other = await createUser(server);
      const { user, tokens } = await loggedInUser(server);
      const taken = await server.api.patch('/users/me', { email: other.email, current_password: PASSWORD }, { token: tokens.access_token });
      expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
      const badName = await server.api.patch('/users/me', { name: 'N0 digits' }, { token: tokens.access_token });
      expect(badName.body.errors).toEqual({ name: ['The name may only contain letters and spaces.'] });
      const me = await server.api.get('/users/me', { token: tokens.access_token });
      expect(me.body.data).toMatchObject({ email: user.email, name: user.name });
    });

    it('needs the current password to change the email or the password, and tells the old address', async () => {
      const { user, tokens } = await loggedInUser(server, { name: 'Cora Careful' });
      const newEmail = uniqueEmail('stolen');
      const withoutProof = await server.api.patch('/users/me', { email: newEmail }, { token: tokens.access_token });
      expect(withoutProof.status).toBe(422);
      expect(withoutProof.body.errors).toEqual({ current_password: ['The current password field is required.'] });
      const wrongProof = await server.api.patch(
        '/users/me',
        { password: 'Another-pass-3', password_confirmation: 'Another-pass-3', current_password: 'Guess-pass-1' },
        { token: tokens.access_token },
      );
      expect(wrongProof.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
      // Nothing changed, and the name alone still needs no proof.
      expect((await server.api.get('/users/me', { token: tokens.access_token })).body.data.email).toBe(user.email);
      await login(server, user.email);
      expect((await server.api.patch('/users/me', { name: 'Cora Renamed' }, { token: tokens.access_token })).status).toBe(200);

      const before = Date.now();
      const moved = await server.api.patch('/users/me', { email: newEmail, current_password: PASSWORD }, { token: tokens.access_token });
      expect(moved.status).toBe(200);
      const notice = await waitForMail(context.dataDir, user.email, { subject: /account was changed/, after: before });
      expect(notice.text).toContain(`its email address was changed to ${newEmail}`);
      expect(notice.links[0]).toContain('/forgot-password?email=');
    });

    it('treats blank fields as unchanged', async () => {
      const { user, tokens } = await loggedInUser(server);
      const response = await server.api.patch('/users/me', { name: '', email: '', password: '' }, { token: tokens.access_token });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ name: user.name, email: user.email, is_confirmed: true });
    });
  });
});
