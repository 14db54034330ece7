/**
 * A file an answer carries as an attachment (`Content-Disposition: attachment; filename="…"`): a report's CSV
 * (`format=csv`), read with `parseAs: 'blob'`. Its name as the server gave it: RFC 6266's `filename*` (UTF-8,
 * percent-encoded) when present, else `filename`; undefined when the answer names none.
 */
export function attachmentName(response: Pick<Response, 'headers'>): string | undefined {
  const disposition = response.headers.get('Content-Disposition');
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  if (!plain) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
}
