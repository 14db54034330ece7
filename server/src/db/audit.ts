/**
 * The organization's audit trail (ARCHITECTURE.md#scim-provisioning): one row per change, written by the change's own
 * transaction so that a change and its record commit or roll back together. Any feature records through
 * `recordAuditEvent`; masters read the trail at GET /tenants/{tenantId}/audit-events (features/audit-events).
 */
import type { TenantDatabase } from './database.js';
import { newId } from './ids.js';
import { AuditEvent } from './models.js';

/** Who acted: a SCIM token, a person, single sign-on… (`kind`), its id and its name as it was then. */
export interface AuditActor {
  kind: string;
  id: string | null;
  name: string;
}

export interface AuditEventInput {
  actor: AuditActor;
  /** Dotted, most general first (`scim.user.created`), so a prefix filters a family. */
  action: string;
  target?: { kind: string; id: string | null; name?: string | null };
  details?: Record<string, unknown>;
}

/** Writes one event in the organization, inside the caller's transaction (pass the transaction's `org`). */
export async function recordAuditEvent(org: TenantDatabase, event: AuditEventInput): Promise<void> {
  await org.write(AuditEvent).insert({
    id: newId(),
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    actor_name: event.actor.name.slice(0, 255),
    action: event.action,
    target_kind: event.target?.kind ?? null,
    target_id: event.target?.id ?? null,
    target_name: event.target?.name?.slice(0, 255) ?? null,
    details: event.details ? JSON.stringify(event.details) : null,
    created_at: new Date().toISOString(),
  });
}
