/**
 * Bioreq documents of one organization: uploads, the reviewers' and the uploader's lists, file fetches (logged, and
 * starting the review), the verdict, the note with its history, the access log and the retention setting
 * (ARCHITECTURE.md#data-access: reads with `rows`/`row` normalised by the bioreq models, writes through them); each
 * state change is one conditional write, so two reviewers racing get one verdict and a 409 for the other. A page
 * costs at most three queries (paginate: its keys, its rows by id with their people, and the total unless kept; the
 * list's strategies and its compiled rows' read are in hot.ts).
 */
import type { ErrorCode } from '@tessera/sdk';
import { newId } from '../../db/ids.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { isUniqueViolation } from '../../db/values.js';
import { BioreqDocument, BioreqDownload, BioreqNote, BioreqNoteHistory, BioreqSetting } from '../../db/bioreq-models.js';
import { listRows, normalisedPage, paginate, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { HttpError, forbidden, notFound } from '../../http/errors.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import { BIOREQ_LIST, DOCUMENT_COLUMNS, documentRowsById, documentsOf, selectDocument, withPeople, type BioreqSortKey } from './hot.js';
import { bioreqMessages, isUploader, requireVisible } from './policy.js';
import { BIOREQ_ROWS, personColumns, type BioreqRow, type DownloadRow, type NoteHistoryRow, type NoteRow } from './presenter.js';

function conflict(code: ErrorCode, message: string): HttpError {
  return new HttpError(409, code, message);
}

export interface BioreqFilters {
  /** true: Processed, false: Pending, undefined: both. */
  processed: boolean | undefined;
  /** Only this member's uploads (the uploader's own list). */
  memberId?: string;
}

/** The documents the filters select, and the select of their rows with their people. */
function documentList(db: Database, tenantId: string, params: ListParams<BioreqSortKey>, filters: BioreqFilters) {
  const filtered = documentsOf(db.inTenant(tenantId));
  // The submitter sort reads `su`: the page's keys need the people then. A page's rows are read by their ids
  // (documentRowsById); `select` serves the unpaginated list and every row's read (`allDocuments`), which read their
  // rows with the filters.
  const people = params.order === 'uploaded_by';
  if (people) withPeople(filtered);
  if (filters.processed !== undefined) filtered.where('b.processed', filters.processed);
  if (filters.memberId) filtered.where('b.tenant_user_id', filters.memberId);
  const select = people ? (query: Query) => query.select(DOCUMENT_COLUMNS) : selectDocument;
  return { filtered, select };
}

export async function listDocuments(db: Database, tenantId: string, params: ListParams<BioreqSortKey>, filters: BioreqFilters): Promise<Page<BioreqRow>> {
  const { filtered, select } = documentList(db, tenantId, params, filters);
  const page = await paginate<object, BioreqSortKey>(db, filtered, params, BIOREQ_LIST, select, { rowsById: documentRowsById(db, tenantId) });
  return normalisedPage<BioreqRow>(page, BIOREQ_ROWS.document);
}

/** Every document the filters and search select, in the list's sort, batch after batch (the list's CSV: `listRows`). */
export function allDocuments(db: Database, tenantId: string, params: ListParams<BioreqSortKey>, filters: BioreqFilters): AsyncIterable<BioreqRow[]> {
  const { filtered, select } = documentList(db, tenantId, params, filters);
  return listRows<BioreqRow, BioreqSortKey>(db, filtered, params, BIOREQ_LIST, select, { columns: BIOREQ_ROWS.document });
}

function findDocument(org: TenantDatabase, id: string): Promise<BioreqRow | undefined> {
  return org.row<BioreqRow>(selectDocument(documentsOf(org).where('b.id', id)), BIOREQ_ROWS.document);
}

/** The document, if the caller may see it (its uploader or a reviewer); 404 otherwise. */
export async function requireDocument(db: Database, access: TenantAccess, id: string): Promise<BioreqRow> {
  return requireVisible(access, await findDocument(db.inTenant(access.tenant.id), id));
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

export async function createDocument(db: Database, input: NewDocument): Promise<void> {
  const now = new Date().toISOString();
  await db.inTenant(input.tenantId).write(BioreqDocument).insert({
    id: input.id,
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
export async function cancelDocument(db: Database, access: TenantAccess, id: string): Promise<string | null> {
  const row = await requireDocument(db, access, id);
  if (!isUploader(access, row)) throw forbidden('forbidden', bioreqMessages.notUploader);
  const deleted = await db.inTenant(access.tenant.id).write(BioreqDocument).delete().where({ id, status: 'pending' });
  if (deleted === 0) throw conflict('review_started', bioreqMessages.reviewStarted);
  return row.storage_key;
}

/** A fetch of a document's file through its signed URL: who it was signed for, and the uploader of the document. */
export interface FileFetch {
  documentId: string;
  userId: string;
  uploaderUserId: string;
  ip: string;
}

/**
 * A fetch of the file (not the URL handed out: a URL the browser never used gave nobody the document): written to
 * the access log; a reviewer's (anyone's but the uploader's: only they and reviewers are handed URLs) fetch of a
 * `pending` document records the reviewer and the time and starts the review. One transaction.
 */
export async function recordFileFetch(db: Database, tenantId: string, fetched: FileFetch): Promise<void> {
  await db.inTenant(tenantId).transaction(async (org) => {
    const now = new Date().toISOString();
    await org.write(BioreqDownload).insert({ id: newId(), document_id: fetched.documentId, user_id: fetched.userId, ip: fetched.ip, created_at: now });
    if (fetched.userId !== fetched.uploaderUserId) {
      await org
        .write(BioreqDocument)
        .where({ id: fetched.documentId, status: 'pending' })
        .patch({ status: 'underreview', reviewer_user_id: fetched.userId, downloaded_at: now, updated_at: now });
    }
  });
}

export interface Verdict {
  match: boolean;
  message?: string;
}

/** Match or no match, once, only from `underreview` (a conditional update: a second verdict answers 409). */
export async function decide(db: Database, access: TenantAccess, id: string, verdict: Verdict): Promise<BioreqRow> {
  const row = await requireDocument(db, access, id);
  if (isUploader(access, row)) throw forbidden('own_document', bioreqMessages.ownDocument);
  const now = new Date().toISOString();
  const updated = await db
    .inTenant(access.tenant.id)
    .write(BioreqDocument)
    .where({ id, status: 'underreview' })
    .patch({
      status: verdict.match ? 'match' : 'nomatch',
      processed: true,
      message: verdict.message ?? null,
      decided_by_user_id: access.user.id,
      decided_at: now,
      updated_at: now,
    });
  if (updated === 0) {
    const current = await requireDocument(db, access, id);
    if (current.status === 'pending') throw conflict('not_under_review', bioreqMessages.notUnderReview);
    throw conflict('already_decided', bioreqMessages.alreadyDecided);
  }
  return requireDocument(db, access, id);
}

// ------------------------------------------------------------------------------------------------
// Notes

function notesOf(org: TenantSql): Query {
  return org
    .from('bioreq_notes as n')
    .leftJoin('users as au', 'au.id', 'n.author_user_id')
    .select('n.id', 'n.document_id', 'n.note', 'n.created_at', 'n.updated_at', ...personColumns('au', 'a'));
}

export async function notesOfDocument(db: Database, tenantId: string, documentId: string): Promise<NoteRow[]> {
  const org = db.inTenant(tenantId);
  return org.rows<NoteRow>(notesOf(org).where('n.document_id', documentId), BIOREQ_ROWS.note);
}

async function requireNote(org: TenantDatabase, documentId: string, noteId: string): Promise<NoteRow> {
  const row = await org.row<NoteRow>(notesOf(org).where({ 'n.document_id': documentId, 'n.id': noteId }), BIOREQ_ROWS.note);
  if (!row) throw notFound(bioreqMessages.noteNotFound);
  return row;
}

/** The document's first (and only) note; 409 when it has one already. */
export async function createNote(db: Database, access: TenantAccess, documentId: string, note: string): Promise<NoteRow> {
  const org = db.inTenant(access.tenant.id);
  const id = newId();
  const now = new Date().toISOString();
  try {
    await org.write(BioreqNote).insert({ id, document_id: documentId, note, author_user_id: access.user.id, created_at: now, updated_at: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('note_exists', bioreqMessages.noteExists);
    throw error;
  }
  return requireNote(org, documentId, id);
}

/** Replaces the note's text; the previous text, its author and time go to the history (one transaction). */
export async function updateNote(db: Database, access: TenantAccess, documentId: string, noteId: string, note: string): Promise<NoteRow> {
  const org = db.inTenant(access.tenant.id);
  await org.transaction(async (tx) => {
    const current = await tx.row<Pick<BioreqNote, 'note' | 'author_user_id' | 'updated_at'>>(
      tx.from('bioreq_notes').where({ document_id: documentId, id: noteId }).forUpdate().select('note', 'author_user_id', 'updated_at'),
      BioreqNote,
    );
    if (!current) throw notFound(bioreqMessages.noteNotFound);
    await tx.write(BioreqNoteHistory).insert({
      id: newId(),
      note_id: noteId,
      note: current.note,
      author_user_id: current.author_user_id,
      created_at: current.updated_at,
    });
    await tx.write(BioreqNote).findById(noteId).patch({ note, author_user_id: access.user.id, updated_at: new Date().toISOString() });
  });
  return requireNote(org, documentId, noteId);
}

export async function noteHistory(db: Database, tenantId: string, documentId: string, noteId: string): Promise<NoteHistoryRow[]> {
  const org = db.inTenant(tenantId);
  await requireNote(org, documentId, noteId);
  // The history has no tenant_id: it is reached through the note just found in the organization.
  return org.rows<NoteHistoryRow>(
    org
      .from('bioreq_note_history as h')
      .leftJoin('users as au', 'au.id', 'h.author_user_id')
      .where('h.note_id', noteId)
      .orderBy([
        { column: 'h.created_at', order: 'desc' },
        { column: 'h.id', order: 'desc' },
      ])
      .select('h.id', 'h.note', 'h.created_at', ...personColumns('au', 'a')),
    BIOREQ_ROWS.history,
  );
}

// ------------------------------------------------------------------------------------------------
// Access log and settings

export async function accessLog(db: Database, tenantId: string, documentId: string): Promise<DownloadRow[]> {
  const org = db.inTenant(tenantId);
  return org.rows<DownloadRow>(
    org
      .from('bioreq_downloads as l')
      .leftJoin('users as au', 'au.id', 'l.user_id')
      .where({ 'l.document_id': documentId })
      .orderBy([
        { column: 'l.created_at', order: 'desc' },
        { column: 'l.id', order: 'desc' },
      ])
      .select('l.id', 'l.ip', 'l.created_at', ...personColumns('au', 'a')),
    BIOREQ_ROWS.download,
  );
}

export async function retentionDays(db: Database, tenantId: string): Promise<number | null> {
  const org = db.inTenant(tenantId);
  const row = await org.row<Pick<BioreqSetting, 'retention_days'>>(org.from('bioreq_settings').select('retention_days'), BioreqSetting);
  return row?.retention_days ?? null;
}

export async function setRetentionDays(db: Database, tenantId: string, days: number | null): Promise<void> {
  const now = new Date();
  await db.inTenant(tenantId).insertRows(BioreqSetting, [{ retention_days: days, created_at: now, updated_at: now }], {
    onConflict: ['tenant_id'],
    merge: ['retention_days', 'updated_at'],
  });
}
