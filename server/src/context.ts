import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Captcha } from './features/accounts/captcha.js';
import type { PasswordHasher } from './features/accounts/passwords.js';
import type { LimitedRunner } from './limit-concurrency.js';
import type { JobQueue } from './jobs/queue.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { Secrets } from './secrets.js';
import type { RateLimiters } from './security/rate-limits.js';
import type { UrlSigner } from './storage/signed-urls.js';
import type { Storage } from './storage/storage.js';

/** What features need from the running app, handed to routes and services explicitly. */
export interface AppServices {
  config: ServerConfig;
  /** The database (db/database.ts): the one door in for reads (`rows`), writes (`write(Model)`) and transactions. */
  db: Database;
  log: Logger;
  passwords: PasswordHasher;
  mailer: Mailer;
  /** Durable background work (jobs/queue.ts): mail goes out through it, queued in the transaction of its data. */
  jobs: JobQueue;
  limiters: RateLimiters;
  secrets: Secrets;
  captcha: Captcha;
  /** Where media files live (storage/storage.ts). */
  storage: Storage;
  /** Signs and checks the short-lived file URLs (storage/signed-urls.ts). */
  signer: UrlSigner;
  /** Image decoding and resizing, at most `config.media.imageConcurrency` at once for the whole process. */
  imageWork: LimitedRunner;
  /** Where the process is in its life: `draining` from the start of a shutdown (readiness answers 503). */
  lifecycle: { draining: boolean };
}

declare module 'koa' {
  interface DefaultContext {
    /** The app's services, set once on `app.context` (app.ts): what route steps such as `inTenant` read. */
    services: AppServices;
  }
}
