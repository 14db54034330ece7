import type { AuditEvent } from '@tessera/sdk';
import type { AuditEvent as AuditEventModel } from '../../db/models.js';

export type AuditEventRow = Omit<AuditEventModel, 'tenant_id'>;

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    target: row.target_kind ? { kind: row.target_kind, id: row.target_id, name: row.target_name } : null,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    created_at: row.created_at,
  };
}
