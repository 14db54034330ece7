/**
 * The snapshot report (spec section 3): modules, components and topics by state, members by role, and the
 * media library by type with its total size — one query whatever the organization's size: a grouped count
 * per table, glued with UNION ALL into rows of (kind, state, total, size), each scoped to the organization.
 */
import type { SnapshotReport } from '@tessera/sdk';
import type { Knex } from '../../db/knex.js';

type Kind = 'modules' | 'components' | 'topics' | 'tenant_users' | 'media';

interface CountRow {
  kind: Kind;
  state: string;
  total: number | string;
  size: number | string | null;
}

const CONTENT: Kind[] = ['modules', 'components', 'topics'];

/** Archived whatever the flag; live rows by is_active. */
function contentStates(db: Knex, table: Kind, tenantId: string): Knex.QueryBuilder {
  return db(table)
    .where('tenant_id', tenantId)
    .select(
      db.raw(`'${table}' as kind`),
      db.raw(`case when deleted_at is not null then 'archived' when is_active = ? then 'active' else 'inactive' end as state`, [true]),
      db.raw('count(*) as total'),
      db.raw('0 as size'),
    )
    .groupByRaw('1, 2');
}

/** Live memberships by role (suspended ones included); removed ones as archived. Invitations are not memberships. */
function memberStates(db: Knex, tenantId: string): Knex.QueryBuilder {
  return db('tenant_users')
    .where('tenant_id', tenantId)
    .whereNull('invited_at')
    .select(
      db.raw(`'tenant_users' as kind`),
      db.raw(`case when deleted_at is not null then 'archived' else role end as state`),
      db.raw('count(*) as total'),
      db.raw('0 as size'),
    )
    .groupByRaw('1, 2');
}

/** The library's files by type; a suggestion's attached images are not part of the library. */
function mediaTypes(db: Knex, tenantId: string): Knex.QueryBuilder {
  return db('media')
    .where('tenant_id', tenantId)
    .whereNotExists(db('suggestion_media').whereRaw('suggestion_media.media_id = media.id').select(db.raw('1')))
    .select(db.raw(`'media' as kind`), db.raw('type as state'), db.raw('count(*) as total'), db.raw('sum(size) as size'))
    .groupByRaw('1, 2');
}

/** `a UNION ALL b ...` of grouped selects (knex's own unionAll moves the first GROUP BY to the end). */
async function unionAll<Row>(db: Knex, parts: Knex.QueryBuilder[]): Promise<Row[]> {
  const compiled = parts.map((part) => part.toSQL());
  const result = await db.raw(
    compiled.map((part) => part.sql).join(' union all '),
    compiled.flatMap((part) => [...part.bindings]),
  );
  // SQLite answers the rows, PostgreSQL a result with `rows`.
  return (Array.isArray(result) ? result : result.rows) as Row[];
}

function countOf(rows: CountRow[], kind: Kind, state: string): number {
  const row = rows.find((entry) => entry.kind === kind && entry.state === state);
  return row ? Number(row.total) : 0;
}

export async function snapshotReport(db: Knex, tenantId: string): Promise<SnapshotReport> {
  const rows = await unionAll<CountRow>(db, [
    ...CONTENT.map((table) => contentStates(db, table, tenantId)),
    memberStates(db, tenantId),
    mediaTypes(db, tenantId),
  ]);
  const states = (kind: Kind) => ({
    active: countOf(rows, kind, 'active'),
    inactive: countOf(rows, kind, 'inactive'),
    archived: countOf(rows, kind, 'archived'),
  });
  const media = rows.filter((row) => row.kind === 'media');
  return {
    modules: states('modules'),
    components: states('components'),
    topics: states('topics'),
    tenant_users: {
      master: countOf(rows, 'tenant_users', 'master'),
      admin: countOf(rows, 'tenant_users', 'admin'),
      user: countOf(rows, 'tenant_users', 'user'),
      archived: countOf(rows, 'tenant_users', 'archived'),
    },
    media: {
      image: countOf(rows, 'media', 'image'),
      video: countOf(rows, 'media', 'video'),
      pdf: countOf(rows, 'media', 'pdf'),
      audio: countOf(rows, 'media', 'audio'),
      total: media.reduce((sum, row) => sum + Number(row.total), 0),
      total_size: media.reduce((sum, row) => sum + Number(row.size ?? 0), 0),
    },
  };
}
