/**
 * Accounts: registration, confirmation, invitation, password recovery, profile and login checks.
 * Passwords are hashed before a transaction opens (hashing takes tens of milliseconds and SQLite
 * has one connection); emails go out after the transaction commits, and a mail failure is logged
 * rather than undoing the account change (the person can ask for the link again).
 */
import type { CurrentUser, Membership } from '@tessera/sdk';
import { messages } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/values.js';
import { newId } from '../../db/ids.js';
import { TenantUser, User, type UserRow } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { normalizeEmail } from '../../http/input.js';
import { queueMail } from '../../jobs/mail.js';
import type { JobQueue } from '../../jobs/queue.js';
import { publishMemberEvent } from '../../events/members.js';
import { breachedPasswordError } from './breached-passwords.js';
import {
  accountChangedEmail,
  confirmationEmail,
  invitationEmail,
  membershipInvitationEmail,
  passwordResetEmail,
  signUpAttemptEmail,
} from '../../mail/templates.js';
import { reserveLoginAttempt } from '../../security/login-guard.js';
import { revokeAccountGrants } from '../../db/oidc-payloads.js';
import { findAnyAuthToken, findUsableAuthToken, findUsableInvitationToken, issueAuthToken, spendAuthToken, type AuthTokenRow } from './auth-tokens.js';
import { isUsable, MEMBERSHIP_ROW } from '../../http/session.js';
import { countMembershipRelations } from './hot.js';
import { enforcedSsoFor, mayBreakGlass, recordBreakGlass } from '../sso/enforcement.js';
import { presentCurrentUser, presentMembership, type MembershipRow } from './presenter.js';

export const accountMessages = {
  emailTaken: 'The email has already been taken.',
  captchaFailed: 'The captcha could not be verified. Please try again.',
  confirmationInvalid: 'This confirmation link is invalid or has expired.',
  confirmationOtherEmail: 'This confirmation link was sent to a different email address.',
  alreadyConfirmed: 'Your email is already confirmed.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  confirmed: 'Thank you for confirming your email.',
  confirmationSent: 'We have sent you a new confirmation email. Please check your inbox and spam folder.',
  registrationFinished: "You've completed the registration process!",
  resetSent: "We've sent you an email with instructions to reset your password.",
  passwordReset: 'Your password has been reset.',
} as const;

const USER_COLUMNS = ['id', 'name', 'email', 'password_hash', 'is_owner', 'is_active', 'confirmed_at', 'deleted_at', 'created_at', 'updated_at'];

type Services = Pick<AppServices, 'db' | 'passwords' | 'jobs' | 'config' | 'log'>;

// ---------------------------------------------------------------------------------------------
// Reading

/** Hashes a password a person chose; a breached one is refused (422 on `password`, breached-passwords.ts). */
async function hashNewPassword(services: Pick<Services, 'passwords'>, password: string): Promise<string> {
  const breached = breachedPasswordError(password);
  if (breached) throw breached;
  return services.passwords.hash(password);
}
async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.row<UserRow>(db.from('users').where('email', normalizeEmail(email)).select(USER_COLUMNS), User);
}

async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.row<UserRow>(db.from('users').where('users.id', id).select(USER_COLUMNS), User);
}

/** Live memberships in live organizations, by organization name (invitations not yet accepted are none). */
async function listMemberships(db: Database, userId: string): Promise<MembershipRow[]> {
  // An account's own memberships, in every organization.
  const query = db
    .acrossTenants('tenant_users as tu')
    .join('tenants as t', 't.id', 'tu.tenant_id')
    .where('tu.user_id', userId)
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .whereNull('t.deleted_at')
    .orderBy('t.name')
    .select(
      'tu.id',
      'tu.role',
      'tu.is_active',
      'tu.created_at',
      't.id as tenant_id',
      't.name as tenant_name',
      't.slug as tenant_slug',
      't.enable_bioreq as tenant_enable_bioreq',
    );
  return db.rows<MembershipRow>(query, MEMBERSHIP_ROW);
}

async function loadCurrentUser(db: Database, user: UserRow): Promise<CurrentUser> {
  const memberships = await listMemberships(db, user.id);
  return presentCurrentUser(user, memberships, await countMembershipRelations(db, user.id));
}

