/**
 * One log stream (pino): a JSON object a line from the first line on (start-up included), or, with
 * LOG_FORMAT=pretty, lines for people at a terminal. pino writes each of its lines at once, synchronously, one system
 * call on the event loop, as it does by default.
 *
 * Lines made outside pino (the access log's, http/access-log.ts) are made late and written in blocks (`lineWriter`):
 * a request leaves its record here, and the records' lines are made 64 at a time, in one loop, joined and copied
 * together into a block of bytes, and the block written 12 KB at a time, at least every second, and when the process
 * exits. Made in a batch, the line's code runs hot in a tight loop rather than once between each request's other work
 * (measured in server/bench/run.ts, "users/me (metrics, access log)", against lines made one a request); copied into
 * bytes as soon as they are made, because a block held as strings until it was written was a rope of a thousand
 * pieces that the stream flattened, measured and encoded again. A block is written synchronously too: handed to
 * libuv's thread pool instead, each block's round trip between the threads cost more CPU than the lines in it took
 * to make. A line pino writes first makes and writes what is held (its `streamWrite` hook): the log stays in the
 * order things happened. A log reader that stops reading holds the server up, as it would any process writing to it.
 */
import { performance } from 'node:perf_hooks';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ServerConfig } from './config.js';

export type { Logger };

/** pino's file stream (sonic-boom), with the file descriptor it has and its types leave out. */
type LogStream = ReturnType<typeof pino.destination> & { readonly fd: number };

/** sonic-boom in its buffer mode (which its types leave out): it writes bytes. */
interface ByteStream {
  write(bytes: Uint8Array): boolean;
  flushSync(): void;
  readonly destroyed: boolean;
}

/** A block of held lines is written once it holds this much. */
const BLOCK_LENGTH = 12 * 1024;
/** Room for the line that fills a block; a longer line is written on its own. */
const BLOCK_ROOM = BLOCK_LENGTH + 2 * 1024;
/** Records whose lines are made together. */
const BATCH = 64;

/**
 * Makes the line of a record, whole and ASCII. `clockOffset` is `Date.now() - performance.now()` when the batch is
 * made: a `performance.now()` the record keeps, plus it, is the wall-clock time of the record.
 */
export type LineMaker<Entry> = (record: Entry, clockOffset: number) => string;

class HeldLines {
  private readonly block = Buffer.allocUnsafeSlow(BLOCK_ROOM);
  private length = 0;
  private readonly records: unknown[] = new Array<unknown>(BATCH).fill(undefined);
  private readonly makers: LineMaker<unknown>[] = new Array<LineMaker<unknown>>(BATCH).fill(String);
  private pending = 0;
  /** Lines of the batch being made, not yet copied into the block. */
  private joined = '';

  /** `file`: a synchronous stream of bytes to the log's file descriptor, which has written a block when `write` returns. */
  constructor(private readonly file: ByteStream) {}

  /** Holds `record` for its line, made by `maker` with the batch (makers write nothing themselves). */
  hold<Entry>(record: Entry, maker: LineMaker<Entry>): void {
    if (this.pending === 0 && this.length === 0) unwritten.add(this);
    this.records[this.pending] = record;
    this.makers[this.pending] = maker as LineMaker<unknown>;
    this.pending += 1;
    if (this.pending === BATCH) this.makeLines();
  }

  /** pino's `streamWrite` hook: the held lines are written before the logger's next line. */
  readonly ahead = (line: string): string => {
    this.flush(false);
    return line;
  };

  /** Every second, and when the process exits (with an fsync then: not every second, which would wait for a disk while requests wait). */
  flush(atExit: boolean): void {
    this.makeLines();
    this.handOver();
    unwritten.delete(this);
    if (atExit && !this.file.destroyed) this.file.flushSync();
  }

  private makeLines(): void {
    const count = this.pending;
    if (count === 0) return;
    this.pending = 0;
    const clockOffset = Date.now() - performance.now();
    for (let index = 0; index < count; index += 1) {
      this.add(this.makers[index](this.records[index], clockOffset));
      this.records[index] = undefined;
    }
    this.copyJoined();
  }

  /** `line` is ASCII: a character a byte. */
  private add(line: string): void {
    if (this.length + this.joined.length + line.length > BLOCK_ROOM) this.handOver();
    if (line.length > BLOCK_ROOM) {
      if (!this.file.destroyed) this.file.write(Buffer.from(line, 'latin1'));
      return;
    }
    this.joined += line;
    if (this.length + this.joined.length >= BLOCK_LENGTH) this.handOver();
  }

  /**
   * The batch's lines are joined and copied into the block together: copied one by one, each line was a call into
   * the runtime to flatten and encode it (the metrics-overhead budget, server/bench/run.ts).
   */
  private copyJoined(): void {
    if (this.joined.length === 0) return;
    this.length += this.block.write(this.joined, this.length, 'latin1');
    this.joined = '';
  }

  /** The block is reused at once: the synchronous stream has written it (or dropped it, destroyed) when `write` returns. */
  private handOver(): void {
    this.copyJoined();
    if (this.length === 0) return;
    if (!this.file.destroyed) this.file.write(this.block.subarray(0, this.length));
    this.length = 0;
  }
}

// Held records and lines not yet handed to their stream: only while there are some, so that a closed app's are not kept.
const unwritten = new Set<HeldLines>();
process.once('exit', () => {
  for (const held of unwritten) held.flush(true);
});

const heldByStream = new WeakMap<object, HeldLines>();

/** `destination`: a file instead of standard output (the benchmark writes to /dev/null). */
export function createLogger(config: Pick<ServerConfig, 'logLevel'> & Partial<Pick<ServerConfig, 'logFormat'>>, destination: string | 1 = 1): Logger {
  const options = { level: config.logLevel, base: { service: 'tessera' } };
  if (config.logFormat === 'pretty') return pino(options, pretty({ colorize: process.stdout.isTTY, ignore: 'service' }));
  const stream = pino.destination({ dest: destination, sync: true }) as LogStream;
  // The same file descriptor, written a block of bytes at a time: both streams are synchronous, so whatever is
  // written first is first in the file.
  const held = new HeldLines(pino.destination({ fd: stream.fd, sync: true, contentMode: 'buffer' }) as unknown as ByteStream);
  heldByStream.set(stream, held);
  setInterval(() => held.flush(false), 1000).unref();
  return pino({ ...options, hooks: { streamWrite: held.ahead } }, stream);
}

/**
 * A writer of `record`s' lines into `logger`'s stream, outside pino: held, made in batches and written in blocks
 * when the logger was made by `createLogger` with JSON lines; else made and written one by one, at once.
 */
export function lineWriter<Entry>(logger: Logger, maker: LineMaker<Entry>): (record: Entry) => void {
  const stream = (logger as unknown as { [key: symbol]: { write(text: string): unknown } })[pino.symbols.streamSym];
  const held = heldByStream.get(stream);
  return held ? (record) => held.hold(record, maker) : (record) => void stream.write(maker(record, Date.now() - performance.now()));
}
