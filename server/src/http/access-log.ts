/**
 * The access log: one line per request, in the log's own JSON (pino's level, time and base fields), written straight
 * to the log's stream. It is the hottest line the server writes: built from a template of fields known to be safe
 * (route templates, ids the server made or a trusted proxy sent and the request id rule admits, numbers), it costs
 * a fraction of a logger call (server/bench/run.ts, "access line").
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

/**
 * A JSON string of a value made of characters JSON keeps as they are, without JSON.stringify (a fifth of the line's
 * cost): a request id the server made or the request id rule admits (`[\w.:@-]`), a method (Node's parser takes only
 * the registered tokens), a route template (the router refuses another at start, http/router.ts) or a fallback
 * label, and ids the server made.
 */
const quoted = (value: string | null) => (value === null ? 'null' : `"${value}"`);

interface LogStream {
  write(text: string): unknown;
  flushSync?(): void;
  destroyed?: boolean;
}

/**
 * The access lines of one turn of the event loop, written to the stream together once the turn's callbacks have run.
 * pino's stream (sonic-boom) measures the whole block it appends to on every write (`Buffer.byteLength` of up to its
 * minimum block, logger.ts), so a line written alone cost it more than making the line; one write per turn pays that
 * once for all the requests the turn finished (server/bench/run.ts, "access line").
 */
class TurnBatch {
  private pending = '';

  constructor(private readonly stream: LogStream) {}

  add(line: string): void {
    if (this.pending === '') {
      setImmediate(this.write);
      unwritten.add(this);
    }
    this.pending += line;
  }

  readonly write = (): void => {
    unwritten.delete(this);
    const lines = this.pending;
    this.pending = '';
    if (lines !== '' && !this.stream.destroyed) this.stream.write(lines);
  };

  /** At exit, after pino has flushed its stream: the turn's lines too, synchronously. */
  writeNow(): void {
    this.write();
    if (!this.stream.destroyed) this.stream.flushSync?.();
  }
}

// Batches holding lines: only while they do, so a closed app's batch is not kept.
const unwritten = new Set<TurnBatch>();
process.once('exit', () => {
  for (const batch of unwritten) batch.writeNow();
});

/** A writer of access lines into `logger`'s stream, or null when the logger does not write info lines. */
export function accessLineWriter(logger: Logger): ((fields: AccessFields) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as PinoInternals;
  const batch = new TurnBatch(internals[pino.symbols.streamSym] as LogStream);
  // The logger's base fields (service, or pid and hostname), already serialized: `,"service":"tessera"`.
  const base = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const level = logger.levels.values.info;
  return (fields) => {
    batch.add(
      `{"level":${level},"time":${Date.now()}${base},"request_id":${quoted(fields.requestId)},"method":${quoted(fields.method)},"route":${quoted(fields.route)},` +
        `"status":${fields.status},"ms":${fields.ms},"bytes":${fields.bytes},${fields.aborted ? '"aborted":true,' : ''}"tenant_id":${quoted(fields.tenantId)},` +
        `"account_id":${quoted(fields.accountId)},"msg":"request"}\n`,
    );
  };
}
