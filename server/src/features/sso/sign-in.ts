/**
 * Signing in through an organization's identity provider (ARCHITECTURE.md#single-sign-on): `startSignIn` stores a
 * sign-in in progress (state hashed, and OpenID Connect's nonce and PKCE verifier, or SAML's request id as the state;
 * 10 minutes) and answers the provider's URL; the OIDC callback or the SAML ACS spends it once, validates the
 * provider's answer (oidc.ts, saml.ts), and the same tail finds, links or creates the account and membership, and
 * hands the portal a single-use login code (60 seconds) in the URL fragment, exchanged at POST /api/token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { emailDomain, ssoMessages } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { withColumns } from '../../db/model.js';
import { Group, GroupMember, Tenant, TenantUser, User } from '../../db/models.js';
import { isUniqueViolation } from '../../db/values.js';
import { publishMemberEvent } from '../../events/members.js';
import { HttpError } from '../../http/errors.js';
import { ExternalIdentity, SamlAssertionSeen, SsoLogin, SsoLoginCode, type SsoLoginPurpose } from './models.js';
import { authorizationRequest, redeemCode, providerWords, type OidcClients, type ProviderIdentity } from './oidc.js';
import { newSamlRequestId, samlAcsPath, samlAuthorizeUrl, validateSamlResponse } from './saml.js';
import { clientSecretOf, findConnection, type ConnectionRow } from './service.js';

type Services = Pick<AppServices, 'db' | 'config' | 'secrets' | 'log' | 'jobs'>;

/** How long a sign-in may take at the provider. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** How long the portal has to exchange a login code. */
const LOGIN_CODE_TTL_MS = 60 * 1000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function redirectUriOf(config: Pick<AppServices['config'], 'publicUrl'>): string {
  return `${config.publicUrl}/api/sso/oidc/callback`;
}