/** The account behind a token, or undefined when it is suspended, banned or gone. */
export async function findActiveAccount(db: Database, id: string): Promise<UserRow | undefined> {
  const user = await findUserById(db, id);
  return user && isUsable(user) ? user : undefined;
}

// ---------------------------------------------------------------------------------------------
// Writing

interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  confirmed: boolean;
  isOwner?: boolean;
}

/** Inserts a user; a taken email answers 422 on email (also when a concurrent request won the race). */
async function insertUser(db: Database, input: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw fieldError('email', accountMessages.emailTaken);
  const row = {
    id: newId(),
    name: input.name.trim(),
    email,
    password_hash: input.passwordHash,
    is_owner: input.isOwner ?? false,
    is_active: true,
    confirmed_at: input.confirmed ? now : null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.write(User).insert(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', accountMessages.emailTaken);
    throw error;
  }
  return row;
}

function link(services: Pick<Services, 'config'>, route: string, token: string, email: string): string {
  return `${services.config.publicUrl}/${route}/${token}?email=${encodeURIComponent(email)}`;
}

export interface SignUpInput {
  email: string;
  name: string;
  password: string;
}

/** The account a new sign-up would have been: what the answer shows whether or not the address was free. */
function newAccountRow(input: SignUpInput, passwordHash: string): UserRow {
  const now = new Date().toISOString();
  return {
    id: newId(),
    name: input.name.trim(),
    email: normalizeEmail(input.email),
    password_hash: passwordHash,
    is_owner: false,
    is_active: true,
    confirmed_at: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Signs a person up. A taken address (issue 14) is answered exactly as a free one, so sign-up tells nobody which
 * addresses have accounts (as forgot-password does): the same status and body (an account that was not created,
 * its id naming nothing), the same work (the password is hashed, one email is sent); the email goes to the
 * address's owner instead, saying someone tried to sign up with it. Nothing of the account changes.
 */
export async function signUp(services: Services, input: SignUpInput): Promise<CurrentUser> {
  const passwordHash = await hashNewPassword(services, input.password);
  const row = newAccountRow(input, passwordHash);
  const outcome = await services.db.transaction(async (tx): Promise<{ token: string } | { taken: UserRow }> => {
    const existing = await findUserByEmail(tx, row.email);
    if (existing) return { taken: existing };
    try {
      await tx.write(User).insert(row);
    } catch (error) {
      // A concurrent sign-up for the same address won the race: the same answer as any taken address.
      if (isUniqueViolation(error)) return { taken: (await findUserByEmail(services.db, row.email)) as UserRow };
      throw error;
    }
    const token = await issueAuthToken(tx, row.id, 'email_confirmation', row.email);
    await queueMail(services, tx, confirmationEmail(row.email, row.name, link(services, 'confirm-email', token, row.email)));
    return { token };
  });
  if ('taken' in outcome)
    await queueMail(
      services,
      services.db,
      signUpAttemptEmail(
        outcome.taken.email,
        outcome.taken.name,
        `${services.config.publicUrl}/login?email=${encodeURIComponent(outcome.taken.email)}`,
        `${services.config.publicUrl}/forgot-password`,
      ),
    );
  return presentCurrentUser(row, []);
}

/** Used by sign-up (via insertUser), the demo seed and `cli create-owner`. */
export async function createConfirmedUser(
  services: Pick<Services, 'db' | 'passwords'>,
  input: { email: string; name: string; password: string; isOwner?: boolean },
): Promise<UserRow> {
  const passwordHash = await hashNewPassword(services, input.password);
  return insertUser(services.db, { ...input, passwordHash, confirmed: true });
}

export async function confirmEmail(services: Services, input: { token: string; email?: string }): Promise<void> {
  await services.db.transaction(async (tx) => {
    const record = await findUsableAuthToken(tx, 'email_confirmation', input.token);
    if (!record) {
      // A link opened again (or late) after the address it names was confirmed says so, not "invalid" (issue 14).
      const spent = await findAnyAuthToken(tx, 'email_confirmation', input.token);
      const owner = spent ? await findUserById(tx, spent.user_id) : undefined;
      if (spent && owner && owner.email === spent.email && owner.confirmed_at !== null) throw fieldError('email', accountMessages.alreadyConfirmed);
      throw fieldError('token', accountMessages.confirmationInvalid);
    }
    if (input.email && normalizeEmail(input.email) !== record.email) throw fieldError('email', accountMessages.confirmationOtherEmail);
    const user = await findUserById(tx, record.user_id);
    // The address changed since the link was sent: the link confirms an address the account no longer has.
    if (!user || user.email !== record.email) throw fieldError('token', accountMessages.confirmationInvalid);
    if (!(await spendAuthToken(tx, record.id))) throw fieldError('token', accountMessages.confirmationInvalid);
    if (user.confirmed_at === null) await confirmAccount(tx, user.id);
  });
}

/** The account's address is proven (a confirmation link, or an invitation accepted from the account). */
async function confirmAccount(db: Database, id: string): Promise<void> {
  const now = new Date().toISOString();
  await db.write(User).findById(id).patch({ confirmed_at: now, updated_at: now });
}

/** Issues a confirmation token and queues its email, in `db`'s transaction. */
async function sendConfirmation(services: Services, db: Database, user: Pick<UserRow, 'id' | 'email' | 'name'>): Promise<void> {
  const token = await issueAuthToken(db, user.id, 'email_confirmation', user.email);
  await queueMail(services, db, confirmationEmail(user.email, user.name, link(services, 'confirm-email', token, user.email)));
}

export async function resendConfirmation(services: Services, user: UserRow): Promise<void> {
  if (user.confirmed_at !== null) throw fieldError('email', accountMessages.alreadyConfirmed);
  await services.db.transaction((tx) => sendConfirmation(services, tx, user));
}

interface Invitation {
  user: UserRow;
  /** The finish-registration token to email, or null when the account already has a password. */
  token: string | null;
}

/** The account an invitation goes to: the one with this email, or a new one without a password. */
export async function invitee(db: Database, email: string, options: { name?: string } = {}): Promise<UserRow> {
  return (await findUserByEmail(db, email)) ?? (await insertUser(db, { email, name: options.name ?? '', passwordHash: null, confirmed: false }));
}

/**
 * The database half of an invitation that is not to an organization (the owner inviting a person), inside the
 * caller's transaction: creates an account without a password when the email is new and issues a
 * finish-registration token valid for 7 days. An account that already has a password is left alone (`token: null`).
 */
async function prepareInvitation(db: Database, email: string, options: { name?: string } = {}): Promise<Invitation> {
  const user = await invitee(db, email, options);
  if (user.password_hash) return { user, token: null };
  return { user, token: await issueAuthToken(db, user.id, 'invitation', user.email) };
}

/** An invitation to an organization: the token accepts membership `tenantUserId` (ARCHITECTURE.md#member-invitations). */
export interface MembershipInvitation {
  user: Pick<UserRow, 'email' | 'name' | 'password_hash'>;
  token: string;
  organization: string;
}

/** Issues the token of an invitation to an organization, inside the caller's transaction; valid for 7 days. */
export async function issueMembershipInvitation(db: Database, user: UserRow, tenantUserId: string, organization: string): Promise<MembershipInvitation> {
  return { user, token: await issueAuthToken(db, user.id, 'invitation', user.email, tenantUserId), organization };
}

/**
 * The email half of an invitation to an organization, queued in the transaction that issued it: an account without a
 * password finishes its registration (which accepts the invitation), one with a password accepts it while logged in.
 */
export async function sendMembershipInvitation(services: Pick<Services, 'jobs' | 'config'>, db: Database, invitation: MembershipInvitation): Promise<void> {
  const { user, token, organization } = invitation;
  if (!user.password_hash) {
    await sendInvitation(services, db, { user, token }, organization);
    return;
  }
  const url = `${services.config.publicUrl}/accept-invitation/${token}`;
  await queueMail(services, db, membershipInvitationEmail(user.email, user.name, organization, url));
}

/** The email half of an invitation, queued in the transaction that issued it. */
function sendInvitation(
  services: Pick<Services, 'jobs' | 'config'>,
  db: Database,
  invitation: { user: Pick<UserRow, 'email' | 'name'>; token: string },
  organization?: string,
): Promise<void> {
  const url = link(services, 'finish-registration', invitation.token, invitation.user.email);
  return queueMail(services, db, invitationEmail(invitation.user.email, invitation.user.name, url, organization));
}

/** Invites a person by email (see prepareInvitation); `invited: false` when the account already has a password. */
export async function inviteUser(services: Services, email: string, options: { name?: string } = {}): Promise<{ user: UserRow; invited: boolean }> {
  const invitation = await services.db.transaction(async (tx) => {
    const prepared = await prepareInvitation(tx, email, options);
    if (prepared.token) await sendInvitation(services, tx, { user: prepared.user, token: prepared.token });
    return prepared;
  });
  return { user: invitation.user, invited: invitation.token !== null };
}

/**
 * Makes an invited membership a membership. False when it is no longer a waiting invitation: accepted already,
 * withdrawn (archived), or its organization archived.
 */
async function acceptMembership(jobs: JobQueue, db: Database, tenantId: string, tenantUserId: string): Promise<boolean> {
  const org = db.inTenant(tenantId);
  const liveTenant = org.from('tenants as t').whereRaw('t.id = tenant_users.tenant_id').whereNull('t.deleted_at').select(org.raw('1'));
  const updated = await org
    .write(TenantUser)
    .findById(tenantUserId)
    .whereNotNull('invited_at')
    .whereNull('deleted_at')
    .whereExists(liveTenant)
    .patch({ invited_at: null, updated_at: new Date().toISOString() });
  if (updated === 1) await publishMemberEvent(jobs, org, 'member.joined', tenantUserId);
  return updated === 1;
}

/**
 * The invitations to organizations still waiting for an account that has just chosen its password: their
 * finish-registration links no longer fit it, so each is issued again as an accept link (spending the old token).
 */
async function reissueWaitingInvitations(db: Database, user: UserRow): Promise<MembershipInvitation[]> {
  // The account's invitations, from every organization that invited it.
  const query = db
    .from('auth_tokens as at')
    .join('tenant_users as tu', 'tu.id', 'at.tenant_user_id')
    .join('tenants as t', 't.id', 'tu.tenant_id')
    .where({ 'at.user_id': user.id, 'at.type': 'invitation' })
    .whereNull('at.used_at')
    .andWhere('at.expires_at', '>', new Date())
    .whereNotNull('tu.invited_at')
    .whereNull('tu.deleted_at')
    .whereNull('t.deleted_at')
    .orderBy('t.name')
    .select('tu.id as tenant_user_id', 't.name as organization');
  const waiting = await db.rows<{ tenant_user_id: string; organization: string }>(query);
  const invitations: MembershipInvitation[] = [];
  for (const { tenant_user_id, organization } of waiting) invitations.push(await issueMembershipInvitation(db, user, tenant_user_id, organization));
  return invitations;
}

/**
 * Accepts an invitation to an organization for the logged-in account the token was issued to; anything else
 * (unknown, spent or expired token, another account's, a withdrawn invitation) is the same 422 on `token`.
 * The invitation reached the address, which confirms it. Answers the accepted membership's id.
 */
export async function acceptInvitation(services: Pick<Services, 'db' | 'jobs'>, user: UserRow, token: string): Promise<string> {
  return services.db.transaction(async (tx) => {
    const record = await findUsableInvitationToken(tx, token);
    const invalid = () => fieldError('token', accountMessages.invitationInvalid);
    if (!record?.tenant_user_id || !record.membership_tenant_id || record.user_id !== user.id || record.email !== user.email) throw invalid();
    if (!(await spendAuthToken(tx, record.id))) throw invalid();
    if (!(await acceptMembership(services.jobs, tx, record.membership_tenant_id, record.tenant_user_id))) throw invalid();
    if (user.confirmed_at === null) await confirmAccount(tx, user.id);
    return record.tenant_user_id;
  });
}

/** The caller's membership `id` as the current user's memberships show it. */
export async function loadOwnMembership(db: Database, user: UserRow, id: string): Promise<Membership | undefined> {
  const memberships = await listMemberships(db, user.id);
  const counts = await countMembershipRelations(db, user.id);
  const row = memberships.find((membership) => membership.id === id);
  return row ? presentMembership(row, counts) : undefined;
}

/** The account of a usable token (`record`, found by the caller), when the token was issued to this email. */
async function tokenAccount<Token extends AuthTokenRow>(
  db: Database,
  record: Token | undefined,
  email: string,
): Promise<{ record: Token; user: UserRow } | undefined> {
  if (!record || record.email !== normalizeEmail(email)) return undefined;
  const user = await findUserById(db, record.user_id);
  if (!user || user.deleted_at !== null || user.email !== record.email) return undefined;
  return { record, user };
}

export interface FinishRegistrationInput {
  email: string;
  name: string;
  password: string;
  token: string;
}

export async function finishRegistration(services: Services, input: FinishRegistrationInput): Promise<void> {
  const passwordHash = await hashNewPassword(services, input.password);
  await services.db.transaction(async (tx) => {
    const found = await tokenAccount(tx, await findUsableInvitationToken(tx, input.token), input.email);
    // Registration is finished once: an account with a password logs in (and accepts invitations from there).
    if (!found || found.user.password_hash || !(await spendAuthToken(tx, found.record.id))) throw fieldError('token', accountMessages.invitationInvalid);
    const now = new Date().toISOString();
    // The invitation reached this address, which proves it.
    await tx
      .write(User)
      .findById(found.user.id)
      .patch({ name: input.name.trim(), password_hash: passwordHash, confirmed_at: found.user.confirmed_at ?? now, updated_at: now });
    // Finishing the registration an organization's invitation asked for accepts that invitation (and only that one).
    const { tenant_user_id: membershipId, membership_tenant_id: membershipTenantId } = found.record;
    if (membershipId && membershipTenantId) await acceptMembership(services.jobs, tx, membershipTenantId, membershipId);
    const reissued = await reissueWaitingInvitations(tx, { ...found.user, name: input.name.trim(), password_hash: passwordHash });
    for (const invitation of reissued) await sendMembershipInvitation(services, tx, invitation);
  });
}

/** Answers the same whether or not the address has an account; the email goes out in the background. */
export async function forgotPassword(services: Services, email: string): Promise<void> {
  const user = await findUserByEmail(services.db, email);
  if (!user || user.deleted_at !== null) return;
  // An address whose organization enforces single sign-on has no password to reset, but for its break-glass accounts.
  const enforced = await enforcedSsoFor(services.db, email);
  if (enforced && !(await mayBreakGlass(services.db, enforced, user.id, user.is_owner))) return;
  void services.db
    .transaction(async (tx) => {
      const token = await issueAuthToken(tx, user.id, 'password_reset', user.email);
      await queueMail(services, tx, passwordResetEmail(user.email, user.name, link(services, 'reset-password', token, user.email)));
    })
    .catch((error: unknown) => services.log.error({ err: error }, 'password reset email failed'));
}

export async function resetPassword(services: Services, input: { email: string; password: string; token: string }): Promise<void> {
  const passwordHash = await hashNewPassword(services, input.password);
  await services.db.transaction(async (tx) => {
    const found = await tokenAccount(tx, await findUsableAuthToken(tx, 'password_reset', input.token), input.email);
    if (!found || !(await spendAuthToken(tx, found.record.id))) throw fieldError('token', accountMessages.resetInvalid);
    const now = new Date().toISOString();
    await tx
      .write(User)
      .where('id', found.user.id)
      .patch({ password_hash: passwordHash, confirmed_at: found.user.confirmed_at ?? now, updated_at: now });
    // Whoever knew the old password is logged out everywhere.
    await revokeAccountGrants(tx, found.user.id);
  });
}

export interface ProfileInput {
  name?: string;
  email?: string;
  password?: string;
  current_password?: string;
}

/**
 * The caller proves they are the account's owner before its email or password changes. Each check is a login
 * attempt for the account (security/login-guard.ts): a stolen access token cannot guess the password faster than
 * a login could.
 */
async function assertCurrentPassword(services: ProfileServices, user: UserRow, password: string | undefined, ip: string): Promise<void> {
  if (!password) throw fieldError('current_password', messages.required('current_password'));
  const attempt = await reserveLoginAttempt(services.limiters, user.email, ip);
  const matches = await services.passwords.verify(user.password_hash, password);
  await attempt.settle(matches ? 'right_password' : 'wrong_password');
  if (!matches) throw fieldError('current_password', messages.currentPasswordWrong);
}

type ProfileServices = Services & Pick<AppServices, 'limiters'>;

/**
 * Blank fields mean "unchanged". A new email is unconfirmed until its link is followed. An email or password
 * change needs the current password, ends the other sessions (password) and is told to the previous address.
 */
export async function updateProfile(
  services: ProfileServices,
  user: UserRow,
  session: { grantId: string; ip: string },
  input: ProfileInput,
): Promise<CurrentUser> {
  const name = input.name?.trim() || undefined;
  const email = input.email?.trim() ? normalizeEmail(input.email) : undefined;
  const emailChanged = email !== undefined && email !== user.email;
  if (emailChanged || input.password) await assertCurrentPassword(services, user, input.current_password, session.ip);
  const passwordHash = input.password ? await hashNewPassword(services, input.password) : undefined;

  const updated = await services.db.transaction(async (tx) => {
    if (emailChanged && (await findUserByEmail(tx, email))) throw fieldError('email', accountMessages.emailTaken);
    const changes: Partial<UserRow> = { updated_at: new Date().toISOString() };
    if (name !== undefined) changes.name = name;
    if (emailChanged) Object.assign(changes, { email, confirmed_at: null });
    if (passwordHash) changes.password_hash = passwordHash;
    try {
      await tx.write(User).findById(user.id).patch(changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', accountMessages.emailTaken);
      throw error;
    }
    // A new password ends every other login of the account; this one stays.
    if (passwordHash) await revokeAccountGrants(tx, user.id, session.grantId);
    const changed = (await findUserById(tx, user.id)) as UserRow;
    if (emailChanged) await sendConfirmation(services, tx, changed);
    if (emailChanged || passwordHash) {
      const recover = `${services.config.publicUrl}/forgot-password?email=${encodeURIComponent(user.email)}`;
      const change = { newEmail: emailChanged ? email : undefined, password: Boolean(passwordHash) };
      await queueMail(services, tx, accountChangedEmail(user.email, user.name, change, recover));
    }
    return changed;
  });
  return loadCurrentUser(services.db, updated);
}

// ---------------------------------------------------------------------------------------------
// Login

/** `ssoUrl`: refused because the address's organization enforces single sign-on (features/sso/enforcement.ts). */
export type CredentialCheck = { kind: 'ok'; user: UserRow } | { kind: 'invalid_credentials'; ssoUrl?: string } | { kind: 'account_suspended' };

/**
 * Checks an email and password. Unknown emails and accounts without a password cost one argon2
 * verification too. Suspension is only revealed to someone who knows the password.
 */
export async function verifyCredentials(services: Pick<Services, 'db' | 'passwords' | 'log'>, email: string, password: string): Promise<CredentialCheck> {
  const enforced = await enforcedSsoFor(services.db, email);
  const user = await findUserByEmail(services.db, email);
  // Refused before any hash is computed: only the organization's masters and the owner keep their password (break-glass).
  if (enforced && !(user && (await mayBreakGlass(services.db, enforced, user.id, user.is_owner))))
    return { kind: 'invalid_credentials', ssoUrl: enforced.ssoUrl };
  const matches = await services.passwords.verify(user?.password_hash ?? null, password);
  if (!user || !matches) return { kind: 'invalid_credentials' };
  if (!isUsable(user)) return { kind: 'account_suspended' };
  if (enforced) {
    services.log.warn(
      { user: user.id, tenant: enforced.tenantId, connection: enforced.connectionId },
      'break-glass password login past enforced single sign-on',
    );
    await recordBreakGlass(services.db, enforced, user);
  }
  if (user.password_hash && services.passwords.needsRehash(user.password_hash)) {
    // The configured cost changed since this hash was made: upgrade it while the password is at hand.
    const rehashed = await services.passwords.hash(password);
    await services.db.write(User).findById(user.id).patch({ password_hash: rehashed });
  }
  return { kind: 'ok', user };
}
