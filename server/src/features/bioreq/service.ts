import type { ErrorCode } from '@tessera/sdk';
/**
 * Bioreq documents of one organization: uploads, the reviewers' and the uploader's lists, downloads (logged, and
 * starting the review), the verdict, the note with its history, the access log and the retention setting. Writes go
 * through the bioreq models, reads are knex normalised by them (ARCHITECTURE.md#data-access); each state change is one
 * conditional write, so two reviewers racing get one verdict and a 409 for the other. A page costs at most three queries (paginate: its keys, its rows by id with their people, and the total unless kept).
 */
import { compiledRead, whereInJsonList, type Bound } from '../../db/compiled-read.js';
import { containsSearch } from '../../db/contains-search.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation, type Knex } from '../../db/knex.js';
import { BioreqDocument, BioreqDownload, BioreqNote, BioreqNoteHistory } from '../../db/bioreq-models.js';
import { normaliseRow } from '../../db/model.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { HttpError, forbidden, notFound } from '../../http/errors.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import { bioreqMessages, isReviewer, isUploader, requireVisible } from './policy.js';
import { BIOREQ_ROWS, personColumns, type BioreqRow, type DownloadRow, type NoteHistoryRow, type NoteRow } from './presenter.js';

export type BioreqSortKey = 'title' | 'uploaded' | 'downloaded' | 'status' | 'uploaded_by';

export const BIOREQ_LIST: ListDefinition<BioreqSortKey> = {
  sorts: { title: 'lower(b.title)', uploaded: 'b.created_at', downloaded: 'b.downloaded_at', status: 'b.status', uploaded_by: 'lower(su.name)' },
  defaultOrder: 'uploaded',
  defaultDesc: true,
  tieBreaker: 'b.id',
  searchColumns: ['b.title'],
  keptTotal: true,
  // Through the title's trigram index on SQLite (migration 20250116000000_bioreq), LIKE on PostgreSQL's GIN index.
  search: containsSearch({ copy: 'bioreq_search', copyKey: 'document_id', copyColumns: ['title'], key: 'b.id', columns: ['b.title'] }),
};

function conflict(code: ErrorCode, message: string): HttpError {
  return new HttpError(409, code, message);
}

/** The organization's documents. */
function documentsOf(knex: Knex, tenantId: Bound<string>): Knex.QueryBuilder {
  return knex('bioreq_documents as b').where('b.tenant_id', tenantId);
}

/**
 * The documents' people. Left joins on unique keys: the submitter always exists (a foreign key that cascades).
 * A list joins them only for its rows and for the submitter sort: SQLite leaves out unread left joins from a page's
 * keys, but not from its count (which then looked up three people per matching document).
 */
function withPeople(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
    .leftJoin('tenant_users as stu', 'stu.id', 'b.tenant_user_id')
    .leftJoin('users as su', 'su.id', 'stu.user_id')
    .leftJoin('users as ru', 'ru.id', 'b.reviewer_user_id')
    .leftJoin('users as du', 'du.id', 'b.decided_by_user_id');
}

const DOCUMENT_COLUMNS = [
  'b.id',
  'b.tenant_id',
  'b.tenant_user_id',
  'b.title',
  'b.description',
  'b.storage_key',
  'b.mime_type',
  'b.size',
  'b.status',
  'b.message',
  'b.downloaded_at',
  'b.decided_at',
  'b.file_deleted_at',
  'b.created_at',
  'b.updated_at',
  ...personColumns('su', 's'),
  ...personColumns('ru', 'r'),
  ...personColumns('du', 'd'),
];

const selectDocument = (query: Knex.QueryBuilder) => withPeople(query).select(DOCUMENT_COLUMNS);

export interface BioreqFilters {
  /** true: Processed, false: Pending, undefined: both. */
  processed: boolean | undefined;
  /** Only this member's uploads (the uploader's own list). */
  memberId?: string;
}

/** A page's documents by id, with their people: compiled once (db/paginate.ts). */
const documentRowsRead = compiledRead<object, { tenantId: string; ids: string }>((knex, param) =>
  whereInJsonList(knex, selectDocument(documentsOf(knex, param('tenantId'))), 'b.id', param('ids')),
);