/** A portal path to land on (`/x…`, never `//host` or a scheme), or null. */
function portalPath(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

interface TenantRow {
  id: string;
  name: string;
  slug: string;
}

async function liveTenant(db: Database, idOrSlug: string): Promise<TenantRow | undefined> {
  return db.row<TenantRow>(
    db
      .from('tenants')
      .where((which) => which.where('id', idOrSlug).orWhere('slug', idOrSlug.toLowerCase()))
      .whereNull('deleted_at')
      .select('id', 'name', 'slug'),
    Tenant,
  );
}

/** The organization an approved domain's connection belongs to, or undefined. */
async function tenantServingDomain(db: Database, domain: string): Promise<TenantRow | undefined> {
  return db.row<TenantRow>(
    db
      .acrossTenants('sso_domains as d')
      .join('tenants as t', 't.id', 'd.tenant_id')
      .where('d.domain', domain)
      .where('d.status', 'approved')
      .whereNull('t.deleted_at')
      .select('t.id', 't.name', 't.slug'),
    Tenant,
  );
}

function notServed(message: string): HttpError {
  return new HttpError(404, 'sso_not_found', message);
}

function settingsOf(services: Pick<Services, 'secrets'>, connection: ConnectionRow) {
  return {
    connectionId: connection.id,
    version: connection.updated_at,
    issuer: connection.issuer ?? '',
    clientId: connection.client_id ?? '',
    clientSecret: () => clientSecretOf(services, connection) ?? '',
  };
}

/**
 * A sign-in in progress: the provider's authorization URL, and the cookie that binds the sign-in to the browser that
 * started it (HttpOnly, only sent to the callback or the ACS at `path`). Named after the state, so two sign-ins in two
 * tabs do not overwrite each other's. `crossSitePost`: the provider answers with a form POST from its own site (SAML),
 * which a `SameSite=Lax` cookie does not follow.
 */
export interface StartedSignIn {
  url: string;
  cookie: { name: string; value: string; path: string; crossSitePost: boolean };
}

/** The provider's URL for a new sign-in, and what the callback or ACS checks its answer with. */
interface ProviderRequest {
  url: string;
  state: string;
  nonce: string | null;
  codeVerifier: string | null;
}

async function oidcRequest(services: Services, oidc: OidcClients, tenant: TenantRow, connection: ConnectionRow, loginHint?: string): Promise<ProviderRequest> {
  const configuration = await oidc.configuration(settingsOf(services, connection)).catch((error: unknown) => {
    services.log.warn({ err: error, tenant: tenant.id, connection: connection.id }, 'single sign-on discovery failed');
    throw new HttpError(502, 'sso_provider_unavailable', ssoMessages.providerUnavailable(providerWords(error)));
  });
  const scopes = JSON.parse(connection.scopes) as string[];
  return authorizationRequest(configuration, redirectUriOf(services.config), scopes, loginHint);
}

/** SAML: the AuthnRequest's id is the state (RelayState names it, the response's InResponseTo must). */
async function samlRequest(services: Services, connection: ConnectionRow): Promise<ProviderRequest> {
  const state = newSamlRequestId();
  return { url: await samlAuthorizeUrl(services.config.publicUrl, connection, state), state, nonce: null, codeVerifier: null };
}

/** The cookie binding the sign-in of `state` to its browser. */
export function browserCookieName(state: string): string {
  return `tessera_sso_${sha256(state).slice(0, 16)}`;
}

/** Stores a sign-in in progress and answers the provider's authorization URL with its browser cookie. */
async function begin(
  services: Services,
  oidc: OidcClients,
  tenant: TenantRow,
  connection: ConnectionRow,
  purpose: SsoLoginPurpose,
  redirect: string | null,
  loginHint?: string,
): Promise<StartedSignIn> {
  const saml = connection.protocol === 'saml';
  const request = saml ? await samlRequest(services, connection) : await oidcRequest(services, oidc, tenant, connection, loginHint);
  const browserBinding = randomBytes(32).toString('base64url');
  const now = Date.now();
  await services.db
    .inTenant(tenant.id)
    .write(SsoLogin)
    .insert({
      id: newId(),
      connection_id: connection.id,
      state_hash: sha256(request.state),
      browser_hash: sha256(browserBinding),
      nonce: request.nonce,
      code_verifier: request.codeVerifier,
      purpose,
      redirect,
      connection_version: connection.updated_at,
      expires_at: new Date(now + LOGIN_TTL_MS).toISOString(),
      spent_at: null,
      created_at: new Date(now).toISOString(),
    });
  const path = saml ? samlAcsPath(tenant.id) : '/api/sso/oidc/callback';
  return { url: request.url, cookie: { name: browserCookieName(request.state), value: browserBinding, path, crossSitePost: saml } };
}

/** POST /sso/start: by email (its approved domain's connection) or by organization (one serving an approved domain). */
export async function startSignIn(
  services: Services,
  oidc: OidcClients,
  input: { email?: string; organization?: string; redirect?: string },
): Promise<StartedSignIn> {
  const { db } = services;
  const byEmail = input.email !== undefined;
  const tenant = byEmail ? await tenantServingDomain(db, emailDomain(input.email!) ?? '') : await liveTenant(db, input.organization!);
  const message = byEmail ? ssoMessages.notFoundForEmail : ssoMessages.notFoundForOrganization;
  if (!tenant) throw notServed(message);
  const connection = await findConnection(db, tenant.id);
  if (!connection || !connection.domains.some((domain) => domain.status === 'approved')) throw notServed(message);
  return begin(services, oidc, tenant, connection, 'sign-in', portalPath(input.redirect), input.email);
}

/** POST /tenants/{tenantId}/sso/test: a master's test sign-in, allowed while the domains are pending. */
export async function startTest(services: Services, oidc: OidcClients, tenant: TenantRow, connection: ConnectionRow): Promise<StartedSignIn> {
  return begin(services, oidc, tenant, connection, 'test', null);
}

/** A sign-in that cannot go on: its words for the person (the portal shows "Single sign-on failed: …"). */
class SignInRefused extends Error {
  override name = 'SignInRefused';
}

interface SpentLogin {
  id: string;
  tenant_id: string;
  connection_id: string;
  nonce: string | null;
  code_verifier: string | null;
  purpose: SsoLoginPurpose;
  redirect: string | null;
  connection_version: string;
  browser_hash: string;
  tenant_slug: string;
  tenant_name: string;
}

const SPENT_LOGIN = withColumns(SsoLogin, {});

/**
 * Spends the sign-in named by `state` (one conditional update) when `browserBinding` is its browser's cookie: its row,
 * 'other-browser' when the cookie is missing or another's (the sign-in stays unspent for its own browser), or
 * undefined (unknown, spent, expired, or of another organization than `tenantId`'s ACS).
 */
async function spendLogin(
  db: Database,
  state: string,
  browserBinding: string | undefined,
  tenantId?: string,
): Promise<SpentLogin | 'other-browser' | undefined> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(state)) return undefined;
  const now = new Date();
  const login = await db.row<SpentLogin>(
    db
      .acrossTenants('sso_logins as l')
      .join('tenants as t', 't.id', 'l.tenant_id')
      .where('l.state_hash', sha256(state))
      .modify((query) => (tenantId === undefined ? query : query.where('l.tenant_id', tenantId)))
      .whereNull('l.spent_at')
      .where('l.expires_at', '>', now)
      .select(
        'l.id',
        'l.tenant_id',
        'l.connection_id',
        'l.nonce',
        'l.code_verifier',
        'l.purpose',
        'l.redirect',
        'l.connection_version',
        'l.browser_hash',
        't.slug as tenant_slug',
        't.name as tenant_name',
      ),
    SPENT_LOGIN,
  );
  if (!login) return undefined;
  if (!browserBinding || !sameHash(login.browser_hash, sha256(browserBinding))) return 'other-browser';
  const spent = await db.inTenant(login.tenant_id).write(SsoLogin).where({ id: login.id, spent_at: null }).patch({ spent_at: now.toISOString() });
  return spent === 1 ? login : undefined;
}

