/**
 * Many-to-many relations replaced as a whole ("relate" calls: a member's groups, a group's members).
 * Only the relations this call manages are replaced: those whose other side is in `managed` (for example
 * the organization's live groups), so relations to archived rows survive until those rows are restored.
 */
import type { TenantDatabase } from './database.js';
import type { LinkModel } from './model.js';
import type { Query } from './query.js';

/** Well under the bound-parameter limits of SQLite (32766) and PostgreSQL (65535). */
const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** The ids among `ids` that `candidates` (a query of the organization selecting nothing yet) holds in `column`. */
export async function existingIds(org: TenantDatabase, candidates: () => Query, column: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    for (const row of await org.rows<{ id: string }>(candidates().whereIn(column, part).select(`${column} as id`))) found.add(String(row.id));
  }
  return found;
}

export interface RelationSet {
  /** The pivot's model (a link: no tenant_id of its own, its rows are reached through the owner, found in the organization). */
  model: typeof LinkModel;
  ownerColumn: string;
  ownerId: string;
  otherColumn: string;
  /** The new set of the other side's ids (already checked to exist). */
  otherIds: string[];
  /** Selects the other side's ids that this call manages. */
  managed: Query;
}

export async function replaceRelations(org: TenantDatabase, relation: RelationSet): Promise<void> {
  const { model, ownerColumn, ownerId, otherColumn, otherIds } = relation;
  const keep = new Set(otherIds);
  const current = (
    await org.rows<{ other: string }>(
      org.reached(model.tableName).where(ownerColumn, ownerId).whereIn(otherColumn, relation.managed).select(`${otherColumn} as other`),
    )
  ).map((row) => row.other);
  const removed = current.filter((id) => !keep.has(id));
  for (const part of chunks(removed)) {
    await org.write(model).where(ownerColumn, ownerId).whereIn(otherColumn, part).delete();
  }
  const present = new Set(current);
  const now = new Date();
  const added = otherIds.filter((id) => !present.has(id)).map((id) => ({ [ownerColumn]: ownerId, [otherColumn]: id, created_at: now }));
  // A relation to a row outside `managed` (an archived one) may already exist: keep it.
  await org.insertRows(model, added, { onConflict: [ownerColumn, otherColumn], ignore: true });
}

export interface NamedRelation {
  /** The pivot table, e.g. `module_groups`. */
  pivot: string;
  /** The pivot's column holding the owner (e.g. `group_id`) and the owner's id. */
  ownerColumn: string;
  ownerId: string;
  /** The pivot's column holding the other side (e.g. `module_id`) and the other side's table (`modules`). */
  otherColumn: string;
  otherTable: string;
}

/** The live (not archived) rows related to one owner, by name: what a single read shows and a picker starts from. */
export function liveRelatedByName(org: TenantDatabase, relation: NamedRelation): Promise<{ id: string; name: string }[]> {
  return org.rows(
    org
      .reached(`${relation.pivot} as p`)
      .join(`${relation.otherTable} as o`, 'o.id', `p.${relation.otherColumn}`)
      .where(`p.${relation.ownerColumn}`, relation.ownerId)
      .whereNull('o.deleted_at')
      .orderByRaw('lower(o.name) asc')
      .orderBy('o.id')
      .select('o.id', 'o.name'),
  );
}