export async function listDocuments(db: Database, tenantId: string, params: ListParams<BioreqSortKey>, filters: BioreqFilters): Promise<Page<BioreqRow>> {
  const filtered = documentsOf(db.knex, tenantId);
  // The submitter sort reads `su`: the page's keys need the people then. A page's rows are read by their ids
  // (documentRowsRead); `select` serves the unpaginated list, which reads its rows with the filters.
  const people = params.order === 'uploaded_by';
  if (people) withPeople(filtered);
  if (filters.processed !== undefined) filtered.where('b.processed', filters.processed);
  if (filters.memberId) filtered.where('b.tenant_user_id', filters.memberId);
  const select = people ? (query: Knex.QueryBuilder) => query.select(DOCUMENT_COLUMNS) : selectDocument;
  const page = await paginate<object, BioreqSortKey>(db, filtered, params, BIOREQ_LIST, select, {
    rowsById: (ids) => db.read(documentRowsRead, { tenantId, ids: JSON.stringify(ids) }),
  });
  return normalisedPage<BioreqRow>(page, BIOREQ_ROWS.document);
}

async function findDocument(knex: Knex, tenantId: string, id: string): Promise<BioreqRow | undefined> {
  const row = (await selectDocument(documentsOf(knex, tenantId).where('b.id', id)).first()) as object | undefined;
  return row && normaliseRow<BioreqRow>(BIOREQ_ROWS.document, row);
}

/** The document, if the caller may see it (its uploader or a reviewer); 404 otherwise. */
export async function requireDocument(knex: Knex, access: TenantAccess, id: string): Promise<BioreqRow> {
  return requireVisible(access, await findDocument(knex, access.tenant.id, id));
}

export interface NewDocument {
  tenantId: string;
  memberId: string;
  title: string;
  description: string;
  /** Received by the upload pipeline, already in storage. */
  file: ReceivedFile;
  id: string;
}

export async function createDocument(knex: Knex, input: NewDocument): Promise<void> {
  const now = new Date().toISOString();
  await BioreqDocument.query(knex).insert({
    id: input.id,
    tenant_id: input.tenantId,
    tenant_user_id: input.memberId,
    title: input.title,
    description: input.description,
    storage_key: input.file.key,
    mime_type: input.file.mimeType,
    size: input.file.size,
    status: 'pending',
    created_at: now,
    updated_at: now,
  });
}

/**
 * Cancels (deletes) the caller's own `pending` document; answers the stored key to delete once committed. The
 * status is part of the delete's condition, so a review starting meanwhile wins and the cancel answers 409.
 */
export async function cancelDocument(knex: Knex, access: TenantAccess, id: string): Promise<string | null> {
  const row = await requireDocument(knex, access, id);
  if (!isUploader(access, row)) throw forbidden('forbidden', bioreqMessages.notUploader);
  const deleted = await BioreqDocument.query(knex).delete().where({ tenant_id: access.tenant.id, id, status: 'pending' });
  if (deleted === 0) throw conflict('review_started', bioreqMessages.reviewStarted);
  return row.storage_key;
}

/**
 * A download handed out: written to the access log; a reviewer's (not the uploader's) download of a `pending`
 * document records the reviewer and the time and starts the review. One transaction.
 */
export async function recordDownload(knex: Knex, access: TenantAccess, row: BioreqRow, ip: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const now = new Date().toISOString();
    await BioreqDownload.query(trx).insert({ id: newId(), tenant_id: access.tenant.id, document_id: row.id, user_id: access.user.id, ip, created_at: now });
    if (isReviewer(access) && !isUploader(access, row)) {
      await BioreqDocument.query(trx)
        .where({ tenant_id: access.tenant.id, id: row.id, status: 'pending' })
        .patch({ status: 'underreview', reviewer_user_id: access.user.id, downloaded_at: now, updated_at: now });
    }
  });
}

export interface Verdict {
  match: boolean;
  message?: string;
}

/** Match or no match, once, only from `underreview` (a conditional update: a second verdict answers 409). */
export async function decide(knex: Knex, access: TenantAccess, id: string, verdict: Verdict): Promise<BioreqRow> {
  const row = await requireDocument(knex, access, id);
  if (isUploader(access, row)) throw forbidden('own_document', bioreqMessages.ownDocument);
  const now = new Date().toISOString();
  const updated = await BioreqDocument.query(knex)
    .where({ tenant_id: access.tenant.id, id, status: 'underreview' })
    .patch({
      status: verdict.match ? 'match' : 'nomatch',
      processed: true,
      message: verdict.message ?? null,
      decided_by_user_id: access.user.id,
      decided_at: now,
      updated_at: now,
    });
  if (updated === 0) {
    const current = await requireDocument(knex, access, id);
    if (current.status === 'pending') throw conflict('not_under_review', bioreqMessages.notUnderReview);
    throw conflict('already_decided', bioreqMessages.alreadyDecided);
  }
  return requireDocument(knex, access, id);
}

// ------------------------------------------------------------------------------------------------
// Notes

