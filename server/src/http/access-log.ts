/**
 * The access log: one line per request, in the log's own JSON (pino's level, time and base fields), written straight
 * to the log's stream. It is the hottest line the server writes: built from a template of fields known to be safe
 * (route templates, ids the server made or a trusted proxy sent and the request id rule admits, numbers), it costs
 * a tenth of a logger call (server/bench/run.ts, "users/me (metrics, access log)").
 */
import { pino } from 'pino';
import type { Logger } from '../logger.js';

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

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/** A writer of access lines into `logger`'s stream, or null when the logger does not write info lines. */
export function accessLineWriter(logger: Logger): ((fields: AccessFields) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  // The logger's base fields (service, or pid and hostname), already serialized: `,"service":"tessera"`.
  const base = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const level = logger.levels.values.info;
  return (fields) => {
    stream.write(
      `{"level":${level},"time":${Date.now()}${base},"request_id":${text(fields.requestId)},"method":${text(fields.method)},"route":${text(fields.route)},` +
        `"status":${fields.status},"ms":${fields.ms},"bytes":${fields.bytes},${fields.aborted ? '"aborted":true,' : ''}"tenant_id":${text(fields.tenantId)},` +
        `"account_id":${text(fields.accountId)},"msg":"request"}\n`,
    );
  };
}
