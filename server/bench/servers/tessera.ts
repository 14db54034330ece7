/**
 * Tessera as the benchmark runs it: production settings (argon2id m=19456 t=2 p=1, warn-level logs unless operated)
 * on a fresh SQLite database in a temporary data folder, with login rate limits raised so that the
 * login scenario measures hashing rather than 429s. Tells the parent its URL and a user to log in as.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/logger.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

/**
 * `--operated`: as an operator runs it, with Prometheus metrics on (METRICS_TOKEN) and the access log at info (its
 * lines written, asynchronously as in production, to /dev/null: the bench measures making them, not a terminal).
 */
const operated = process.argv.includes('--operated');
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: operated ? 'info' : 'warn',
    NODE_ENV: 'development',
    SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS,
    ...(operated ? { METRICS_TOKEN: 'bench-metrics-token-of-at-least-32-chars' } : {}),
  }),
  rateLimits: UNLIMITED_RATES,
};

const logger = operated ? createLogger({ logLevel: 'info', logFormat: 'json' }, '/dev/null') : undefined;
const app = await createApp(config, { logger });
const user = { email: 'bench@example.com', password: 'Bench-pass-1' };
await createConfirmedUser(app.services, { ...user, name: 'Ben Bench' });
const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), ...user });
serveParent(app, dataDir);
