/**
 * Turns every error into the API's error body. Library errors are recognised by their status:
 * co-body (JSON/form parsing) sets `status`, formidable (multipart) sets `httpCode`, http-errors
 * sets `status` + `expose`; zlib's decoding errors (a body that is not the gzip it claims) are 400. Anything else is a 500 whose body carries only the request id; the
 * stack goes to the log under the same id.
 */
import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Context, DefaultState, Next } from 'koa';
import type { Logger } from '../logger.js';
import { accessLineWriter } from './access-log.js';
import { noMetrics, type Metrics } from './metrics.js';
import { HttpError, type ErrorBody } from './errors.js';

const CLIENT_ERRORS: Record<number, ErrorBody> = {
  400: { code: 'bad_request', message: 'The request could not be read.' },
  401: { code: 'unauthenticated', message: 'Unauthenticated.' },
  403: { code: 'forbidden', message: 'This action is unauthorized.' },
  404: { code: 'not_found', message: 'Not found.' },
  405: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
  406: { code: 'not_acceptable', message: 'The upload is not acceptable.' },
  409: { code: 'conflict', message: 'The request conflicts with the current state.' },
  411: { code: 'length_required', message: 'The request needs a Content-Length.' },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'unsupported_media_type', message: 'This content type is not supported here.' },
  429: { code: 'rate_limited', message: 'Too many attempts. Please wait and try again.' },
};

interface LibraryError {
  status?: unknown;
  statusCode?: unknown;
  httpCode?: unknown;
  expose?: boolean;
  type?: string;
}

/**
 * zlib's errors (`Z_DATA_ERROR`, `Z_BUF_ERROR`…, brotli's `ERR__ERROR_FORMAT_…`): a body that does not decode as
 * its Content-Encoding says.
 */
function isDecodingError(error: LibraryError & { code?: unknown }): boolean {
  return typeof error.code === 'string' && (error.code.startsWith('Z_') || error.code.startsWith('ERR__ERROR'));
}

function statusOf(error: LibraryError): number | undefined {
  if (isDecodingError(error)) return 400;
  for (const candidate of [error.status, error.statusCode, error.httpCode]) {
    if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  }
  return undefined;
}

/** A 4xx from a library we trust to describe the client's mistake (never its internals). */
function clientError(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (error instanceof HttpError) return { status: error.status, body: error.body };
  const status = statusOf(error as LibraryError);
  if (status === undefined || status >= 500) return undefined;
  const known = CLIENT_ERRORS[status] ?? { code: 'bad_request', message: CLIENT_ERRORS[400].message };
  return { status, body: { ...known } };
}

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/**
 * A request's `ctx.state`: its id, and its child logger made on first use (most requests never log). A class
 * rather than a property defined on each request's object: `Object.defineProperty` per request cost about 15 µs
 * of CPU per request in the API benchmark (it turns the state object into a slow dictionary).
 */
class RequestState {
  #log: Logger | undefined;
  /** Declared here so that the router's setting it keeps the object's shape (see above). */
  route: string | undefined = undefined;
  /** When the request came in (performance.now()), while metrics or the access log record it. */
  started = 0;
  /** Declared, as `route` is, for the access line that reads them (set by http/authenticate.ts and http/tenant-access.ts). */
  session: DefaultState['session'] = undefined;
  tenantAccess: DefaultState['tenantAccess'] = undefined;

  constructor(
    readonly requestId: string,
    private readonly logger: Logger,
    /** Records the request's metrics and access line when its answer closes; null when nothing is recorded. */
    readonly recorder: ((ctx: Context) => void) | null,
  ) {}

  get log(): Logger {
    return (this.#log ??= this.logger.child({ request_id: this.requestId }));
  }
}

export interface RequestTracker {
  /** Requests being handled right now (graceful shutdown waits for them). */
  readonly inFlight: number;
  /** Resolves when no request is in flight. */
  drained(): Promise<void>;
}

declare module 'koa' {
  interface DefaultState {
    /** The route template that answered (set by the router), for the access log and the metrics' labels. */
    route?: string;
  }
}

/** A request id a trusted proxy may hand on: short, and of characters that cannot break a log line or a header. */
const FORWARDED_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** The label of a request no feature route answered: fixed paths by name, the rest by kind (never the raw path). */
function fallbackRoute(path: string): string {
  if (path === '/api/token' || path === '/api/token/revocation' || path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  if (path === '/api' || path.startsWith('/api/')) return '/api/(unmatched)';
  if (path.startsWith('/widgets/')) return '/widgets/*';
  if (path.startsWith('/.well-known/')) return '/.well-known/*';
  return '/(portal)';
}

/** The request a response answers, kept on it until its 'close' records it (`AnsweringResponse.emit`). */
const ANSWERED = Symbol('tessera.answered');
type AnsweredResponse = ServerResponse & { [ANSWERED]?: Context };

function recordAnswer(response: AnsweredResponse): void {
  const ctx = response[ANSWERED];
  if (!ctx) return;
  response[ANSWERED] = undefined;
  (ctx.state as RequestState).recorder?.(ctx);
}

/**
 * The server's responses (app.ts `listen`). A response records its request when its 'close' comes (once: when the
 * answer is written, or when the client went away), seen here among its few events: a 'close' listener added to
 * each response cost more, its listener table a dictionary to write and read again a request (the metrics-overhead
 * budget, server/bench/run.ts). The request it answers has its room from the start: the property added to a
 * response afterwards would give it another shape than a response of a server that records nothing, and Node's own
 * response code two shapes to handle when both run in one process (the benchmark's two apps).
 */
export class AnsweringResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  [ANSWERED]: Context | undefined = undefined;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'close') recordAnswer(this);
    return super.emit(event, ...args);
  }
}

