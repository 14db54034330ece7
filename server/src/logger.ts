/**
 * One log stream (pino): a JSON object a line from the first line on (start-up included), or, with
 * LOG_FORMAT=pretty, lines for people at a terminal. Lines are written asynchronously in blocks of 12 KB (sonic-boom
 * takes a minimum under its 16 KB largest write), and at least every second (an access line per request would
 * otherwise cost a system call each: server/bench/run.ts, "users/me (metrics, access log)"); pino flushes what is
 * left when the process exits.
 */
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ServerConfig } from './config.js';

export type { Logger };

/** `destination`: a file instead of standard output (the benchmark writes to /dev/null). */
export function createLogger(config: Pick<ServerConfig, 'logLevel'> & Partial<Pick<ServerConfig, 'logFormat'>>, destination: string | 1 = 1): Logger {
  const options = { level: config.logLevel, base: { service: 'tessera' } };
  if (config.logFormat === 'pretty') return pino(options, pretty({ colorize: process.stdout.isTTY, ignore: 'service' }));
  const stream = pino.destination({ dest: destination, sync: false, minLength: 12 * 1024 });
  setInterval(() => stream.flush(), 1000).unref();
  return pino(options, stream);
}
