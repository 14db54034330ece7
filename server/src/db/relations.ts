/**
 * Many-to-many relations replaced as a whole ("relate" calls: a member's groups, a group's members).
 * Only the relations this call manages are replaced: those whose other side is in `managed` (for example
 * the organization's live groups), so relations to archived rows survive until those rows are restored.
 */
import type { Knex } from './knex.js';

/** Well under the bound-parameter limits of SQLite (32766) and PostgreSQL (65535). */
const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** The ids among `ids` that `candidates` (a query selecting one id column) contains. */
export async function existingIds(candidates: () => Knex.QueryBuilder, column: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    for (const id of await candidates().whereIn(column, part).pluck(column)) found.add(String(id));
  }
  return found;
}

export interface RelationSet {
  table: string;
  ownerColumn: string;
  ownerId: string;
  otherColumn: string;
  /** The new set of the other side's ids (already checked to exist). */
  otherIds: string[];
  /** Selects the other side's ids that this call manages. */
  managed: Knex.QueryBuilder;
}

export async function replaceRelations(trx: Knex, relation: RelationSet): Promise<void> {
  const { table, ownerColumn, ownerId, otherColumn, otherIds } = relation;
  const keep = new Set(otherIds);
  const current: string[] = await trx(table).where(ownerColumn, ownerId).whereIn(otherColumn, relation.managed).pluck(otherColumn);
  const removed = current.filter((id) => !keep.has(id));
  for (const part of chunks(removed)) {
    await trx(table).where(ownerColumn, ownerId).whereIn(otherColumn, part).delete();
  }
  const present = new Set(current);
  const now = new Date();
  const added = otherIds.filter((id) => !present.has(id)).map((id) => ({ [ownerColumn]: ownerId, [otherColumn]: id, created_at: now }));
  for (const part of chunks(added)) {
    // A relation to a row outside `managed` (an archived one) may already exist: keep it.
    await trx(table).insert(part).onConflict([ownerColumn, otherColumn]).ignore();
  }
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
export function liveRelatedByName(db: Knex, relation: NamedRelation): Promise<{ id: string; name: string }[]> {
  return db(`${relation.pivot} as p`)
    .join(`${relation.otherTable} as o`, 'o.id', `p.${relation.otherColumn}`)
    .where(`p.${relation.ownerColumn}`, relation.ownerId)
    .whereNull('o.deleted_at')
    .orderByRaw('lower(o.name) asc')
    .orderBy('o.id')
    .select('o.id', 'o.name');
}
