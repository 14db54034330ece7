/**
 * The snapshot report (spec section 3): modules, components and topics by state, members by role, and the
 * media library by type with its total size — one query whatever the organization's size: a grouped count
 * per table, glued with UNION ALL into rows of (kind, state, total, size), each scoped to the organization.
 */
import type { SnapshotReport } from '@tessera/sdk';
import type { Database } from '../../db/database.js';
import type { CsvColumn } from '../../http/csv.js';
import { TesseraModel, withColumns } from '../../db/model.js';
import type { Query, TenantSql } from '../../db/query.js';

type Kind = 'modules' | 'components' | 'topics' | 'tenant_users' | 'media';

interface CountRow {
  kind: Kind;
  state: string;
  total: number;
  size: number | null;
}

/** The counts and sizes as numbers on both databases (PostgreSQL answers a count or a sum of bigints as a string). */
const COUNT_ROW = withColumns(TesseraModel, { numberColumns: ['total', 'size'] });

const CONTENT: Kind[] = ['modules', 'components', 'topics'];

/** Archived whatever the flag; live rows by is_active. */
function contentStates(org: TenantSql, table: Kind): Query {
  return org
    .from(table)
    .select(
      org.raw(`'${table}' as kind`),
      org.raw(`case when deleted_at is not null then 'archived' when is_active = ? then 'active' else 'inactive' end as state`, [true]),
      org.raw('count(*) as total'),
      org.raw('0 as size'),
    )
    .groupByRaw('1, 2');
}

/** Live memberships by role (suspended ones included); removed ones as archived. Invitations are not memberships. */
function memberStates(org: TenantSql): Query {
  return org
    .from('tenant_users')
    .whereNull('invited_at')
    .select(
      org.raw(`'tenant_users' as kind`),
      org.raw(`case when deleted_at is not null then 'archived' else role end as state`),
      org.raw('count(*) as total'),
      org.raw('0 as size'),
    )
    .groupByRaw('1, 2');
}

/** The library's files by type; a suggestion's attached images are not part of the library. */
function mediaTypes(org: TenantSql): Query {
  return org
    .from('media')
    .whereNotExists(org.from('suggestion_media').whereRaw('suggestion_media.media_id = media.id').select(org.raw('1')))
    .select(org.raw(`'media' as kind`), org.raw('type as state'), org.raw('count(*) as total'), org.raw('sum(size) as size'))
    .groupByRaw('1, 2');
}

function countOf(rows: CountRow[], kind: Kind, state: string): number {
  return rows.find((entry) => entry.kind === kind && entry.state === state)?.total ?? 0;
}

export async function snapshotReport(db: Database, tenantId: string): Promise<SnapshotReport> {
  const org = db.inTenant(tenantId);
  // `a UNION ALL b ...` of the grouped selects, each whole (a union on a first part would move its GROUP BY to the end).
  const rows = await org.rows<CountRow>(
    org.query().unionAll([...CONTENT.map((table) => contentStates(org, table)), memberStates(org), mediaTypes(org)]),
    COUNT_ROW,
  );
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
      total: media.reduce((sum, row) => sum + row.total, 0),
      total_size: media.reduce((sum, row) => sum + (row.size ?? 0), 0),
    },
  };
}

/** A count of the snapshot as a line of its CSV download: its section, what it counts, the count. */
export interface SnapshotLine {
  section: string;
  measure: string;
  value: number;
}

const STATES = [
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['archived', 'Archived'],
] as const;

/** The snapshot's counts in the order the Reports page shows them (ARCHITECTURE.md#csv-downloads). */
export function snapshotLines(report: SnapshotReport): SnapshotLine[] {
  const content = (section: string, counts: SnapshotReport['modules']) => STATES.map(([state, measure]) => ({ section, measure, value: counts[state] }));
  const { tenant_users: members, media } = report;
  return [
    ...content('Modules', report.modules),
    ...content('Components', report.components),
    ...content('Topics', report.topics),
    { section: 'Members', measure: 'Master', value: members.master },
    { section: 'Members', measure: 'Admin', value: members.admin },
    { section: 'Members', measure: 'User', value: members.user },
    { section: 'Members', measure: 'Archived', value: members.archived },
    { section: 'Media', measure: 'Image', value: media.image },
    { section: 'Media', measure: 'Video', value: media.video },
    { section: 'Media', measure: 'Pdf', value: media.pdf },
    { section: 'Media', measure: 'Audio', value: media.audio },
    { section: 'Media', measure: 'Total', value: media.total },
    { section: 'Media', measure: 'Total Size (bytes)', value: media.total_size },
  ];
}

export const SNAPSHOT_CSV: readonly CsvColumn<SnapshotLine>[] = [
  { header: 'Section', value: (line) => line.section },
  { header: 'Measure', value: (line) => line.measure },
  { header: 'Value', value: (line) => line.value },
];
