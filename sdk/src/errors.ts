/**
 * The SDK's error types and its one error style (sdk/README.md, "Errors"):
 *
 * every call answers a value, whatever happens: an error answer of the server and no answer at all (offline,
 * refused, reset) alike. `login()` answers `{ ok: false, status, error }`; `GET`/`POST`/… answer `{ error,
 * response }` with `response.status` 0 and `error.code` `network_error` when nothing came back. Only an abort that
 * the caller asked for (an AbortSignal) still rejects. `unwrap()` turns any failure into a thrown `TesseraApiError`
 * for code that prefers exceptions.
 */
import type { Middleware } from 'openapi-fetch';
import type { components, ErrorCode } from './generated/schema.js';

/**
 * Codes the SDK itself gives a failure that has no server answer to read: `network_error` (no answer),
 * `unreadable_answer` (an answer that is not the API's error body), `http_<status>` (such an answer, by status).
 */
export type ClientErrorCode = 'network_error' | 'unreadable_answer' | `http_${number}`;

/** Every code an SDK error body can carry: the contract's `ErrorCode` union, and the SDK's own. */
export type TesseraErrorCode = ErrorCode | ClientErrorCode;

/** The contract's `Error` body (under a name that does not shadow the global `Error`), as the SDK answers it. */
export type ApiErrorBody = Omit<components['schemas']['Error'], 'code'> & { code: TesseraErrorCode };

export const NETWORK_ERROR: ApiErrorBody = { message: 'No response from server.', code: 'network_error' };

/** An answer standing for no answer: status 0 (as a browser shows a network error), the SDK's error body. */
function noAnswer(): Response {
  // Response.error() has no body and none can be given: its text() answers the SDK's body instead.
  return Object.defineProperty(Response.error(), 'text', { value: async () => JSON.stringify(NETWORK_ERROR) });
}

/** Turns fetch's rejection (no answer) into a status-0 answer with a `network_error` body; aborts still reject. */
export const noAnswerAsValue: Middleware = {
  onError: ({ error }) => ((error as Error | null)?.name === 'AbortError' ? (error as Error) : noAnswer()),
};
