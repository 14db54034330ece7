/**
 * The embed sessions' hot paths (ARCHITECTURE.md#data-access), measured by server/bench/embed-sessions.ts: a partner's
 * backend mints a session for each page its people open, and the widgets exchange it at once. Every statement of the
 * everyday mint (a member already known) and of the exchange is compiled once: knex's builder and compiler cost
 * more than SQLite's work for these one-row statements. Making members just in time stays on the models (service.ts).
 */
import { compiledRead } from '../../db/compiled-read.js';
import { compiledWrite } from '../../db/compiled-write.js';
import type { Database } from '../../db/database.js';
import { withColumns } from '../../db/model.js';
import { User, type Role } from '../../db/models.js';

/** The account behind the address and its membership of the organization, if any (`m_` columns). */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  is_owner: boolean;
  is_active: boolean;
  is_service_account: boolean;
  deleted_at: string | null;
  m_id: string | null;
  m_role: Role | null;
  m_is_active: boolean | null;
  m_invited_at: string | null;
  m_deleted_at: string | null;
  m_external_id: string | null;
}

const PERSON_ROW = withColumns(User, { booleanColumns: ['m_is_active'], dateColumns: ['m_invited_at', 'm_deleted_at'] });

const personByEmail = compiledRead<PersonRow, { tenantId: string; email: string }>((sql, param) =>
  sql
    .from('users as u')
    .leftJoin('tenant_users as tu', (join) => join.on('tu.user_id', 'u.id').andOnVal('tu.tenant_id', param('tenantId')))
    .where('u.email', param('email'))
    .select(
      'u.id',
      'u.name',
      'u.email',
      'u.is_owner',
      'u.is_active',
      'u.is_service_account',
      'u.deleted_at',
      'tu.id as m_id',
      'tu.role as m_role',
      'tu.is_active as m_is_active',
      'tu.invited_at as m_invited_at',
      'tu.deleted_at as m_deleted_at',
      'tu.external_id as m_external_id',
    ),
);

/** The account behind the address and its membership of the organization, if any. */
export async function findPerson(db: Database, tenantId: string, email: string): Promise<PersonRow | undefined> {
  const [row] = await db.read(personByEmail, { tenantId, email }, PERSON_ROW);
  return row;
}

const liveClientOf = compiledRead<{ id: string }, { tenantId: string; accountId: string }>((sql, param) =>
  sql.inTenant(param('tenantId')).from('integration_clients').where('user_id', param('accountId')).whereNull('revoked_at').select('id'),
);

/** The live integration client a caller's account acts for in the organization, or undefined (a person). */
export async function clientOf(db: Database, tenantId: string, accountId: string): Promise<string | undefined> {
  const [row] = await db.read(liveClientOf, { tenantId, accountId });
  return row?.id;
}

export type SessionRow = {
  id: string;
  tenantId: string;
  userId: string;
  membershipId: string;
  clientId: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
};

const insertSession = compiledWrite<SessionRow>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return org
    .query()
    .into('embed_sessions')
    .insert({
      id: param('id'),
      tenant_id: org.tenantId,
      user_id: param('userId'),
      tenant_user_id: param('membershipId'),
      client_id: param('clientId'),
      token_hash: param('tokenHash'),
      expires_at: param('expiresAt'),
      used_at: null,
      grant_id: null,
      created_at: param('createdAt'),
    });
});

/** Stores a new session: one statement, in the turn's group commit (or in the caller's transaction, when in one). */
export async function storeSession(db: Database, session: SessionRow): Promise<void> {
  await db.writeGrouped(insertSession, session);
}

export interface RedeemableSession {
  id: string;
  tenant_id: string;
  user_id: string;
}

/** The unspent, unexpired session of the token hash whose account, membership and organization may still be used. */
const redeemableSession = compiledRead<RedeemableSession, { tokenHash: string; now: Date }>((sql, param) =>
  sql
    .acrossTenants('embed_sessions as es')
    .join('users as u', 'u.id', 'es.user_id')
    .join('tenant_users as tu', 'tu.id', 'es.tenant_user_id')
    .join('tenants as t', 't.id', 'es.tenant_id')
    .where('es.token_hash', param('tokenHash'))
    .whereNull('es.used_at')
    .where('es.expires_at', '>', param('now'))
    .where('u.is_active', true)
    .whereNull('u.deleted_at')
    .where('u.is_owner', false)
    .where('tu.is_active', true)
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .whereNull('t.deleted_at')
    .select('es.id', 'es.tenant_id', 'es.user_id'),
);

export async function findRedeemableSession(db: Database, tokenHash: string, now: Date): Promise<RedeemableSession | undefined> {
  const [row] = await db.read(redeemableSession, { tokenHash, now });
  return row;
}

/** Spends the session for the login `grantId` unless it is spent already (0 rows: another request won). */
const spendSession = compiledWrite<{ tenantId: string; id: string; now: Date; grantId: string }>((sql, param) =>
  sql
    .inTenant(param('tenantId'))
    .from('embed_sessions')
    .where('id', param('id'))
    .whereNull('used_at')
    .update({ used_at: param('now'), grant_id: param('grantId') }),
);

/** True when this call spent the session (in the turn's group commit: the update decides alone, in its savepoint). */
export async function spend(db: Database, values: { tenantId: string; id: string; now: Date; grantId: string }): Promise<boolean> {
  return (await db.writeGrouped(spendSession, values)) === 1;
}
