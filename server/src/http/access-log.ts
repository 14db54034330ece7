/**
 * The access log: one line per request, in the log's own JSON (pino's level, time and base fields), written straight
 * to the log's stream in its blocks (logger.ts `lineWriter`). It is the hottest line the server writes: built from a
 * template of fields known to be safe (route templates, ids the server made or a trusted proxy sent and the request id
 * rule admits, numbers), it costs a fraction of a logger call (server/bench/run.ts, "access line").
 */
import { pino } from 'pino';
import { lineWriter, type Logger } from '../logger.js';

export interface AccessFields {
  requestId: string;
  method: string;
  /** The route template (`/api/tenants/:tenantId/modules`), never the path with its values or query string. */
  route: string;
  status: number;
  ms: number;
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

/**
 * A JSON string of a value made of characters JSON keeps as they are, without JSON.stringify (a fifth of the line's
 * cost): a request id the server made or the request id rule admits (`[\w.:@-]`), a method (Node's parser takes only
 * the registered tokens), a route template (the router refuses another at start, http/router.ts) or a fallback
 * label, and ids the server made.
 */
const quoted = (value: string | null) => (value === null ? 'null' : `"${value}"`);

/** A writer of access lines into `logger`'s stream, or null when the logger does not write info lines. */
export function accessLineWriter(logger: Logger): ((fields: AccessFields) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as PinoInternals;
  const write = lineWriter(logger);
  // The logger's base fields (service, or pid and hostname), already serialized: `,"service":"tessera"`.
  const base = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const level = logger.levels.values.info;
  return (fields) => {
    write(
      `{"level":${level},"time":${Date.now()}${base},"request_id":${quoted(fields.requestId)},"method":${quoted(fields.method)},"route":${quoted(fields.route)},` +
        `"status":${fields.status},"ms":${fields.ms},"bytes":${fields.bytes},${fields.aborted ? '"aborted":true,' : ''}"tenant_id":${quoted(fields.tenantId)},` +
        `"account_id":${quoted(fields.accountId)},"msg":"request"}\n`,
    );
  };
}
