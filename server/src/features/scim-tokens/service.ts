/**
 * SCIM tokens (ARCHITECTURE.md#scim-provisioning): an identity provider's bearer token for one organization's SCIM
 * endpoint. 256 random bits behind a recognisable prefix (`tsc_`, so a leaked one is found by secret scanners),
 * answered once and kept as its SHA-256; revoking is immediate because every SCIM request looks its token up.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { fieldError, notFound } from '../../http/errors.js';
import { keptCaller } from './hot.js';
import { ScimToken } from './models.js';
import { scimTokenMessages } from './policy.js';
import type { ScimTokenRow } from './presenter.js';

export type ScimTokenSortKey = 'name' | 'created';

export const SCIM_TOKEN_LIST: ListDefinition<ScimTokenSortKey> = {
  sorts: { name: 'lower(st.name)', created: 'st.created_at' },
  defaultOrder: 'name',
  tieBreaker: 'st.id',
  searchColumns: ['st.name'],
};

const TOKEN_PREFIX = 'tsc_';

function hashScimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokensOf(org: TenantSql): Query {
  return org.from('scim_tokens as st').leftJoin('users as creator', 'creator.id', 'st.created_by');
}

function selectToken(query: Query): Query {
  return query.select('st.id', 'st.name', 'st.created_at', 'st.last_used_at', 'st.revoked_at', 'creator.id as creator_id', 'creator.name as creator_name');
}

export async function listScimTokens(db: Database, tenantId: string, params: ListParams<ScimTokenSortKey>): Promise<Page<ScimTokenRow>> {
  const page = await paginate<object, ScimTokenSortKey>(db, tokensOf(db.inTenant(tenantId)), params, SCIM_TOKEN_LIST, selectToken);
  return normalisedPage<ScimTokenRow>(page, ScimToken);
}

async function loadToken(org: TenantDatabase, tokenId: string): Promise<ScimTokenRow> {
  const row = await org.row<ScimTokenRow>(selectToken(tokensOf(org).andWhere('st.id', tokenId)), ScimToken);
  if (!row) throw notFound(scimTokenMessages.notFound);
  return row;
}

export async function createScimToken(
  db: Database,
  tenantId: string,
  creatorId: string,
  input: { name: string },
): Promise<{ row: ScimTokenRow; token: string }> {
  const id = newId();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const org = db.inTenant(tenantId);
  await org.write(ScimToken).insert({
    id,
    name: input.name,
    token_hash: hashScimToken(token),
    created_by: creatorId,
    created_at: new Date().toISOString(),
    last_used_at: null,
    revoked_at: null,
  });
  return { row: await loadToken(org, id), token };
}

export async function revokeScimToken(db: Database, tenantId: string, tokenId: string): Promise<ScimTokenRow> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const token = await org.row<Pick<ScimToken, 'revoked_at'>>(org.from('scim_tokens').where('id', tokenId).select('revoked_at'), ScimToken);
    if (!token) throw notFound(scimTokenMessages.notFound);
    if (token.revoked_at !== null) throw fieldError('id', scimTokenMessages.alreadyRevoked);
    await org.write(ScimToken).findById(tokenId).patch({ revoked_at: new Date().toISOString() });
    return loadToken(org, tokenId);
  });
}

/** A live token as the SCIM endpoint needs it: its organization, its name (for the audit trail) and its last use. */
export interface ScimCaller {
  id: string;
  tenantId: string;
  name: string;
  lastUsedAt: string | null;
}

/**
 * The live token behind a bearer value, whatever its organization (the caller then holds it to the URL's), or
 * undefined. A value not shaped as a SCIM token (a person's access token) is refused without a query.
 */
export async function findScimToken(db: Database, token: string): Promise<ScimCaller | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return undefined;
  const hash = hashScimToken(token);
  const caller = await keptCaller(db, hash, async (): Promise<ScimCaller | null> => {
    const row = await db.row<Pick<ScimToken, 'id' | 'tenant_id' | 'name' | 'last_used_at'>>(
      db
        .acrossTenants('scim_tokens as st')
        .join('tenants as t', 't.id', 'st.tenant_id')
        .where('st.token_hash', hash)
        .whereNull('st.revoked_at')
        .whereNull('t.deleted_at')
        .select('st.id', 'st.tenant_id', 'st.name', 'st.last_used_at'),
      ScimToken,
    );
    return row ? { id: row.id, tenantId: row.tenant_id, name: row.name, lastUsedAt: row.last_used_at } : null;
  });
  return caller ?? undefined;
}

/** `last_used_at`, written at most once a minute per token: a provisioning run of thousands of calls writes it once. */
export async function noteScimTokenUse(db: Database, caller: ScimCaller, now = new Date()): Promise<void> {
  if (caller.lastUsedAt && now.getTime() - Date.parse(caller.lastUsedAt) < 60_000) return;
  await db.inTenant(caller.tenantId).write(ScimToken).findById(caller.id).patch({ last_used_at: now.toISOString() });
}
