/**
 * Tessera as the benchmark runs it: production settings (argon2id m=19456 t=2 p=1) on fresh SQLite databases in a
 * temporary data folder, with login rate limits raised so that the login scenario measures hashing rather than 429s.
 * Two apps in this one process:
 * - plain: warn-level logs, no metrics;
 * - operated, as an operator runs it: Prometheus metrics on (METRICS_TOKEN) and the access log at info (its lines
 *   written in blocks as in production, to /dev/null: the bench measures making them, not a terminal).
 * One process, so the metrics-overhead budget compares CPU per request of the same process with and without them:
 * between two processes of the same code, CPU per request differed by more than the 5% the budget allows.
 * `--operated-first` makes the operated app first (the budget measures a process of each order, bench/run.ts).
 * Tells the parent both URLs and a user (in each database) to log in as.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/logger.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const user = { email: 'bench@example.com', password: 'Bench-pass-1' };

async function start(operated: boolean) {
  const appDir = join(dataDir, operated ? 'operated' : 'plain');
  mkdirSync(appDir);
  const config = {
    ...loadConfig({
      DATA_DIR: appDir,
      LOG_LEVEL: operated ? 'info' : 'warn',
      NODE_ENV: 'development',
      SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS,
      ...(operated ? { METRICS_TOKEN: 'bench-metrics-token-of-at-least-32-chars' } : {}),
    }),
    rateLimits: UNLIMITED_RATES,
  };
  const logger = operated ? createLogger({ logLevel: 'info', logFormat: 'json' }, '/dev/null') : undefined;
  const app = await createApp(config, { logger });
  await createConfirmedUser(app.services, { ...user, name: 'Ben Bench' });
  const { url } = await app.listen(0, '127.0.0.1');
  return { app, url: url.replace('localhost', '127.0.0.1') };
}

const operatedFirst = process.argv.includes('--operated-first');
const first = await start(operatedFirst);
const second = await start(!operatedFirst);
const [plain, operated] = operatedFirst ? [second, first] : [first, second];
process.send?.({ url: plain.url, operatedUrl: operated.url, ...user });
serveParent({ close: async () => void (await Promise.all([plain.app.close(), operated.app.close()])) }, dataDir);
