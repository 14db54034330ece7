/**
 * One log stream (pino): a JSON object a line from the first line on (start-up included), or, with
 * LOG_FORMAT=pretty, lines for people at a terminal. Lines are written in blocks of 12 KB (sonic-boom takes a minimum
 * under its 16 KB largest write), and at least every second; what is left is written when the process exits.
 *
 * A block is written synchronously, one system call on the event loop, as pino writes to standard output by
 * default: handed to libuv's thread pool instead, each block's round trip between the threads cost more CPU than
 * the access lines in it took to make (server/bench/operated-parts.ts, "access line": 2.2 µs a line asynchronously,
 * 0.8 synchronously, in one run). A log reader that stops reading holds the server up, as it would any process
 * writing to it.
 *
 * Lines made outside pino (the access log's, http/access-log.ts) are held here and handed to the stream a whole block
 * at a time (`lineWriter`): sonic-boom measures the block it appends to on every write (`Buffer.byteLength`, which
 * copies a string built by appending), so lines handed over one by one, or one turn of the event loop at a time, cost
 * it more than making them. A line pino writes takes the held lines ahead of it (its `streamWrite` hook): the log stays
 * in the order things happened.
 */
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ServerConfig } from './config.js';

export type { Logger };

/** pino's file stream (sonic-boom), with the `destroyed` flag it has and its types leave out. */
type LogStream = ReturnType<typeof pino.destination> & { readonly destroyed: boolean };

/** The stream's minimum write, and the held lines' block. */
const BLOCK_LENGTH = 12 * 1024;

class HeldLines {
  private pending = '';

  constructor(private readonly stream: LogStream) {}

  /** `line`'s length stands for its bytes (the access log's lines are ASCII; another only makes a longer block). */
  add(line: string): void {
    if (this.pending === '') unwritten.add(this);
    this.pending += line;
    if (this.pending.length >= BLOCK_LENGTH) this.handOver();
  }

  /** pino's `streamWrite` hook: the held lines go out with the logger's next line, ahead of it. */
  readonly ahead = (line: string): string => (this.pending === '' ? line : this.take() + line);

  /**
   * Every second, and when the process exits: the held lines and whatever else the stream holds (at exit with an
   * fsync too: not every second, which would wait for a disk while requests wait).
   */
  flush(atExit: boolean): void {
    this.handOver();
    if (this.stream.destroyed) return;
    if (atExit) this.stream.flushSync();
    else this.stream.flush();
  }

  private handOver(): void {
    const lines = this.take();
    if (lines !== '' && !this.stream.destroyed) this.stream.write(lines);
  }

  private take(): string {
    unwritten.delete(this);
    const lines = this.pending;
    this.pending = '';
    return lines;
  }
}

// Held lines not yet handed to their stream: only while they are, so that a closed app's are not kept.
const unwritten = new Set<HeldLines>();
process.once('exit', () => {
  for (const held of unwritten) held.flush(true);
});

const heldByStream = new WeakMap<object, HeldLines>();

/** `destination`: a file instead of standard output (the benchmark writes to /dev/null). */
export function createLogger(config: Pick<ServerConfig, 'logLevel'> & Partial<Pick<ServerConfig, 'logFormat'>>, destination: string | 1 = 1): Logger {
  const options = { level: config.logLevel, base: { service: 'tessera' } };
  if (config.logFormat === 'pretty') return pino(options, pretty({ colorize: process.stdout.isTTY, ignore: 'service' }));
  const stream = pino.destination({ dest: destination, sync: true, minLength: BLOCK_LENGTH }) as LogStream;
  const held = new HeldLines(stream);
  heldByStream.set(stream, held);
  setInterval(() => held.flush(false), 1000).unref();
  return pino({ ...options, hooks: { streamWrite: held.ahead } }, stream);
}

/**
 * A writer of whole ASCII lines into `logger`'s stream, outside pino: held and handed over in blocks when the logger
 * was made by `createLogger` with JSON lines; else written one by one.
 */
export function lineWriter(logger: Logger): (line: string) => void {
  const stream = (logger as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym];
  const held = heldByStream.get(stream);
  return held ? (line) => held.add(line) : (line) => void stream.write(line);
}
