/**
 * Ordering of content rows (ARCHITECTURE.md): an integer `position` per parent, renumbered from 0 in
 * one bulk UPDATE (a CASE over the ids) inside the caller's transaction. The organization's rows only.
 */
import type { TenantDatabase } from './database.js';
import { chunks } from './relations.js';

export interface Sibling {
  id: string;
  position: number;
}

/** The position after the last sibling (new, copied and moved rows go last). */
export async function nextPosition(org: TenantDatabase, table: string, parentColumn: string, parentId: string): Promise<number> {
  const [{ last }] = await org.rows<{ last: number | string | null }>(org.from(table).where(parentColumn, parentId).max({ last: 'position' }));
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/** The parent's live (not archived) rows in their order. */
export function liveSiblings(org: TenantDatabase, table: string, parentColumn: string, parentId: string): Promise<Sibling[]> {
  return org.rows<Sibling>(org.from(table).where(parentColumn, parentId).whereNull('deleted_at').orderBy('position').orderBy('id').select('id', 'position'));
}

/**
 * Places the requested rows at their requested `order` and the other siblings after them in their current
 * order (a stable sort), then answers the renumbered ids. `requested` holds ids of `siblings` only.
 */
export function planOrder(siblings: Sibling[], requested: Map<string, number>): string[] {
  return siblings
    .map((sibling, index) => ({ id: sibling.id, index, key: requested.get(sibling.id) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.id);
}

/** Writes positions 0..n-1 for `ids` in one statement per 500 rows (one statement for any real list). */
export async function writePositions(org: TenantDatabase, table: string, ids: string[], now = new Date()): Promise<void> {
  const { knex } = org.db;
  let offset = 0;
  for (const part of chunks(ids)) {
    const cases = part.map(() => 'when ? then cast(? as integer)').join(' ');
    const bindings = part.flatMap((id, index) => [id, offset + index]);
    await knex(table)
      .where('tenant_id', org.tenantId)
      .whereIn('id', part)
      .update({ position: knex.raw(`case id ${cases} end`, bindings), updated_at: now });
    offset += part.length;
  }
}

/** Moves one row to `order` among its live siblings and renumbers them all from 0. */
export async function moveTo(org: TenantDatabase, table: string, siblings: Sibling[], id: string, order: number): Promise<void> {
  const others = siblings.filter((sibling) => sibling.id !== id).map((sibling) => sibling.id);
  const place = Math.min(Math.max(order, 0), others.length);
  await writePositions(org, table, [...others.slice(0, place), id, ...others.slice(place)]);
}

/** Moves a row to the end of another parent, and renumbers the live rows of the parent it left from 0 (no gap). */
export async function moveToParent(org: TenantDatabase, table: string, parentColumn: string, id: string, from: string, to: string): Promise<void> {
  const position = await nextPosition(org, table, parentColumn, to);
  await org.db
    .knex(table)
    .where('tenant_id', org.tenantId)
    .where('id', id)
    .update({ [parentColumn]: to, position, updated_at: new Date() });
  await writePositions(
    org,
    table,
    (await liveSiblings(org, table, parentColumn, from)).map((sibling) => sibling.id),
  );
}
