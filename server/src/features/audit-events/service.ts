/**
 * The organization's audit trail, read (ARCHITECTURE.md#scim-provisioning); events are written by the changes
 * themselves through `recordAuditEvent` (db/audit.ts).
 */
import type { Database } from '../../db/database.js';
import { AuditEvent } from '../../db/models.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { AuditEventRow } from './presenter.js';

export type AuditEventSortKey = 'created';

export const AUDIT_EVENT_LIST: ListDefinition<AuditEventSortKey> = {
  sorts: { created: 'ae.created_at' },
  defaultOrder: 'created',
  defaultDesc: true,
  // UUIDv7 ids follow creation: events of the same millisecond keep their order.
  tieBreaker: 'ae.id',
  searchColumns: [],
};

/** `%` and `_` in the asked prefix are literal characters. */
function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listAuditEvents(
  db: Database,
  tenantId: string,
  params: ListParams<AuditEventSortKey>,
  actionPrefix: string | null,
): Promise<Page<AuditEventRow>> {
  const query = db.inTenant(tenantId).from('audit_events as ae');
  if (actionPrefix) query.whereRaw("ae.action like ? escape '\\'", [prefixPattern(actionPrefix)]);
  const page = await paginate<object, AuditEventSortKey>(db, query, params, AUDIT_EVENT_LIST, (rows) =>
    rows.select(
      'ae.id',
      'ae.actor_kind',
      'ae.actor_id',
      'ae.actor_name',
      'ae.action',
      'ae.target_kind',
      'ae.target_id',
      'ae.target_name',
      'ae.details',
      'ae.created_at',
    ),
  );
  return normalisedPage<AuditEventRow>(page, AuditEvent);
}