/** The provider's identity, validated; SignInRefused with the provider's words when it is not. */
async function identityFrom(services: Services, oidc: OidcClients, connection: ConnectionRow, login: SpentLogin, currentUrl: URL): Promise<ProviderIdentity> {
  try {
    const configuration = await oidc.configuration(settingsOf(services, connection));
    return await redeemCode(
      configuration,
      currentUrl,
      { state: currentUrl.searchParams.get('state') ?? '', nonce: login.nonce ?? '', codeVerifier: login.code_verifier ?? '' },
      connection.groups_claim,
    );
  } catch (error) {
    services.log.warn({ err: error, tenant: login.tenant_id, connection: connection.id }, 'single sign-on failed at the provider');
    throw new SignInRefused(providerWords(error));
  }
}

/** The email's domain must be one of the connection's, and approved unless this is a test. */
function assertDomainServed(connection: ConnectionRow, identity: ProviderIdentity, purpose: SsoLoginPurpose): string {
  if (!identity.email) throw new SignInRefused(ssoMessages.noEmail);
  const domain = emailDomain(identity.email) ?? '';
  const claim = connection.domains.find((row) => row.domain === domain);
  if (!claim) throw new SignInRefused(ssoMessages.domainNotServed(domain));
  if (purpose !== 'test' && claim.status !== 'approved') throw new SignInRefused(ssoMessages.domainNotApproved(domain));
  return identity.email;
}

interface AccountRow {
  id: string;
  is_owner: boolean;
  is_active: boolean;
  deleted_at: string | null;
  confirmed_at: string | null;
}

const ACCOUNT_ROW = withColumns(User, {});
const LINKED_ROW = withColumns(User, { booleanColumns: ['m_is_active'], dateColumns: ['m_invited_at', 'm_deleted_at'] });

/** An account, and its membership of the organization when it was read with it (null: none; undefined: not read). */
interface LinkedAccount {
  account: AccountRow;
  membership?: MembershipState | null;
}

/** The account linked to the provider's subject, with its membership of the organization (one read: the everyday case). */
async function linkedAccount(org: TenantDatabase, connectionId: string, subject: string): Promise<LinkedAccount | undefined> {
  const row = await org.row<AccountRow & { m_id: string | null; m_is_active: boolean | null; m_invited_at: string | null; m_deleted_at: string | null }>(
    org
      .from('external_identities as x')
      .join('users as u', 'u.id', 'x.user_id')
      .leftJoin('tenant_users as tu', (join) => join.on('tu.user_id', 'u.id').andOnVal('tu.tenant_id', org.tenantId))
      .where('x.connection_id', connectionId)
      .where('x.subject', subject)
      .select(
        'u.id',
        'u.is_owner',
        'u.is_active',
        'u.deleted_at',
        'u.confirmed_at',
        'tu.id as m_id',
        'tu.is_active as m_is_active',
        'tu.invited_at as m_invited_at',
        'tu.deleted_at as m_deleted_at',
      ),
    LINKED_ROW,
  );
  if (!row) return undefined;
  const { m_id: id, m_is_active: isActive, m_invited_at: invitedAt, m_deleted_at: deletedAt, ...account } = row;
  return { account, membership: id ? { id, is_active: Boolean(isActive), invited_at: invitedAt, deleted_at: deletedAt } : null };
}

