import type { ApiErrorBody } from '@tessera/sdk';
import { errorRouter } from './errorRouting';
import { globalRouteFor, isAccessBlock, NO_RESPONSE, type ApiFailure, type ApiOutcome } from './outcome';

/** What an openapi-fetch call of the SDK client resolves to. */
export interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export interface CallOptions {
  /** Statuses this screen shows itself (422 on forms, 429 on account forms...): never routed globally. */
  handles?: readonly number[];
  /**
   * False in route loaders: they answer a redirect themselves, so the failure is only handed back.
   * Defaults to true.
   */
  routeErrors?: boolean;
}

const NO_RESPONSE_BODY: ApiErrorBody = { message: 'No response from server.', code: 'network_error' };
const UNREADABLE_BODY: ApiErrorBody = { message: 'Something went wrong.', code: 'unreadable_answer' };

function errorBody(error: unknown, status: number): ApiErrorBody {
  if (error && typeof error === 'object' && typeof (error as ApiErrorBody).message === 'string') {
    const body = error as ApiErrorBody;
    return { ...body, code: body.code ?? `http_${status}` };
  }
  return { message: 'Something went wrong.', code: `http_${status}` };
}

/** fetch rejects with a TypeError when no answer came back (offline, refused, reset). */
function isNetworkFailure(thrown: unknown): boolean {
  return thrown instanceof TypeError || (thrown instanceof DOMException && thrown.name === 'AbortError');
}

/** How many saves of a form (or the items editor) are running; see `whileSaving`. */
let savesRunning = 0;

/**
 * Runs a form's save: while it runs, no answer from the server is the form's to show (the save failed, the
 * edits stay on the form, the person can try again) instead of a trip to /no-response, which would leave the
 * edit screen and, past the unsaved-changes prompt, lose the edits (issue 14). Other failures route as usual.
 */
export async function whileSaving<T>(save: () => Promise<T>): Promise<T> {
  savesRunning += 1;
  try {
    return await save();
  } finally {
    savesRunning -= 1;
  }
}

/** The form-failure text of a save that got no answer (the edits are kept). */
export const SAVE_NO_RESPONSE = 'No response from server: your changes were not saved. They are still here; please try again.';

/** Applies the global error routing (spec section 8) to a failure the screen does not handle. */
function routeFailure(status: number, error: ApiErrorBody, options: CallOptions = {}): ApiFailure {
  if (options.routeErrors === false || options.handles?.includes(status)) return { ok: false, status, error, routed: false };
  if (status === NO_RESPONSE && savesRunning > 0) return { ok: false, status, error: { ...error, message: SAVE_NO_RESPONSE }, routed: false };
  if (status === 401) {
    errorRouter().unauthenticated();
    return { ok: false, status, error, routed: true };
  }
  if (status === 403 && isAccessBlock(error.code)) {
    errorRouter().accessBlocked(error.code);
    return { ok: false, status, error, routed: true };
  }
  const route = globalRouteFor(status);
  if (route) errorRouter().goTo(route);
  return { ok: false, status, error, routed: route !== null };
}

/**
 * Awaits an SDK call and answers its outcome. Failures the screen does not handle are routed
 * globally (403, 404, 5xx, no response, 401 after the SDK's refresh-and-retry); the rest are
 * handed back so the screen can show them.
 */
export async function apiCall<T>(request: Promise<RawResult<T>>, options: CallOptions = {}): Promise<ApiOutcome<T>> {
  let result: RawResult<T>;
  try {
    result = await request;
  } catch (thrown) {
    return isNetworkFailure(thrown) ? routeFailure(NO_RESPONSE, NO_RESPONSE_BODY, options) : routeFailure(500, UNREADABLE_BODY, options);
  }
  const { data, error, response } = result;
  if (response.ok) return { ok: true, data: data as T };
  return routeFailure(response.status, errorBody(error, response.status), options);
}
