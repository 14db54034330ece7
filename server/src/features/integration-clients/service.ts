/**
 * Integration clients (service accounts): an OAuth client for scripts, scoped to one organization and a role.
 *
 * A client acts through an account of its own (`users.is_service_account`: no password, a reserved `.invalid`
 * address, left out of member and account lists) holding one membership, of this organization, with the client's
 * role. Its access tokens are ordinary tokens of that account, so authentication, tenant scoping (another
 * organization is 404) and the policies treat it exactly as a member of that role, and it can never be more.
 * The role lives on the membership only. Revoking bans the account, ends the membership and deletes every token,
 * in one transaction. The secret (256 random bits) is answered once and kept as its SHA-256.
 *
 * With redirect URIs and the `authorization_code` grant it is also a confidential OpenID client ("Log in with
 * Tessera", ARCHITECTURE.md#tessera-as-an-openid-provider): the provider reads its registration here
 * (`integrationClientRegistration`), and its secret is checked here before the provider runs.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { revokeAccountGrants } from '../../db/oidc-payloads.js';
import type { Role } from '../../db/models.js';
import type { IntegrationClientGrantType } from '@tessera/sdk';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { fieldError, notFound } from '../../http/errors.js';
import { liveClient } from './hot.js';
import { integrationClientMessages } from './policy.js';
import type { IntegrationClientRow } from './presenter.js';
import { IntegrationClient, TenantUser, User } from '../../db/models.js';

export type IntegrationClientSortKey = 'name' | 'created';

export const INTEGRATION_CLIENT_LIST: ListDefinition<IntegrationClientSortKey> = {
  sorts: { name: 'lower(c.name)', created: 'c.created_at' },
  defaultOrder: 'name',
  tieBreaker: 'c.id',
  searchColumns: ['c.name'],
};

/** What a client is registered with when the request names no grant (every client before "Log in with Tessera"). */
const DEFAULT_GRANT_TYPES: IntegrationClientGrantType[] = ['client_credentials'];

/** A JSON array column's list of strings. */
export function jsonList(text: string): string[] {
  const list = JSON.parse(text) as unknown;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** The reserved address of a client's account: `.invalid` (RFC 2606) never receives mail. */
const SERVICE_ACCOUNT_DOMAIN = 'service-accounts.invalid';

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function clientsOf(org: TenantSql): Query {
  return org
    .from('integration_clients as c')
    .join('tenant_users as tu', (join) => join.on('tu.user_id', 'c.user_id').andOn('tu.tenant_id', 'c.tenant_id'))
    .leftJoin('users as creator', 'creator.id', 'c.created_by');
}

function selectClient(query: Query): Query {
  return query.select(
    'c.id',
    'c.name',
    'tu.role',
    'c.redirect_uris',
    'c.grant_types',
    'c.created_at',
    'c.revoked_at',
    'creator.id as creator_id',
    'creator.name as creator_name',
  );
}

export async function listIntegrationClients(
  db: Database,
  tenantId: string,
  params: ListParams<IntegrationClientSortKey>,
): Promise<Page<IntegrationClientRow>> {
  const page = await paginate<object, IntegrationClientSortKey>(db, clientsOf(db.inTenant(tenantId)), params, INTEGRATION_CLIENT_LIST, selectClient);
  return normalisedPage<IntegrationClientRow>(page, IntegrationClient);
}

async function loadClient(org: TenantDatabase, clientId: string): Promise<IntegrationClientRow> {
  const row = await org.row<IntegrationClientRow>(selectClient(clientsOf(org).andWhere('c.id', clientId)), IntegrationClient);
  if (!row) throw notFound(integrationClientMessages.notFound);
  return row;
}

export interface CreatedIntegrationClient {
  row: IntegrationClientRow;
  secret: string;
}

export async function createIntegrationClient(
  db: Database,
  tenantId: string,
  creatorId: string,
  input: { name: string; role: Role; redirect_uris?: string[]; grant_types?: IntegrationClientGrantType[] },
  /** The demo data's published client (seed-demo.ts); every other client gets a new id and a random secret. */
  demo?: { id: string; secret: string },
): Promise<CreatedIntegrationClient> {
  const clientId = demo?.id ?? newId();
  const userId = newId();
  const secret = demo?.secret ?? randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const row = await db.inTenant(tenantId).transaction(async (org) => {
    await org.db.write(User).insert({
      id: userId,
      name: input.name,
      email: `${clientId}@${SERVICE_ACCOUNT_DOMAIN}`,
      password_hash: null,
      is_owner: false,
      is_active: true,
      is_service_account: true,
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    });
    await org.write(TenantUser).insert({
      id: newId(),
      user_id: userId,
      role: input.role,
      is_active: true,
      created_at: now,
      updated_at: now,
    });
    await org.write(IntegrationClient).insert({
      id: clientId,
      user_id: userId,
      name: input.name,
      secret_hash: hashSecret(secret),
      redirect_uris: JSON.stringify(input.redirect_uris ?? []),
      grant_types: JSON.stringify(input.grant_types ?? DEFAULT_GRANT_TYPES),
      created_by: creatorId,
      created_at: now,
    });
    return loadClient(org, clientId);
  });
  return { row, secret };
}

/** Revokes a client: its account banned, its membership ended and every token deleted, at once. */
export async function revokeIntegrationClient(db: Database, tenantId: string, clientId: string): Promise<IntegrationClientRow> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const client = await org.row<Pick<IntegrationClient, 'user_id' | 'revoked_at'>>(
      org.from('integration_clients').where({ id: clientId }).select('user_id', 'revoked_at'),
      IntegrationClient,
    );
    if (!client) throw notFound(integrationClientMessages.notFound);
    if (client.revoked_at !== null) throw fieldError('id', integrationClientMessages.alreadyRevoked);
    const now = new Date().toISOString();
    await org.write(IntegrationClient).findById(clientId).patch({ revoked_at: now });
    await org.db.write(User).findById(client.user_id).patch({ is_active: false, deleted_at: now, updated_at: now });
    // The client's account has its one membership in this organization.
    await org.write(TenantUser).where('user_id', client.user_id).patch({ deleted_at: now, updated_at: now });
    await revokeAccountGrants(org.db, client.user_id);
    return loadClient(org, clientId);
  });
}

/** The account a live client acts as, when its secret is right (constant-time compare); otherwise undefined. */
export async function authenticateIntegrationClient(db: Database, clientId: string, secret: string): Promise<{ accountId: string } | undefined> {
  const row = await liveClient(db, clientId);
  const expected = Buffer.from(row?.secret_hash ?? hashSecret(''), 'hex');
  const given = Buffer.from(hashSecret(secret), 'hex');
  const matches = timingSafeEqual(expected, given);
  return row && matches ? { accountId: row.user_id } : undefined;
}

/** A live client's name, redirect URIs and grant types, as the provider needs them (oidc/provider.ts); undefined once revoked. */
export async function integrationClientRegistration(
  db: Database,
  clientId: string,
): Promise<{ name: string; redirect_uris: string[]; grant_types: string[] } | undefined> {
  const row = await liveClient(db, clientId);
  if (!row) return undefined;
  return { name: row.name, redirect_uris: jsonList(row.redirect_uris), grant_types: jsonList(row.grant_types) };
}

/** The account of a live client (for the provider's grant), or undefined once revoked. */
export async function integrationClientAccount(db: Database, clientId: string): Promise<string | undefined> {
  return (await liveClient(db, clientId))?.user_id;
}
