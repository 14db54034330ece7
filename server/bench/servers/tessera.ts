/**
 * Tessera as the benchmark runs it: production settings (argon2id m=19456 t=2 p=1, warn-level logs)
 * on a fresh SQLite database in a temporary data folder, with login rate limits raised so that the
 * login scenario measures hashing rather than 429s. Tells the parent its URL and a user to log in as.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { serveParent, UNLIMITED_RATES } from '../support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SQLITE_READ_THREADS: process.env.SQLITE_READ_THREADS }),
  rateLimits: UNLIMITED_RATES,
};

const app = await createApp(config);
const user = { email: 'bench@example.com', password: 'Bench-pass-1' };
await createConfirmedUser(app.services, { ...user, name: 'Ben Bench' });
const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), ...user });
serveParent(app, dataDir);