async function accountByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  return db.row<AccountRow>(db.from('users').where('email', email).select('id', 'is_owner', 'is_active', 'deleted_at', 'confirmed_at'), ACCOUNT_ROW);
}

/** The account the provider's subject is, linked now if it was not (see the file's comment). */
async function accountFor(org: TenantDatabase, connection: ConnectionRow, identity: ProviderIdentity, email: string, now: string): Promise<LinkedAccount> {
  const linked = await linkedAccount(org, connection.id, identity.subject);
  if (linked) return linked;
  let account = await accountByEmail(org.db, email);
  if (account && !identity.emailVerified) throw new SignInRefused(ssoMessages.emailNotVerified);
  if (!account) {
    account = { id: newId(), is_owner: false, is_active: true, deleted_at: null, confirmed_at: now };
    await org.db.write(User).insert({
      id: account.id,
      name: (identity.name ?? email.split('@')[0]!).slice(0, 255),
      email,
      password_hash: null,
      is_owner: false,
      is_active: true,
      is_service_account: false,
      // The organization's provider vouches for addresses of a domain the platform owner approved for it.
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    });
  } else if (account.confirmed_at === null) {
    await org.db.write(User).findById(account.id).patch({ confirmed_at: now, updated_at: now });
  }
  await org.write(ExternalIdentity).insert({ id: newId(), connection_id: connection.id, subject: identity.subject, user_id: account.id, created_at: now });
  return { account };
}

interface MembershipState {
  id: string;
  is_active: boolean;
  invited_at: string | null;
  deleted_at: string | null;
}

const MEMBERSHIP_STATE = withColumns(TenantUser, {});