function notesOf(knex: Knex, tenantId: string): Knex.QueryBuilder {
  return knex('bioreq_notes as n')
    .leftJoin('users as au', 'au.id', 'n.author_user_id')
    .where('n.tenant_id', tenantId)
    .select('n.id', 'n.document_id', 'n.note', 'n.created_at', 'n.updated_at', ...personColumns('au', 'a'));
}

export async function notesOfDocument(knex: Knex, tenantId: string, documentId: string): Promise<NoteRow[]> {
  const rows: object[] = await notesOf(knex, tenantId).where('n.document_id', documentId);
  return rows.map((row) => normaliseRow<NoteRow>(BIOREQ_ROWS.note, row));
}

async function requireNote(knex: Knex, tenantId: string, documentId: string, noteId: string): Promise<NoteRow> {
  const row = (await notesOf(knex, tenantId).where({ 'n.document_id': documentId, 'n.id': noteId }).first()) as object | undefined;
  if (!row) throw notFound(bioreqMessages.noteNotFound);
  return normaliseRow<NoteRow>(BIOREQ_ROWS.note, row);
}

/** The document's first (and only) note; 409 when it has one already. */
export async function createNote(knex: Knex, access: TenantAccess, documentId: string, note: string): Promise<NoteRow> {
  const id = newId();
  const now = new Date().toISOString();
  try {
    await BioreqNote.query(knex).insert({
      id,
      tenant_id: access.tenant.id,
      document_id: documentId,
      note,
      author_user_id: access.user.id,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('note_exists', bioreqMessages.noteExists);
    throw error;
  }
  return requireNote(knex, access.tenant.id, documentId, id);
}

/** Replaces the note's text; the previous text, its author and time go to the history (one transaction). */
export async function updateNote(knex: Knex, access: TenantAccess, documentId: string, noteId: string, note: string): Promise<NoteRow> {
  await knex.transaction(async (trx) => {
    const current = await BioreqNote.query(trx)
      .findOne({ tenant_id: access.tenant.id, document_id: documentId, id: noteId })
      .forUpdate()
      .select('note', 'author_user_id', 'updated_at');
    if (!current) throw notFound(bioreqMessages.noteNotFound);
    await BioreqNoteHistory.query(trx).insert({
      id: newId(),
      note_id: noteId,
      note: current.note,
      author_user_id: current.author_user_id,
      created_at: current.updated_at,
    });
    await BioreqNote.query(trx).findById(noteId).patch({ note, author_user_id: access.user.id, updated_at: new Date().toISOString() });
  });
  return requireNote(knex, access.tenant.id, documentId, noteId);
}

export async function noteHistory(knex: Knex, tenantId: string, documentId: string, noteId: string): Promise<NoteHistoryRow[]> {
  await requireNote(knex, tenantId, documentId, noteId);
  const rows: object[] = await knex('bioreq_note_history as h')
    .leftJoin('users as au', 'au.id', 'h.author_user_id')
    .where('h.note_id', noteId)
    .orderBy([
      { column: 'h.created_at', order: 'desc' },
      { column: 'h.id', order: 'desc' },
    ])
    .select('h.id', 'h.note', 'h.created_at', ...personColumns('au', 'a'));
  return rows.map((row) => normaliseRow<NoteHistoryRow>(BIOREQ_ROWS.history, row));
}

// ------------------------------------------------------------------------------------------------
// Access log and settings

export async function accessLog(knex: Knex, tenantId: string, documentId: string): Promise<DownloadRow[]> {
  const rows: object[] = await knex('bioreq_downloads as l')
    .leftJoin('users as au', 'au.id', 'l.user_id')
    .where({ 'l.tenant_id': tenantId, 'l.document_id': documentId })
    .orderBy([
      { column: 'l.created_at', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ])
    .select('l.id', 'l.ip', 'l.created_at', ...personColumns('au', 'a'));
  return rows.map((row) => normaliseRow<DownloadRow>(BIOREQ_ROWS.download, row));
}

export async function retentionDays(knex: Knex, tenantId: string): Promise<number | null> {
  const row = (await knex('bioreq_settings').where({ tenant_id: tenantId }).first('retention_days')) as { retention_days: number | null } | undefined;
  return row?.retention_days ?? null;
}

export async function setRetentionDays(knex: Knex, tenantId: string, days: number | null): Promise<void> {
  const now = new Date();
  await knex('bioreq_settings')
    .insert({ tenant_id: tenantId, retention_days: days, created_at: now, updated_at: now })
    .onConflict('tenant_id')
    .merge({ retention_days: days, updated_at: now });
}
