/**
 * Embed sessions (ARCHITECTURE.md#embed-sessions): an organization's integration client creates a short-lived,
 * single-use session for a person signed in to its intranet; the widgets exchange it at POST /api/token (RFC 8693,
 * oidc/token-exchange-grant.ts) for the person's tokens, and the login acts in this organization only.
 *
 * - The token is 256 random bits, stored as its SHA-256, spent by one conditional update, and lives
 *   `EMBED_SESSION_TTL_SECONDS`.
 * - Just in time: a person who is not a member becomes one (role user), an unknown address an account without a
 *   password; an existing account is told by one email. The answer is the same for both (no enumeration).
 * - A client never hands out more than its own role, and never the owner's account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppServices } from '../../context.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { Tenant, TenantUser, User } from '../../db/models.js';
import { isUniqueViolation } from '../../db/values.js';
import { publishMemberEvent } from '../../events/members.js';
import { HttpError, fieldError, forbidden } from '../../http/errors.js';
import { atLeast, type AccessRole, type TenantRef } from '../../http/tenant-access.js';
import { queueMail } from '../../jobs/mail.js';
import { embedMembershipEmail } from '../../mail/templates.js';
import { embedSessionMessages as messages } from './policy.js';
import { EmbedSession } from './models.js';
import { findPerson, findRedeemableSession, spend, storeSession, type PersonRow } from './hot.js';

type Services = Pick<AppServices, 'db' | 'jobs' | 'config'>;

export interface EmbedSessionInput {
  email: string;
  name?: string;
  external_id?: string;
}

export interface IssuedEmbedSession {
  session_token: string;
  expires_at: string;
}

function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The member holding an external id in the organization, if any. */
async function holderOf(org: TenantDatabase, externalId: string): Promise<string | undefined> {
  const row = await org.row<Pick<TenantUser, 'id'>>(org.from('tenant_users').where('external_id', externalId).select('id'), TenantUser);
  return row?.id;
}

/** Whether the organization makes non-members members just in time (its `enable_embed_jit`). */
async function createsMembers(org: TenantDatabase): Promise<boolean> {
  const row = await org.db.row<Pick<Tenant, 'enable_embed_jit'>>(org.db.from('tenants').where('id', org.tenantId).select('enable_embed_jit'), Tenant);
  return row?.enable_embed_jit ?? false;
}

/** Refusals that do not depend on whether the person is a member yet. */
function assertMayHaveSession(person: PersonRow, clientRole: AccessRole): void {
  // A service account's reserved address is no person's; answered as any non-member.
  if (person.is_service_account) throw memberNotFound();
  if (person.is_owner) throw forbidden('forbidden', messages.ownerAccount);
  if (!person.is_active || person.deleted_at !== null) throw forbidden('account_suspended', messages.accountSuspended);
  if (person.m_id && person.m_deleted_at !== null) throw forbidden('membership_removed', messages.membershipRemoved);
  if (person.m_id && person.m_invited_at === null && !person.m_is_active) throw forbidden('membership_suspended', messages.membershipSuspended);
  if (person.m_role && !atLeast(clientRole, person.m_role)) throw forbidden('forbidden', messages.aboveClientRole);
}

function memberNotFound(): HttpError {
  return new HttpError(404, 'member_not_found', messages.memberNotFound);
}

function conflict(message: string): HttpError {
  return new HttpError(409, 'conflict', message);
}

interface Member {
  userId: string;
  membershipId: string;
  /** An existing account that became a member now: told by email after the commit. */
  told?: { email: string; name: string };
  joined: boolean;
}

/**
 * The person's live membership, made just in time when the organization allows it: a new account (no password), or an
 * existing account's new or accepted membership. Inside the caller's transaction.
 */
