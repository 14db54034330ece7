/** Bioreq rows (as the service selects them; typed here, ARCHITECTURE.md#data-access) to the contract's entities. */
import type { BioreqAccessLogEntry, BioreqDocument, BioreqNote, BioreqNoteHistoryEntry, UserSummary } from '@tessera/sdk';
import { bioreqKindOf } from '@tessera/sdk/rules';
import { BioreqDocument as BioreqDocumentModel, BioreqDownload, BioreqNote as BioreqNoteModel, BioreqNoteHistory } from '../../db/bioreq-models.js';
import { withColumns, type ColumnKinds } from '../../db/model.js';
import type { CsvColumn } from '../../http/csv.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import { bioreqAbilities } from './policy.js';

/** A person's summary columns under a prefix (`s_` submitter, `r_` reviewer, `d_` decided by, `a_` author). */
export function personColumns(table: string, prefix: string): string[] {
  return ['id', 'name', 'email', 'is_active', 'deleted_at', 'confirmed_at'].map((column) => `${table}.${column} as ${prefix}_${column}`);
}

/** A bioreq model's columns plus its people's under their prefixes, as the User model reads them. */
function withPeople(model: ColumnKinds, prefixes: string[]): ColumnKinds {
  return withColumns(model, {
    booleanColumns: prefixes.map((prefix) => `${prefix}_is_active`),
    dateColumns: prefixes.flatMap((prefix) => [`${prefix}_deleted_at`, `${prefix}_confirmed_at`]),
  });
}

/** The column kinds of each row the service reads (documents with their three people; the rest with an author). */
export const BIOREQ_ROWS = {
  document: withPeople(BioreqDocumentModel, ['s', 'r', 'd']),
  note: withPeople(BioreqNoteModel, ['a']),
  history: withPeople(BioreqNoteHistory, ['a']),
  download: withPeople(BioreqDownload, ['a']),
};

function personOf(row: object, prefix: string): UserSummary | null {
  const columns = row as Record<string, unknown>;
  const id = columns[`${prefix}_id`];
  if (typeof id !== 'string') return null;
  return {
    id,
    name: (columns[`${prefix}_name`] as string | null) ?? '',
    email: (columns[`${prefix}_email`] as string | null) ?? '',
    is_active: columns[`${prefix}_is_active`] === true && columns[`${prefix}_deleted_at`] === null,
    is_confirmed: columns[`${prefix}_confirmed_at`] !== null,
  };
}

/** A document row with its people, as `selectDocument` reads it. */
export interface BioreqRow extends Pick<
  BioreqDocumentModel,
  | 'id'
  | 'tenant_id'
  | 'tenant_user_id'
  | 'title'
  | 'description'
  | 'storage_key'
  | 'mime_type'
  | 'size'
  | 'status'
  | 'message'
  | 'downloaded_at'
  | 'decided_at'
  | 'file_deleted_at'
  | 'created_at'
  | 'updated_at'
> {
  [person: `${'s' | 'r' | 'd'}_${string}`]: unknown;
}

/** Who uploaded the document (the verdict's mail goes to them). */
export function submitterOf(row: BioreqRow): UserSummary | null {
  return personOf(row, 's');
}

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
    size: row.size,
    status: row.status,
    processed: isProcessed(row.status),
    message: row.message,
    submitter: submitterOf(row),
    reviewer: personOf(row, 'r'),
    decided_by: personOf(row, 'd'),
    created_at: row.created_at,
    downloaded_at: row.downloaded_at,
    decided_at: row.decided_at,
    updated_at: row.updated_at,
    file_deleted_at: row.file_deleted_at,
    abilities: bioreqAbilities(access, row),
  };
}

export interface NoteRow extends Pick<BioreqNoteModel, 'id' | 'document_id' | 'note' | 'created_at' | 'updated_at'> {
  [person: `a_${string}`]: unknown;
}

export function presentNote(row: NoteRow): BioreqNote {
  return { id: row.id, note: row.note, author: personOf(row, 'a'), created_at: row.created_at, updated_at: row.updated_at };
}

export interface NoteHistoryRow extends Pick<BioreqNoteHistory, 'id' | 'note' | 'created_at'> {
  [person: `a_${string}`]: unknown;
}

export function presentNoteHistory(row: NoteHistoryRow): BioreqNoteHistoryEntry {
  return { id: row.id, note: row.note, author: personOf(row, 'a'), created_at: row.created_at };
}

export interface DownloadRow extends Pick<BioreqDownload, 'id' | 'ip' | 'created_at'> {
  [person: `a_${string}`]: unknown;
}

export function presentDownload(row: DownloadRow): BioreqAccessLogEntry {
  return { id: row.id, user: personOf(row, 'a'), ip: row.ip, downloaded_at: row.created_at };
}

/** The reviewers' list as a CSV download (ARCHITECTURE.md#csv-downloads), a document a line, as the JSON presents it. */
export const BIOREQ_CSV: readonly CsvColumn<BioreqDocument>[] = [
  { header: 'Document ID', value: (document) => document.id },
  { header: 'Title', value: (document) => document.title },
  { header: 'Description', value: (document) => document.description },
  { header: 'Status', value: (document) => document.status },
  { header: 'Kind', value: (document) => document.kind },
  { header: 'MIME Type', value: (document) => document.mime_type },
  { header: 'Size (bytes)', value: (document) => document.size },
  { header: 'Uploaded By', value: (document) => document.submitter?.name },
  { header: 'Uploader Email', value: (document) => document.submitter?.email },
  { header: 'Uploaded', value: (document) => document.created_at },
  { header: 'Downloaded By', value: (document) => document.reviewer?.name },
  { header: 'Downloaded', value: (document) => document.downloaded_at },
  { header: 'Decided By', value: (document) => document.decided_by?.name },
  { header: 'Decided', value: (document) => document.decided_at },
  { header: 'Message', value: (document) => document.message },
  { header: 'File Deleted', value: (document) => document.file_deleted_at },
];
