/**
 * A small HTTP client for API tests: real fetch against the running server, and every answer is
 * checked against the contract before the test sees it.
 */
import { assertContract } from './contract.js';

/**
 * What `JSON.parse` answers, and so what a test reads by default: the body has already been checked against the
 * contract's schema for this call and status (assertContract), so tests read it freely; a test that wants the
 * compiler's help names the type, `api.get<{ data: Topic }>(…)`.
 */
export type ParsedAnswer = ReturnType<typeof JSON.parse>;

export interface ApiResponse<T = ParsedAnswer> {
  status: number;
  headers: Headers;
  body: T;
}

interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A JSON-serialisable body (sent as application/json). */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is (for malformed bodies); set the content type in headers. */
  raw?: string;
}

export interface Api {
  readonly baseUrl: string;
  request<T = ParsedAnswer>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = ParsedAnswer>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = ParsedAnswer>(path: string, json?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = ParsedAnswer>(path: string, json?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
}

function encode(options: RequestOptions): { body?: string; contentType?: string } {
  if (options.raw !== undefined) return { body: options.raw };
  if (options.form) return { body: new URLSearchParams(options.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (options.json !== undefined) return { body: JSON.stringify(options.json), contentType: 'application/json' };
  return {};
}

export function createApi(serverUrl: string): Api {
  const baseUrl = `${serverUrl}/api`;
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const { body, contentType } = encode(options);
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (contentType) headers['Content-Type'] = contentType;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || undefined;
    assertContract(method, path.split('?')[0], response.status, parsed, response.headers.get('content-type'));
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    baseUrl,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, json, options = {}) => request('POST', path, json === undefined ? options : { ...options, json }),
    patch: (path, json, options = {}) => request('PATCH', path, json === undefined ? options : { ...options, json }),
  };
}
