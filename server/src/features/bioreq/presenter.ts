/** Bioreq rows (as the service selects them; typed here, ARCHITECTURE.md#data-access) to the contract's entities. */
import type { BioreqAccessLogEntry, BioreqDocument, BioreqNote, BioreqNoteHistoryEntry, BioreqStatus, UserSummary } from '@tessera/sdk';
import { bioreqKindOf } from '@tessera/sdk/rules';
import { toDate, toIso } from '../../db/knex.js';
import type { DbDate } from '../../db/models.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import { bioreqAbilities } from './policy.js';

/** A person's summary columns under a prefix (`s_` submitter, `r_` reviewer, `d_` decided by, `a_` author). */
export function personColumns(table: string, prefix: string): string[] {
  return ['id', 'name', 'email', 'is_active', 'deleted_at', 'confirmed_at'].map((column) => `${table}.${column} as ${prefix}_${column}`);
}

function personOf(row: object, prefix: string): UserSummary | null {
  const columns = row as Record<string, unknown>;
  const id = columns[`${prefix}_id`];
  if (typeof id !== 'string') return null;
  return {
    id,
    name: String(columns[`${prefix}_name`] ?? ''),
    email: String(columns[`${prefix}_email`] ?? ''),
    is_active: Boolean(columns[`${prefix}_is_active`]) && toDate(columns[`${prefix}_deleted_at`]) === null,
    is_confirmed: toDate(columns[`${prefix}_confirmed_at`]) !== null,
  };
}

/** A document row with its people, as `selectDocument` reads it. */
export interface BioreqRow {
  id: string;
  tenant_id: string;
  tenant_user_id: string;
  title: string;
  description: string;
  storage_key: string | null;
  mime_type: string;
  size: number | string;
  status: BioreqStatus;
  message: string | null;
  downloaded_at: DbDate | null;
  decided_at: DbDate | null;
  file_deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
  [person: `${'s' | 'r' | 'd'}_${string}`]: unknown;
}

const isoOrNull = (value: DbDate | null) => (toDate(value) === null ? null : toIso(value));

function isProcessed(status: string): boolean {
  return status === 'match' || status === 'nomatch';
}

export function presentBioreq(row: BioreqRow, access: TenantAccess): BioreqDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    mime_type: row.mime_type,
    kind: bioreqKindOf(row.mime_type),
    size: Number(row.size),
    status: row.status,
    processed: isProcessed(row.status),
    message: row.message,
    submitter: personOf(row, 's'),
    reviewer: personOf(row, 'r'),
    decided_by: personOf(row, 'd'),
    created_at: toIso(row.created_at),
    downloaded_at: isoOrNull(row.downloaded_at),
    decided_at: isoOrNull(row.decided_at),
    updated_at: toIso(row.updated_at),
    file_deleted_at: isoOrNull(row.file_deleted_at),
    abilities: bioreqAbilities(access, row),
  };
}

export interface NoteRow {
  id: string;
  document_id: string;
  note: string;
  created_at: DbDate;
  updated_at: DbDate;
  [person: `a_${string}`]: unknown;
}

export function presentNote(row: NoteRow): BioreqNote {
  return { id: row.id, note: row.note, author: personOf(row, 'a'), created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

export interface NoteHistoryRow {
  id: string;
  note: string;
  created_at: DbDate;
  [person: `a_${string}`]: unknown;
}

export function presentNoteHistory(row: NoteHistoryRow): BioreqNoteHistoryEntry {
  return { id: row.id, note: row.note, author: personOf(row, 'a'), created_at: toIso(row.created_at) };
}

export interface DownloadRow {
  id: string;
  ip: string;
  created_at: DbDate;
  [person: `a_${string}`]: unknown;
}

export function presentDownload(row: DownloadRow): BioreqAccessLogEntry {
  return { id: row.id, user: personOf(row, 'a'), ip: row.ip, downloaded_at: toIso(row.created_at) };
}
