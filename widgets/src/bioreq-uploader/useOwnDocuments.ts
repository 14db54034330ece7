import { useCallback } from 'react';
import { signedUrlAt, unwrap, uploadWithProgress, TesseraApiError, type BioreqDocument, type TesseraClient } from '@tessera/sdk';
import type { FieldErrors } from '@tessera/sdk/rules';
import { useRemote } from '../data/useRemote.js';
import { saveFile } from '../ui/saveFile.js';

/** The member's own documents in the organization (GET /bioreq/user, every row), fetched again on `reload`. */
export function useOwnDocuments(client: TesseraClient, organization: string, isLoggedIn: boolean) {
  const { remote, reload } = useRemote(isLoggedIn && organization ? [client, organization] : null, async () => {
    const params = { path: { tenantId: organization }, query: { paginate: false } };
    return (await unwrap(client.GET('/tenants/{tenantId}/bioreq/user', { params }))).data;
  });
  const cancel = useCallback(
    async (document: BioreqDocument) => {
      const response = await client.DELETE('/tenants/{tenantId}/bioreq/{bioreqId}', { params: { path: { tenantId: organization, bioreqId: document.id } } });
      return response.response.ok;
    },
    [client, organization],
  );
  const download = useCallback((document: BioreqDocument) => downloadDocument(client, organization, document), [client, organization]);
  return { remote, reload, cancel, download };
}

/** The organization has bioreq switched off: the list's refusal says so (403 `bioreq_disabled`, the server's words). */
export function bioreqDisabledMessage(error: unknown): string | null {
  return error instanceof TesseraApiError && error.body.code === 'bioreq_disabled' ? error.body.message : null;
}

/**
 * The member's own file: a signed URL from the download call, fetched at the API base this widget uses (where the
 * host page's policy lets it connect), then saved under the document's title. False when any step failed.
 */
async function downloadDocument(client: TesseraClient, organization: string, document: BioreqDocument): Promise<boolean> {
  const signed = await client.GET('/tenants/{tenantId}/bioreq/{bioreqId}/download', { params: { path: { tenantId: organization, bioreqId: document.id } } });
  if (!signed.data) return false;
  try {
    const file = await fetch(signedUrlAt(client.baseUrl, signed.data.data.url));
    if (!file.ok) return false;
    saveFile(await file.blob(), signed.data.data.file_name);
    return true;
  } catch {
    return false;
  }
}

export type UploadResult = { ok: true; document: BioreqDocument } | { ok: false; errors: FieldErrors; message: string };

/** The multipart upload (title, description, file) with its progress, 0 to 1. */
export async function uploadDocument(
  client: TesseraClient,
  organization: string,
  parts: { title: string; description: string; file: File },
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('title', parts.title);
  form.append('description', parts.description);
  form.append('file', parts.file, parts.file.name);
  try {
    const { status, body } = await uploadWithProgress(client, `/tenants/${encodeURIComponent(organization)}/bioreq`, form, {
      onProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0),
    });
    const answer = (body ?? {}) as { data?: BioreqDocument; message?: string; errors?: FieldErrors };
    if (status === 201 && answer.data) return { ok: true, document: answer.data };
    return { ok: false, errors: answer.errors ?? {}, message: answer.message ?? 'Something went wrong.' };
  } catch {
    return { ok: false, errors: {}, message: 'No response from server.' };
  }
}
