/**
 * The access log: one line per request, in the log's own JSON (pino's level, time and base fields), written straight
 * to the log's stream, made in its batches and written in its blocks (logger.ts `lineWriter`): a request only leaves
 * its fields. It is the hottest line the server writes (hot path:
 * bench/operated-parts.ts, "access line"; bench/run.ts, the metrics-overhead budget), so it is made of few pieces,
 * most of them made once and reused: V8 joins the pieces of a string lazily (a rope) and flattens the rope when the
 * line is copied into the log's block, at a cost that grows with the pieces; from about thirty to a dozen, making and
 * copying a line cost a quarter less. The values are written without JSON.stringify, being made of characters JSON
 * keeps as they are: a request id the server made or the request id rule admits (`[\w.:@-]`), a method (Node's
 * parser takes only the registered tokens), a route template (the router refuses another at start, http/router.ts)
 * or a fallback label, ids the server made, and numbers.
 */
import { METHODS } from 'node:http';
import { pino } from 'pino';
import { lineWriter, type Logger } from '../logger.js';

export interface AccessFields {
  requestId: string;
  method: string;
  /** The route template (`/api/tenants/:tenantId/modules`), never the path with its values or query string. */
  route: string;
  status: number;
  /** The duration in milliseconds, printed to a tenth. */
  ms: number;
  /** When the answer was written or the client went away (`performance.now()`): the line's time. */
  endedAt: number;
  /** Bytes of the body as sent (Content-Length), null when streamed without one. */
  bytes: number | null;
  /** The client went away before the answer was written. */
  aborted: boolean;
  tenantId: string | null;
  accountId: string | null;
}

interface PinoInternals {
  [key: symbol]: unknown;
}

/** `value` flattened once, now: a rope would be walked again in every line it is a piece of. */
function flat(value: string): string {
  value.charCodeAt(0);
  return value;
}

/**
 * A duration in milliseconds to a tenth, as JavaScript prints it (`12`, `1.2`), from integers: printing a fraction
 * calls into the runtime and its shortest-digits conversion.
 */
function millisecondsText(ms: number): string {
  const tenths = Math.round(ms * 10);
  const tenth = tenths % 10;
  const whole = (tenths - tenth) / 10;
  return tenth === 0 ? `${whole}` : `${whole}.${tenth}`;
}

/**
 * Milliseconds since 1970 as JavaScript prints them, from two small integers: the number itself is past the small
 * integers V8 keeps unboxed, and printing it went through the runtime's shortest-digits conversion.
 */
function epochMillisecondsText(at: number): string {
  if (at < 1_000_000) return `${at}`;
  const low = at % 1_000_000;
  return `${(at - low) / 1_000_000}${`${1_000_000 + low}`.slice(1)}`;
}

/** Node's parser takes only these methods: with the status, a number for each method and status of a route. */
const METHOD_NUMBERS = new Map(METHODS.map((method, index) => [method, index]));

/** `","method":"GET","route":"/api/users/me","status":200,"ms":`, made once for each method, route and status. */
class RouteFragments {
  private readonly byRoute = new Map<string, Map<number, string>>();

  get(method: string, route: string, status: number): string {
    const methodNumber = METHOD_NUMBERS.get(method);
    if (methodNumber === undefined) return RouteFragments.make(method, route, status);
    let byAnswer = this.byRoute.get(route);
    if (!byAnswer) this.byRoute.set(route, (byAnswer = new Map()));
    const key = status * METHODS.length + methodNumber;
    let fragment = byAnswer.get(key);
    if (fragment === undefined) byAnswer.set(key, (fragment = flat(RouteFragments.make(method, route, status))));
    return fragment;
  }

  private static make(method: string, route: string, status: number): string {
    return `","method":"${method}","route":"${route}","status":${status},"ms":`;
  }
}

/** A writer of access lines into `logger`'s stream, or null when the logger does not write info lines. */
export function accessLineWriter(logger: Logger): ((fields: AccessFields) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as PinoInternals;
  // The logger's base fields (service, or pid and hostname), already serialized: `,"service":"tessera"`.
  const base = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const level = logger.levels.values.info;
  const routes = new RouteFragments();
  // `{"level":30,"time":1764576000123,"service":"tessera","request_id":"`, made once a millisecond.
  let time = 0;
  let start = '';
  return lineWriter(logger, (fields: AccessFields, clockOffset) => {
    const at = Math.round(fields.endedAt + clockOffset);
    if (at !== time) {
      time = at;
      start = flat(`{"level":${level},"time":${epochMillisecondsText(at)}${base},"request_id":"`);
    }
    return (
      start +
      fields.requestId +
      routes.get(fields.method, fields.route, fields.status) +
      millisecondsText(fields.ms) +
      (fields.bytes === null ? ',"bytes":null' : `,"bytes":${fields.bytes}`) +
      (fields.aborted ? ',"aborted":true' : '') +
      (fields.tenantId === null ? ',"tenant_id":null' : `,"tenant_id":"${fields.tenantId}"`) +
      (fields.accountId === null ? ',"account_id":null,"msg":"request"}\n' : `,"account_id":"${fields.accountId}","msg":"request"}\n`)
    );
  });
}