/** The account's live membership: kept, an invitation accepted, or one made just in time. Answers its id, or null for the owner. */
async function membershipFor(
  services: Services,
  org: TenantDatabase,
  connection: ConnectionRow,
  { account, membership: known }: LinkedAccount,
  now: string,
): Promise<string | null> {
  const membership =
    known !== undefined
      ? known
      : await org.row<MembershipState>(
          org.from('tenant_users').where('user_id', account.id).select('id', 'is_active', 'invited_at', 'deleted_at'),
          MEMBERSHIP_STATE,
        );
  if (membership && membership.deleted_at === null) {
    if (membership.invited_at !== null) {
      await org.write(TenantUser).findById(membership.id).patch({ invited_at: null, is_active: true, updated_at: now });
      await publishMemberEvent(services.jobs, org, 'member.joined', membership.id);
      return membership.id;
    }
    if (!membership.is_active) throw new SignInRefused(ssoMessages.membershipSuspended);
    return membership.id;
  }
  // The platform owner enters every organization without a membership.
  if (account.is_owner) return null;
  // A member a master removed is not brought back by signing in.
  if (membership || !connection.just_in_time) throw new SignInRefused(ssoMessages.notMember);
  const id = newId();
  await org.write(TenantUser).insert({
    id,
    user_id: account.id,
    role: connection.default_role,
    is_active: true,
    invited_at: null,
    external_id: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  await publishMemberEvent(services.jobs, org, 'member.joined', id);
  return id;
}

/** Puts the member into the organization's groups of those names, creating the missing ones. */
async function joinGroups(org: TenantDatabase, membershipId: string, names: readonly string[], now: string): Promise<void> {
  const wanted = [...new Set(names.map((name) => name.trim().slice(0, 255)).filter(Boolean))];
  if (wanted.length === 0) return;
  const existing = await org.rows<Pick<Group, 'id' | 'name'>>(org.from('groups').whereIn('name', wanted).whereNull('deleted_at').select('id', 'name'), Group);
  const missing = wanted.filter((name) => !existing.some((group) => group.name === name));
  const created = missing.map((name) => ({ id: newId(), name, description: '', deleted_at: null, created_at: now, updated_at: now }));
  if (created.length > 0) await org.insertRows(Group, created);
  const links = [...existing, ...created].map((group) => ({ group_id: group.id, tenant_user_id: membershipId }));
  await org.db.insertRows(GroupMember, links, { onConflict: ['group_id', 'tenant_user_id'], ignore: true });
}

/** Finds or creates the account and membership and answers a single-use login code for it. */
async function signIn(services: Services, connection: ConnectionRow, identity: ProviderIdentity, email: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = new Date();
  const iso = now.toISOString();
  await services.db.inTenant(connection.tenant_id).transaction(async (org) => {
    const found = await accountFor(org, connection, identity, email, iso);
    const { account } = found;
    if (!account.is_active || account.deleted_at !== null) throw new SignInRefused(ssoMessages.accountSuspended);
    const membershipId = await membershipFor(services, org, connection, found, iso);
    if (membershipId) await joinGroups(org, membershipId, identity.groups, iso);
    await org.write(SsoLoginCode).insert({
      id: newId(),
      user_id: account.id,
      code_hash: sha256(code),
      expires_at: new Date(now.getTime() + LOGIN_CODE_TTL_MS).toISOString(),
      used_at: null,
      created_at: iso,
    });
  });
  return code;
}

function failedSignIn(services: Services, reason: string): string {
  return `${services.config.publicUrl}/sso?${new URLSearchParams({ error: reason }).toString()}`;
}

function testResult(services: Services, slug: string, result: Record<string, string>): string {
  return `${services.config.publicUrl}/${encodeURIComponent(slug)}/admin/single-sign-on?${new URLSearchParams(result).toString()}`;
}

/** How the provider's answer to a spent sign-in is read: its identity, or SignInRefused. */
type IdentityReader = (connection: ConnectionRow, login: SpentLogin) => Promise<ProviderIdentity>;

/**
 * Where the browser goes next once a sign-in was looked up (the OIDC callback and the SAML ACS alike): the test's
 * result, the failed sign-in's page, or the portal with a login code. Every failure is a redirect with words for the
 * person, never a stack; the provider's failures are logged with the connection.
 */
async function complete(services: Services, login: SpentLogin | 'other-browser' | undefined, readIdentity: IdentityReader): Promise<string> {
  if (!login) return failedSignIn(services, ssoMessages.stateUnknown);
  if (login === 'other-browser') return failedSignIn(services, ssoMessages.otherBrowser);
  const connection = await findConnection(services.db, login.tenant_id);
  const test = login.purpose === 'test';
  if (!connection || connection.id !== login.connection_id || connection.updated_at !== login.connection_version) {
    const reason = connection ? ssoMessages.stateUnknown : ssoMessages.connectionGone;
    return test ? testResult(services, login.tenant_slug, { test: 'failed', message: reason }) : failedSignIn(services, reason);
  }
  try {
    const identity = await readIdentity(connection, login);
    const email = assertDomainServed(connection, identity, login.purpose);
    if (test) return testResult(services, login.tenant_slug, { test: 'succeeded', email });
    const code = await signInRetried(services, connection, identity, email);
    const fragment = new URLSearchParams({ login: code, organization: login.tenant_slug });
    if (login.redirect) fragment.set('redirect', login.redirect);
    return `${services.config.publicUrl}/sso/complete#${fragment.toString()}`;
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    services.log.info({ tenant: login.tenant_id, connection: connection.id, reason: error.message }, 'single sign-on refused');
    return test ? testResult(services, login.tenant_slug, { test: 'failed', message: error.message }) : failedSignIn(services, error.message);
  }
}

/** GET /sso/oidc/callback: where the browser goes next (see `complete`). */
export async function completeCallback(services: Services, oidc: OidcClients, query: URLSearchParams, browserBinding: string | undefined): Promise<string> {
  const login = await spendLogin(services.db, query.get('state') ?? '', browserBinding);
  const currentUrl = new URL(`${redirectUriOf(services.config)}?${query.toString()}`);
  return complete(services, login, (connection, spent) => identityFrom(services, oidc, connection, spent, currentUrl));
}

/** The longest words of a SAML library's error shown to the person (an XML parser's may quote the whole input). */
const SAML_WORDS_MAX = 300;

/**
 * POST /sso/saml/{tenantId}/acs: the IdP's SAMLResponse for the sign-in its RelayState names, started at this
 * organization by this browser (see `complete`). A response without RelayState was not asked for (IdP-initiated):
 * refused.
 */
export async function completeSamlResponse(
  services: Services,
  tenantId: string,
  form: { SAMLResponse?: unknown; RelayState?: unknown },
  browserBinding: string | undefined,
): Promise<string> {
  const relayState = typeof form.RelayState === 'string' ? form.RelayState : '';
  if (relayState === '') return failedSignIn(services, ssoMessages.samlUnsolicited);
  const login = await spendLogin(services.db, relayState, browserBinding, tenantId);
  const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '';
  return complete(services, login, async (connection, spent) => {
    if (connection.protocol !== 'saml') throw new SignInRefused(ssoMessages.stateUnknown);
    let assertion;
    try {
      assertion = await validateSamlResponse(services.config.publicUrl, connection, relayState, samlResponse);
    } catch (error) {
      services.log.warn({ err: error, tenant: spent.tenant_id, connection: connection.id }, 'single sign-on failed at the provider');
      throw new SignInRefused(providerWords(error).slice(0, SAML_WORDS_MAX));
    }
    await recordAssertion(services.db, connection, assertion.assertionId, assertion.notOnOrAfter);
    return assertion.identity;
  });
}

/** Keeps the assertion's ID until it expires; SignInRefused when it was already accepted (a replay). */
async function recordAssertion(db: Database, connection: ConnectionRow, assertionId: string, expiresAt: Date): Promise<void> {
  try {
    await db
      .inTenant(connection.tenant_id)
      .write(SamlAssertionSeen)
      .insert({
        id: newId(),
        connection_id: connection.id,
        assertion_id: assertionId.slice(0, 255),
        expires_at: expiresAt.toISOString(),
        created_at: new Date().toISOString(),
      });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new SignInRefused(ssoMessages.assertionReplayed);
  }
}

/** Two first sign-ins of the same person at once: the second finds what the first made. */
async function signInRetried(services: Services, connection: ConnectionRow, identity: ProviderIdentity, email: string): Promise<string> {
  try {
    return await signIn(services, connection, identity, email);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return signIn(services, connection, identity, email);
  }
}

/**
 * Spends a login code (the token exchange, oidc/token-exchange-grant.ts): one conditional update. Answers the
 * account, or undefined when the code is unknown, spent or expired, or the account may no longer sign in.
 */
export async function redeemLoginCode(db: Database, code: string): Promise<{ accountId: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(code)) return undefined;
  const now = new Date();
  const row = await db.row<Pick<SsoLoginCode, 'id' | 'tenant_id' | 'user_id'>>(
    db
      .acrossTenants('sso_login_codes as c')
      .join('users as u', 'u.id', 'c.user_id')
      .where('c.code_hash', sha256(code))
      .whereNull('c.used_at')
      .where('c.expires_at', '>', now)
      .where('u.is_active', true)
      .whereNull('u.deleted_at')
      .select('c.id', 'c.tenant_id', 'c.user_id'),
    SsoLoginCode,
  );
  if (!row) return undefined;
  const spent = await db.inTenant(row.tenant_id).write(SsoLoginCode).where({ id: row.id, used_at: null }).patch({ used_at: now.toISOString() });
  return spent === 1 ? { accountId: row.user_id } : undefined;
}

/** Deletes sign-ins, login codes and SAML assertions seen past their expiry (spent or not: none is needed after). */
export async function purgeSsoLogins(db: Database, now = new Date()): Promise<number> {
  const tenants = await db.rows<{ tenant_id: string }>(
    db
      .acrossTenants('sso_logins')
      .where('expires_at', '<', now)
      .distinct('tenant_id')
      .union((codes) => codes.from('sso_login_codes').where('expires_at', '<', now).distinct('tenant_id'))
      .union((seen) => seen.from('saml_assertions_seen').where('expires_at', '<', now).distinct('tenant_id')),
  );
  let deleted = 0;
  for (const { tenant_id: tenantId } of tenants) {
    const org = db.inTenant(tenantId);
    deleted += await org.write(SsoLogin).where('expires_at', '<', now).delete();
    deleted += await org.write(SsoLoginCode).where('expires_at', '<', now).delete();
    deleted += await org.write(SamlAssertionSeen).where('expires_at', '<', now).delete();
  }
  return deleted;
}
