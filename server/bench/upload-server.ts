/**
 * The server process of the upload benchmark (bench/upload.ts): Tessera on a fresh SQLite database and local
 * storage in a temporary data folder, with the video limit raised by UPLOAD_SIZE_VIDEO (and the pdf limit by
 * UPLOAD_SIZE_PDF) as an operator would. Tells the parent its URL, an owner's password login and an organization
 * with bioreq on, of which the owner is also a member (a bioreq upload is a member's act); samples its own resident set size
 * every 20 ms and answers the baseline and the peak when asked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { newId } from '../src/db/ids.js';
import { createConfirmedUser } from '../src/features/accounts/service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-upload-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  UPLOAD_SIZE_VIDEO: process.env.UPLOAD_SIZE_VIDEO ?? '10/2000000',
  UPLOAD_SIZE_PDF: process.env.UPLOAD_SIZE_PDF ?? '1/60000',
});
const app = await createApp(config);
const user = { email: 'uploader@example.com', password: 'Bench-pass-1' };
await createConfirmedUser(app.services, { ...user, name: 'Una Uploader' });
await app.knex('users').where('email', user.email).update({ is_owner: true });
const now = new Date();
const tenantId = newId();
await app
  .knex('tenants')
  .insert({ id: tenantId, name: 'Upload bench', slug: 'upload-bench', enable_bioreq: true, deleted_at: null, created_at: now, updated_at: now });
const owner = (await app.knex('users').where('email', user.email).first('id')) as { id: string };
await app.knex('tenant_users').insert({ id: newId(), tenant_id: tenantId, user_id: owner.id, role: 'user', is_active: true, created_at: now, updated_at: now });
const { url } = await app.listen(0, '127.0.0.1');

// Settle what start-up allocated before taking the baseline.
(globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
let baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

process.send?.({ url: url.replace('localhost', '127.0.0.1'), tenantId, ...user });
process.on('message', (message) => {
  if (message === 'memory') process.send?.({ baseline, peak, now: process.memoryUsage().rss });
  // A new baseline after the login (its argon2 hash allocates tens of MB), so the upload alone is measured.
  if (message === 'reset') {
    (globalThis as { gc?: () => void }).gc?.();
    baseline = process.memoryUsage().rss;
    peak = baseline;
    process.send?.({ baseline, peak, now: baseline });
  }
});
process.on('disconnect', () => {
  clearInterval(sampler);
  void app.close().then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
