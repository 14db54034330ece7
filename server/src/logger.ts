/**
 * One log stream (pino): a JSON object a line from the first line on (start-up included), or, with
 * LOG_FORMAT=pretty, lines for people at a terminal. pino writes each of its lines at once, synchronously, one system
 * call on the event loop, as it does by default.
 *
 * Lines made outside pino (the access log's, http/access-log.ts) are copied as they come into a block of bytes held
 * here (`lineWriter`), written a whole block of 12 KB at a time, at least every second, and what is left when the
 * process exits. Copied at once, while the line is new: held as strings, a block was a rope of a thousand pieces
 * that the stream flattened, measured and encoded again when it wrote it, and that cost as much as making the lines
 * (server/bench/run.ts, "users/me (metrics, access log)"). A block is written synchronously too: handed to libuv's
 * thread pool instead, each block's round trip between the threads cost more CPU than the lines in it took to make.
 * A line pino writes first writes the held block (its `streamWrite` hook): the log stays in the order things
 * happened. A log reader that stops reading holds the server up, as it would any process writing to it.
 */
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

class HeldLines {
  private readonly block = Buffer.allocUnsafeSlow(BLOCK_ROOM);
  private length = 0;

  /** `file`: a synchronous stream of bytes to the log's file descriptor, which has written a block when `write` returns. */
  constructor(private readonly file: ByteStream) {}

  /** `line` is ASCII: a character a byte. */
  add(line: string): void {
    if (this.length + line.length > BLOCK_ROOM) this.handOver();
    if (line.length > BLOCK_ROOM) {
      if (!this.file.destroyed) this.file.write(Buffer.from(line, 'latin1'));
      return;
    }
    if (this.length === 0) unwritten.add(this);
    this.length += this.block.write(line, this.length, 'latin1');
    if (this.length >= BLOCK_LENGTH) this.handOver();
  }

  /** pino's `streamWrite` hook: the held lines are written before the logger's next line. */
  readonly ahead = (line: string): string => {
    this.handOver();
    return line;
  };

  /** Every second, and when the process exits (with an fsync then: not every second, which would wait for a disk while requests wait). */
  flush(atExit: boolean): void {
    this.handOver();
    if (atExit && !this.file.destroyed) this.file.flushSync();
  }

  /** The block is reused at once: the synchronous stream has written it (or dropped it, destroyed) when `write` returns. */
  private handOver(): void {
    if (this.length === 0) return;
    unwritten.delete(this);
    if (!this.file.destroyed) this.file.write(this.block.subarray(0, this.length));
    this.length = 0;
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
  const stream = pino.destination({ dest: destination, sync: true }) as LogStream;
  // The same file descriptor, written a block of bytes at a time: both streams are synchronous, so whatever is
  // written first is first in the file.
  const held = new HeldLines(pino.destination({ fd: stream.fd, sync: true, contentMode: 'buffer' }) as unknown as ByteStream);
  heldByStream.set(stream, held);
  setInterval(() => held.flush(false), 1000).unref();
  return pino({ ...options, hooks: { streamWrite: held.ahead } }, stream);
}

/**
 * A writer of whole ASCII lines into `logger`'s stream, outside pino: held and written in blocks when the logger
 * was made by `createLogger` with JSON lines; else written one by one.
 */
export function lineWriter(logger: Logger): (line: string) => void {
  const stream = (logger as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym];
  const held = heldByStream.get(stream);
  return held ? (line) => held.add(line) : (line) => void stream.write(line);
}
