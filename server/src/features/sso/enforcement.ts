/**
 * "Enforce single sign-on" (ARCHITECTURE.md#single-sign-on): a password login or a password reset for an address of
 * an approved domain whose connection enforces single sign-on is refused, before any password hash is computed (one
 * indexed lookup of the address's domain). The organization's masters and the platform owner keep a break-glass
 * password login, logged and written to the organization's audit trail.
 */
import { emailDomain } from '@tessera/sdk/rules';
import { recordAuditEvent } from '../../db/audit.js';
import type { Database } from '../../db/database.js';
import { withColumns } from '../../db/model.js';
import { SsoConnection, SsoDomain } from './models.js';

export interface EnforcedSso {
  tenantId: string;
  connectionId: string;
  connectionName: string;
  /** Where to sign in instead (the portal's page). */
  ssoUrl: string;
}

const ENFORCED = withColumns(SsoDomain, {});

/** The enforcing connection serving the address's domain, or undefined. */
export async function enforcedSsoFor(db: Database, email: string): Promise<EnforcedSso | undefined> {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  const row = await db.row<{ tenant_id: string; connection_id: string; connection_name: string }>(
    db
      .acrossTenants('sso_domains as d')
      .join('sso_connections as c', 'c.id', 'd.connection_id')
      .where('d.domain', domain)
      .where('d.status', 'approved')
      .where('c.enforce_sso', true)
      .select('d.tenant_id', 'd.connection_id', 'c.name as connection_name'),
    ENFORCED,
  );
  if (!row) return undefined;
  return {
    tenantId: row.tenant_id,
    connectionId: row.connection_id,
    connectionName: row.connection_name,
    ssoUrl: `/sso?${new URLSearchParams({ email }).toString()}`,
  };
}

/** Whether the account may still log in with its password: the platform owner, or a live master of the organization. */
export async function mayBreakGlass(db: Database, enforced: EnforcedSso, accountId: string, isOwner: boolean): Promise<boolean> {
  if (isOwner) return true;
  const org = db.inTenant(enforced.tenantId);
  const master = await org.row<{ id: string }>(
    org
      .from('tenant_users')
      .where('user_id', accountId)
      .where('role', 'master')
      .where('is_active', true)
      .whereNull('invited_at')
      .whereNull('deleted_at')
      .select('id'),
    SsoConnection,
  );
  return master !== undefined;
}

/** Writes a break-glass password login to the organization's audit trail. */
export async function recordBreakGlass(db: Database, enforced: EnforcedSso, account: { id: string; name: string }): Promise<void> {
  await recordAuditEvent(db.inTenant(enforced.tenantId), {
    actor: { kind: 'user', id: account.id, name: account.name },
    action: 'sso.break_glass_login',
    target: { kind: 'sso_connection', id: enforced.connectionId, name: enforced.connectionName },
  });
}
