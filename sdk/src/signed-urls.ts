/**
 * Signed file URLs (`…/api/bioreq-files/…`, `…/api/files/…`) are answered under the server's PUBLIC_URL, but their
 * signature names no host: the same path and query work at any address the API is reached at. A client that
 * reaches the API elsewhere (the portal opened at 127.0.0.1 while PUBLIC_URL says localhost, a proxy's internal
 * name) fetches them there, where its page's Content-Security-Policy allows it.
 */
export function signedUrlAt(apiBaseUrl: string, signedUrl: string): string {
  const url = new URL(signedUrl, 'http://relative.invalid');
  const apiPath = url.pathname.indexOf('/api/');
  if (apiPath === -1) return signedUrl;
  return `${apiBaseUrl.replace(/\/+$/, '')}${url.pathname.slice(apiPath + '/api'.length)}${url.search}`;
}
