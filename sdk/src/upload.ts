/**
 * Multipart uploads with upload progress. fetch reports no upload progress, so this sends with
 * XMLHttpRequest where there is one (browsers), with the client's bearer token, refreshing once on a 401 as the
 * client does; elsewhere (Node scripts) it falls back to fetch and reports only the end.
 */
import type { TesseraClient } from './client.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadAnswer {
  status: number;
  /** The parsed JSON answer (undefined when there was none). */
  body: unknown;
}

export interface UploadOptions {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sendXhr(url: string, form: FormData, token: string | undefined, options: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => resolve({ status: request.status, body: parse(request.responseText) });
    request.onerror = () => reject(new TypeError('No response from server.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Clients whose uploads go through a fetch of their own (a fake API in tests and stories): no XMLHttpRequest. */
const uploadFetches = new WeakMap<TesseraClient, typeof globalThis.fetch>();

/** Sends `client`'s uploads through `fetch` (as its other calls are), e.g. an in-memory fake API. */
export function sendUploadsThrough(client: TesseraClient, fetch: typeof globalThis.fetch): void {
  uploadFetches.set(client, fetch);
}

function sendFetch(doFetch: typeof globalThis.fetch) {
  return async (url: string, form: FormData, token: string | undefined, options: UploadOptions): Promise<UploadAnswer> => {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await doFetch(url, { method: 'POST', headers, body: form, signal: options.signal });
    return { status: response.status, body: parse(await response.text()) };
  };
}

/**
 * POSTs `form` to `path` (relative to the client's base URL, e.g. `/tenants/acme/bioreq`), reporting upload
 * progress. Rejects only when no answer came back (a TypeError, as fetch does) or the signal aborted it.
 */
export async function uploadWithProgress(client: TesseraClient, path: string, form: FormData, options: UploadOptions = {}): Promise<UploadAnswer> {
  const url = `${client.baseUrl}${path}`;
  const own = uploadFetches.get(client);
  const send = own ? sendFetch(own) : typeof XMLHttpRequest === 'function' ? sendXhr : sendFetch(globalThis.fetch);
  const hadToken = client.tokenStore.get()?.accessToken;
  const first = await send(url, form, hadToken, options);
  if (first.status !== 401 || !hadToken || !(await client.refresh())) return first;
  return send(url, form, client.tokenStore.get()?.accessToken, options);
}
