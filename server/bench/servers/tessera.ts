/**
 * Tessera as the benchmark runs it: production settings (argon2id m=19456 t=2 p=1, warn-level logs)
 * on a fresh SQLite database in a temporary data folder, with login rate limits raised so that the
 * login scenario measures hashing rather than 429s. Tells the parent its URL and a user to log in as.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig, type RateLimitConfig } from '../../src/config.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const rateLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, points: 1_000_000 }]),
) as RateLimitConfig;
const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' }), rateLimits };

const app = await createApp(config);
const user = { email: 'bench@example.com', password: 'Bench-pass-1' };
await createConfirmedUser(app.services, { ...user, name: 'Ben Bench' });
const { url } = await app.listen(0, '127.0.0.1');
process.send?.({ url: url.replace('localhost', '127.0.0.1'), ...user });

async function stop() {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
// The benchmark asks for CPU time to report the server's cost per request, which other load on the machine hardly skews.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => void stop());