async function memberFor(org: TenantDatabase, tenant: TenantRef, person: PersonRow | undefined, input: EmbedSessionInput): Promise<Member> {
  const now = new Date().toISOString();
  if (person?.m_id && person.m_invited_at === null) {
    if (input.external_id !== undefined && person.m_external_id !== input.external_id) {
      if (person.m_external_id !== null) throw conflict(messages.externalIdDiffers);
      if (await holderOf(org, input.external_id)) throw conflict(messages.externalIdTaken);
      await org.write(TenantUser).findById(person.m_id).patch({ external_id: input.external_id, updated_at: now });
    }
    return { userId: person.id, membershipId: person.m_id, joined: false };
  }
  if (!(await createsMembers(org))) throw memberNotFound();
  // Required for everyone who is not a member yet, known or not: the answer never tells which.
  if (!input.name) throw fieldError('name', messages.nameRequired);
  if (input.external_id !== undefined && (await holderOf(org, input.external_id))) throw conflict(messages.externalIdTaken);
  const externalId = input.external_id ?? null;

  if (person?.m_id) {
    // An invitation not yet accepted: the organization's client accepts it, with the role it was made with.
    await org.write(TenantUser).findById(person.m_id).patch({ invited_at: null, external_id: externalId, updated_at: now });
    return { userId: person.id, membershipId: person.m_id, told: person, joined: true };
  }
  const userId = person?.id ?? newId();
  if (!person) {
    await org.db.write(User).insert({
      id: userId,
      name: input.name,
      email: input.email,
      password_hash: null,
      is_owner: false,
      is_active: true,
      is_service_account: false,
      // The client vouches for the address inside its organization only; the person confirms it by setting a password.
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  const membershipId = newId();
  await org.write(TenantUser).insert({
    id: membershipId,
    user_id: userId,
    role: 'user',
    is_active: true,
    invited_at: null,
    external_id: externalId,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  return { userId, membershipId, told: person, joined: true };
}

async function issue(services: Services, tenant: TenantRef, client: { id: string; role: AccessRole }, input: EmbedSessionInput) {
  const { db, config } = services;
  const person = await findPerson(db, tenant.id, input.email);
  if (person) assertMayHaveSession(person, client.role);

  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.embedSessionTtl * 1000);
  const session = (member: Pick<Member, 'userId' | 'membershipId'>) => ({
    id: newId(),
    tenantId: tenant.id,
    userId: member.userId,
    membershipId: member.membershipId,
    clientId: client.id,
    tokenHash: hashSessionToken(token),
    expiresAt,
    createdAt: now,
  });

  const isMember = person?.m_id && person.m_invited_at === null;
  if (isMember && (input.external_id === undefined || input.external_id === person.m_external_id)) {
    // The everyday call, a member already known as such: one insert.
    await storeSession(db, session({ userId: person.id, membershipId: person.m_id! }));
  } else {
    const org = db.inTenant(tenant.id);
    await org.transaction(async (tx) => {
      const member = await memberFor(tx, tenant, person, input);
      // Inside the transaction the same insert runs through it.
      await storeSession(tx.db, session(member));
      if (member.joined) await publishMemberEvent(services.jobs, tx, 'member.joined', member.membershipId);
      if (member.told) {
        const url = `${config.publicUrl}/${encodeURIComponent(tenant.slug)}`;
        await queueMail(services, tx, embedMembershipEmail(member.told.email, member.told.name, tenant.name, url));
      }
    });
  }
  return { session_token: token, expires_at: expiresAt.toISOString() };
}

/** Creates an embed session for the person (see the file's comment); throws the refusals the contract lists. */
export async function createEmbedSession(
  services: Services,
  tenant: TenantRef,
  client: { id: string; role: AccessRole },
  input: EmbedSessionInput,
): Promise<IssuedEmbedSession> {
  try {
    return await issue(services, tenant, client, input);
  } catch (error) {
    // Two sessions for the same new person at once: the second finds the first's account and membership.
    if (!isUniqueViolation(error)) throw error;
    return issue(services, tenant, client, input);
  }
}

export interface RedeemedEmbedSession {
  accountId: string;
  tenantId: string;
}

/**
 * Spends a session token for the login `grantId` (the token exchange): one conditional update, so a token is spent
 * once whoever races for it. Answers the account and organization, or undefined when the token is unknown, spent or
 * expired, or the membership or account may no longer be used.
 */
export async function redeemEmbedSession(db: Database, token: string, grantId: string): Promise<RedeemedEmbedSession | undefined> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return undefined;
  const hash = hashSessionToken(token);
  // A Date, not its text: SQLite keeps timestamps as numbers, which compare below any text.
  const now = new Date();
  const session = await findRedeemableSession(db, hash, now);
  if (!session) return undefined;
  const spent = await spend(db, { tenantId: session.tenant_id, id: session.id, now, grantId });
  return spent ? { accountId: session.user_id, tenantId: session.tenant_id } : undefined;
}

/** A spent session is kept while its login lives, and a day past the last token of it (never while one is left). */
const SPENT_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes unspent sessions past their expiry, and spent ones whose login has ended: no token of it is left and it was
 * spent more than a day ago. A row is never deleted while a token of its login lives, which would free the login of
 * its organization.
 */
export async function purgeEmbedSessions(db: Database, now = new Date()): Promise<number> {
  const spentBefore = new Date(now.getTime() - SPENT_KEEP_MS);
  const noTokenLeft = 'not exists (select 1 from oidc_payloads as p where p.grant_id = embed_sessions.grant_id)';
  const tenants = await db.rows<{ tenant_id: string }>(
    db
      .acrossTenants('embed_sessions')
      .where((expired) => expired.whereNull('used_at').where('expires_at', '<', now))
      .orWhere((ended) => ended.where('used_at', '<', spentBefore))
      .distinct('tenant_id'),
  );
  let deleted = 0;
  for (const { tenant_id: tenantId } of tenants) {
    const org = db.inTenant(tenantId);
    deleted += await org.write(EmbedSession).whereNull('used_at').where('expires_at', '<', now).delete();
    deleted += await org.write(EmbedSession).where('used_at', '<', spentBefore).whereRaw(noTokenLeft).delete();
  }
  return deleted;
}
