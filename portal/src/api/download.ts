import { attachmentName } from '@tessera/sdk';
import { saveFile } from '@tessera/widgets/ui';
import { apiCall, type RawResult } from './call';
import type { ApiOutcome } from './outcome';

/**
 * A file the API answers as an attachment (a report's or a list's CSV, `format=csv`: ARCHITECTURE.md#csv-downloads).
 * The portal authenticates with a bearer token, not a cookie, so a plain `<a href download>` would go unauthenticated:
 * the file is fetched through the one client (a blob, `parseAs: 'blob'`; its failures routed as every call's are),
 * then saved under the name the server gave it (`fallbackName` when it gave none).
 */
export async function downloadAttachment(request: Promise<RawResult<Blob>>, fallbackName: string): Promise<ApiOutcome<null>> {
  let name = fallbackName;
  const outcome = await apiCall(
    request.then((result) => {
      name = attachmentName(result.response) ?? fallbackName;
      return result;
    }),
  );
  if (!outcome.ok) return outcome;
  saveFile(outcome.data, name);
  return { ok: true, data: null };
}
