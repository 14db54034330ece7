import { useCallback } from 'react';
import { unwrap, uploadWithProgress, type BioreqDocument, type TesseraClient } from '@tessera/sdk';
import type { FieldErrors } from '@tessera/sdk/rules';
import { useRemote } from '../data/useRemote.js';

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
  return { remote, reload, cancel };
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
