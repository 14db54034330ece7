import { signedUrlAt, uploadWithProgress, type BioreqDocument, type BioreqNote, type components } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { downloadAttachment } from '../../api/download';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { csvQueryParams, queryParams, type ListQuery } from '../../lists/useServerList';

export type { BioreqDocument, BioreqNote };
export type BioreqOrder = components['parameters']['BioreqOrder'];

const path = (tenantId: string) => ({ path: { tenantId } });
const documentPath = (tenantId: string, bioreqId: string) => ({ path: { tenantId, bioreqId } });

/** Spec section 7: the reviewers' list (`/bioreq`) or the uploader's own (`/bioreq/user`); Pending is processed=false. */
export function listBioreq(tenantId: string, scope: 'all' | 'own', processed: boolean) {
  return (query: ListQuery<BioreqOrder>) => {
    const params = { ...path(tenantId), query: { paginate: true, ...queryParams(query), processed } };
    return scope === 'all' ? apiCall(client.GET('/tenants/{tenantId}/bioreq', { params })) : apiCall(client.GET('/tenants/{tenantId}/bioreq/user', { params }));
  };
}

/** A reviewers' tab as a CSV: every document of Pending or Processed, searched and sorted as the list is. */
export function downloadBioreqCsv(tenantId: string, processed: boolean, query: ListQuery<BioreqOrder>) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/bioreq', { params: { ...path(tenantId), query: { ...csvQueryParams(query), processed } }, parseAs: 'blob' }),
    processed ? 'bioreq-processed.csv' : 'bioreq-pending.csv',
  );
}

export interface BioreqUploadParts {
  title: string;
  description: string;
  file: File | null;
}

/**
 * The multipart upload (title, description, file) with upload progress (0 to 1). 406 and 422 come back to the
 * form (their field errors shown under the fields); other failures are routed as every call's are.
 */
export async function uploadBioreq(tenantId: string, parts: BioreqUploadParts, onProgress: (fraction: number) => void): Promise<ApiOutcome<BioreqDocument>> {
  const form = new FormData();
  form.append('title', parts.title);
  form.append('description', parts.description);
  if (parts.file) form.append('file', parts.file, parts.file.name);
  const sending = uploadWithProgress(client, `/tenants/${encodeURIComponent(tenantId)}/bioreq`, form, {
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0),
  }).then(({ status, body }) => {
    const response = new Response(null, { status });
    return status < 400 ? { data: body as { data: BioreqDocument }, response } : { error: body, response };
  });
  const outcome = await apiCall(sending, { handles: [406, 413, 415, 422, 429] });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export function cancelBioreq(tenantId: string, document: Pick<BioreqDocument, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/bioreq/{bioreqId}', { params: documentPath(tenantId, document.id) }), { handles: [409] });
}

export function decideBioreq(tenantId: string, document: Pick<BioreqDocument, 'id'>, body: { match: boolean; message?: string }) {
  return apiCall(client.POST('/tenants/{tenantId}/bioreq/{bioreqId}/match', { params: documentPath(tenantId, document.id), body }), {
    handles: [409, 422],
  });
}

/** The document's bytes: a signed URL from the download call, then the file itself (logged; no bearer token needed). */
export async function fetchBioreqFile(tenantId: string, document: Pick<BioreqDocument, 'id'>): Promise<ApiOutcome<{ blob: Blob; name: string }>> {
  const signed = await apiCall(client.GET('/tenants/{tenantId}/bioreq/{bioreqId}/download', { params: documentPath(tenantId, document.id) }), {
    handles: [410],
  });
  if (!signed.ok) return signed;
  // At the address this page reached the API (its own origin), not PUBLIC_URL's: the page's CSP allows only that.
  const url = signedUrlAt(client.baseUrl, signed.data.data.url);
  try {
    const response = await fetch(url);
    if (!response.ok)
      return { ok: false, status: response.status, routed: false, error: { message: 'The file could not be downloaded.', code: `http_${response.status}` } };
    return { ok: true, data: { blob: await response.blob(), name: signed.data.data.file_name } };
  } catch {
    // A refusal by the browser (its security policy, an extension) looks the same to a page as a lost connection:
    // say what is known, not "No response from server."
    return { ok: false, status: 0, routed: false, error: { message: 'The file could not be fetched. Please try again.', code: 'network_error' } };
  }
}

/** Who fetched the document's file, newest first (masters and the owner: `abilities.read_access_log`). */
export function loadAccessLog(tenantId: string, bioreqId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/bioreq/{bioreqId}/access-log', { params: documentPath(tenantId, bioreqId) }), { handles: [403, 404, 500] });
}

/** Notes: the first item of data is the note (spec section 7). Load failures are shown by the modal itself. */
export function loadNotes(tenantId: string, bioreqId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/bioreq/{bioreqId}/notes', { params: documentPath(tenantId, bioreqId) }), { handles: [403, 404, 500] });
}

export function loadNoteHistory(tenantId: string, bioreqId: string, noteId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/bioreq/{bioreqId}/notes/{noteId}/history', { params: { path: { tenantId, bioreqId, noteId } } }), {
    handles: [403, 404, 500],
  });
}

/** Creates the note (201) or, when it exists, updates it (200; the server keeps the previous text in the history). */
export function saveNote(tenantId: string, bioreqId: string, noteId: string | null, note: string) {
  return noteId
    ? apiCall(client.POST('/tenants/{tenantId}/bioreq/{bioreqId}/notes/{noteId}', { params: { path: { tenantId, bioreqId, noteId } }, body: { note } }), {
        handles: [409, 422],
      })
    : apiCall(client.POST('/tenants/{tenantId}/bioreq/{bioreqId}/notes', { params: documentPath(tenantId, bioreqId), body: { note } }), {
        handles: [409, 422],
      });
}

/** Spec section 2 texts. */
export const bioreqTexts = {
  add: 'Add Bioreq Document',
  uploaded: 'Bioreq document uploaded!',
  search: 'Search by title',
  cancelQuestion: (title: string) => `Are you sure you want to cancel "${title}"?`,
  emptyClient: (type: 'pending' | 'processed') => `No ${type} bioreq documents found`,
  matchTitle: (title: string) => `Confirm Match - ${title}`,
  matchHint: 'This message will be delivered to the uploader',
  noMatchTitle: (title: string) => `Confirm No Match - ${title}`,
  noMatchQuestion: (title: string) => `Are you sure "${title}" is not a match?`,
  notesTitle: (title: string) => `Notes - ${title}`,
  savingNote: 'Saving note...',
  loadingNotes: 'Loading notes...',
  loadingHistory: 'Loading notes history...',
  noNotes: 'No notes found',
  noteAdded: 'Note added!',
  notesFailed: (status: number) => `${status} There was an error while loading the notes`,
  // Spec section 8: "the same for history".
  historyFailed: (status: number) => `${status} There was an error while loading the notes`,
  disabled: 'Bioreq is not enabled for this organization.',
  accessHistory: 'Access history',
  loadingAccessHistory: 'Loading access history...',
  noAccess: 'Nobody has downloaded this document yet.',
  formerAccount: 'A deleted account',
} as const;

export const STATUS_LABELS: Record<BioreqDocument['status'], string> = {
  pending: 'Pending',
  underreview: 'Under review',
  match: 'Match',
  nomatch: 'No match',
};
