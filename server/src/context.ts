import type { ServerConfig } from './config.js';
import type { Knex } from './db/knex.js';
import type { Captcha } from './features/accounts/captcha.js';
import type { PasswordHasher } from './features/accounts/passwords.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { Secrets } from './secrets.js';
import type { RateLimiters } from './security/rate-limits.js';

/** What features need from the running app, handed to routes and services explicitly. */
export interface AppServices {
  config: ServerConfig;
  knex: Knex;
  log: Logger;
  passwords: PasswordHasher;
  mailer: Mailer;
  limiters: RateLimiters;
  secrets: Secrets;
  captcha: Captcha;
}

declare module 'koa' {
  interface DefaultContext {
    /** The app's services, set once on `app.context` (app.ts): what route steps such as `inTenant` read. */
    services: AppServices;
  }
}
