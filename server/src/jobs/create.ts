import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { pgJobQueue } from './pg-queue.js';
import type { JobQueue } from './queue.js';
import { sqliteJobQueue } from './sqlite-queue.js';

/** The job queue of the configured database: pg-boss on PostgreSQL, the `jobs` table on SQLite. */
export function createJobQueue(config: ServerConfig, db: Database, log: Logger): JobQueue {
  const { database } = config;
  return database.client === 'pg' ? pgJobQueue(database.url, database.schema, config.jobs, log) : sqliteJobQueue(db, config.jobs, log);
}