/** A response of another server (the app's `callback()` mounted elsewhere): it records on a listener. */
function recordOnClose(this: AnsweredResponse): void {
  recordAnswer(this);
}

export interface RequestContextOptions {
  /** Take the request id a proxy sends in X-Request-Id (TRUST_PROXY). */
  trustProxy?: boolean;
  metrics?: Metrics;
}

/**
 * Gives each request an id (X-Request-Id, accepted from a trusted proxy, and `request_id` in its log lines), counts
 * requests in flight, and writes one access line per request: the id, method, route template, status, duration,
 * bytes sent, organization and account. Never the query string, a token or a body. The request's child logger is made
 * on first use: most requests never log anything else.
 */
export function requestContext(
  logger: Logger,
  { trustProxy = false, metrics = noMetrics }: RequestContextOptions = {},
): { middleware: (ctx: Context, next: Next) => Promise<void>; tracker: RequestTracker } {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const accessLine = accessLineWriter(logger);
  metrics.countInFlight(() => inFlight);

  function requestIdOf(ctx: Context): string {
    const forwarded = trustProxy ? ctx.get('X-Request-Id') : '';
    return forwarded && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
  }

  /** The request's metrics and access line, once its answer is written (or the client went away): its real status and length. */
  function record(ctx: Context): void {
    const state = ctx.state as RequestState;
    const { req, res } = ctx;
    const endedAt = performance.now();
    const seconds = (endedAt - state.started) / 1000;
    const route = state.route ?? fallbackRoute(ctx.path);
    const status = res.statusCode;
    // The request's own method, not Koa's getter of it: this runs for every request.
    const method = req.method as string;
    metrics.requestFinished(method, route, status, seconds);
    if (!accessLine) return;
    const length = res.getHeader('content-length');
    accessLine({
      requestId: state.requestId,
      method,
      route,
      status,
      ms: seconds * 1000,
      endedAt,
      bytes: length === undefined ? null : Number(length),
      aborted: !res.writableFinished,
      tenantId: state.tenantAccess?.tenant.id ?? null,
      accountId: state.session?.user.id ?? null,
    });
  }

  const recorder = accessLine !== null || metrics.registry !== null ? record : null;

  async function assignRequestId(ctx: Context, next: Next) {
    const state = new RequestState(requestIdOf(ctx), logger, recorder);
    ctx.state = state;
    ctx.set('X-Request-Id', state.requestId);
    inFlight += 1;
    // Nothing to record with metrics off and info lines not written: nothing on the hot path then.
    if (recorder) {
      state.started = performance.now();
      (ctx.res as AnsweredResponse)[ANSWERED] = ctx;
      // `on`, not `once`: 'close' comes once, and once's wrapper would be two more objects a request.
      if (!(ctx.res instanceof AnsweringResponse)) ctx.res.on('close', recordOnClose);
    }
    try {
      await next();
    } finally {
      finished();
    }
  }

  function finished() {
    inFlight -= 1;
    if (inFlight === 0 && waiters.length) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  }

  const tracker: RequestTracker = {
    get inFlight() {
      return inFlight;
    },
    drained: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
  return { middleware: assignRequestId, tracker };
}

export function errorMiddleware() {
  return async function renderErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      const known = clientError(error);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.body;
        if (error instanceof HttpError) ctx.set(error.headers);
        return;
      }
      ctx.state.log.error({ err: error, method: ctx.method, path: ctx.path }, 'unexpected error');
      ctx.status = 500;
      ctx.body = { message: 'Server Error', code: 'server_error', request_id: ctx.state.requestId } satisfies ErrorBody;
    }
  };
}
