import { pino, type Logger } from 'pino';
import type { ServerConfig } from './config.js';

export type { Logger };

export function createLogger(config: Pick<ServerConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'tessera' } });
}
