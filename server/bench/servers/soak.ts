/**
 * The soak benchmark's server: production settings on a fresh SQLite database with one organization, a master
 * and a learner, and a module > component > topic of 20 procedure rows shared with the learner. Tells the parent
 * its URL, the ids and the tokens; answers its RSS and CPU time on request (support.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { createConfirmedUser } from '../../src/features/accounts/service.js';
import { accessToken, serveParent, UNLIMITED_RATES } from '../support.js';

/** What the server tells the parent once it listens. */
export interface SoakServer {
  url: string;
  tenantId: string;
  componentId: string;
  topicId: string;
  itemIds: string[];
  tokens: { admin: string; learner: string };
}

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-soak-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', IMAGE_CONCURRENCY: process.env.IMAGE_CONCURRENCY }),
  rateLimits: UNLIMITED_RATES,
};
const app = await createApp(config);
const password = 'Bench-pass-1';
const admin = await createConfirmedUser(app.services, { email: 'soak-admin@bench.example', name: 'Ada Admin', password });
const learner = await createConfirmedUser(app.services, { email: 'soak-learner@bench.example', name: 'Lou Learner', password });

const now = new Date();
const tenantId = newId();
const learnerMembershipId = newId();
const moduleId = newId();
const componentId = newId();
const topicId = newId();
const row = (id: string, extra: Record<string, unknown>) => ({
  id,
  tenant_id: tenantId,
  description: 'Soak content',
  is_active: true,
  position: 0,
  deleted_at: null,
  created_at: now,
  updated_at: now,
  ...extra,
});
await app.knex.transaction(async (trx) => {
  await trx('tenants').insert({ id: tenantId, name: 'Soak Org', slug: 'soak-org', enable_bioreq: false, deleted_at: null, created_at: now, updated_at: now });
  await trx('tenant_users').insert([
    { id: newId(), tenant_id: tenantId, user_id: admin.id, role: 'master', is_active: true, deleted_at: null, created_at: now, updated_at: now },
    { id: learnerMembershipId, tenant_id: tenantId, user_id: learner.id, role: 'user', is_active: true, deleted_at: null, created_at: now, updated_at: now },
  ]);
  await trx('modules').insert(row(moduleId, { name: 'Soak module' }));
  await trx('module_tenant_users').insert({ module_id: moduleId, tenant_user_id: learnerMembershipId, created_at: now });
  await trx('components').insert(row(componentId, { name: 'Soak component', module_id: moduleId }));
  await trx('topics').insert(row(topicId, { name: 'Soak topic', component_id: componentId }));
});
const itemIds = Array.from({ length: 20 }, () => newId());
await app.knex('items').insert(
  itemIds.map((id, position) => ({
    id,
    tenant_id: tenantId,
    topic_id: topicId,
    row_id: null,
    type: 'row',
    position,
    text: `Step ${position + 1}`,
    is_procedure: true,
    media_id: null,
    created_at: now,
    updated_at: now,
  })),
);

const { url: listening } = await app.listen(0, '127.0.0.1');
const url = listening.replace('localhost', '127.0.0.1');
const tokens = { admin: await accessToken(url, admin.email, password), learner: await accessToken(url, learner.email, password) };
const ready: SoakServer = { url, tenantId, componentId, topicId, itemIds, tokens };
process.send?.(ready);
serveParent(app, dataDir);
