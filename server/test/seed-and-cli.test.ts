/** The demo data of `npm start`, and the `migrate` / `create-owner` commands. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_SESSION_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { DEMO_ACCOUNTS, DEMO_INTEGRATION_CLIENT, DEMO_PASSWORD, seedDemo } from '../src/seed-demo.js';
import { databaseKinds, login, startServer, startTestServer, testConfig, type TestContext } from './support/server.js';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await startTestServer(kind);
  });
  afterAll(() => context.cleanup());

  it('creates Acme Training and the four confirmed accounts once, on an empty database', async () => {
    const { server } = context;
    expect(await seedDemo(server.app.services)).toBe(true);
    expect(await seedDemo(server.app.services)).toBe(false);

    const roles: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const tokens = await login(server, account.email, DEMO_PASSWORD);
      const me = (await server.api.get('/users/me', { token: tokens.access_token })).body.data;
      expect(me.is_confirmed).toBe(true);
      roles[account.email] = me.is_owner ? 'owner' : me.memberships.map((m: { role: string; tenant: { slug: string } }) => `${m.role}@${m.tenant.slug}`).join();
    }
    expect(roles).toEqual({
      'owner@example.com': 'owner',
      'master@example.com': 'master@acme-training',
      'admin@example.com': 'admin@acme-training',
      'learner@example.com': 'user@acme-training',
    });
  });

  it("publishes the example intranet's integration client: it signs the demo learner in with an embed session", async () => {
    const { server } = context;
    const credentials = await server.api.post('/token', undefined, {
      form: { grant_type: 'client_credentials', client_id: DEMO_INTEGRATION_CLIENT.id, client_secret: DEMO_INTEGRATION_CLIENT.secret },
    });
    expect(credentials.status).toBe(200);
    const minted = await server.api.post('/tenants/acme-training/embed-sessions', { email: 'learner@example.com' }, { token: credentials.body.access_token });
    expect(minted.status).toBe(201);
    const exchanged = await server.api.post('/token', undefined, {
      form: {
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: 'tessera-web',
        subject_token: minted.body.data.session_token,
        subject_token_type: EMBED_SESSION_TOKEN_TYPE,
      },
    });
    const me = await server.api.get('/users/me', { token: exchanged.body.access_token });
    expect(me.body.data.email).toBe('learner@example.com');
  });

  it('gives the learner a first module to open, through the New Starters group, with a checklist of procedure rows', async () => {
    const { server } = context;
    const tokens = await login(server, 'learner@example.com', DEMO_PASSWORD);
    const modules = await server.api.get('/tenants/acme-training/modules', { token: tokens.access_token });
    expect(modules.body.data.map((module: { name: string }) => module.name)).toEqual(['Getting Started']);
    const components = await server.api.get(`/tenants/acme-training/modules/${modules.body.data[0].id}/components`, { token: tokens.access_token });
    const topics = await server.api.get(`/tenants/acme-training/components/${components.body.data[0].id}/topics`, { token: tokens.access_token });
    expect(topics.body.data.map((topic: { name: string; total_procedures: number }) => [topic.name, topic.total_procedures])).toEqual([
      ['How this training works', 0],
      ['Your first day checklist', 3],
    ]);
    const items = await server.api.get(`/tenants/acme-training/topics/${topics.body.data[1].id}/items`, { token: tokens.access_token });
    expect(items.body.data).toHaveLength(3);
    expect(items.body.data.every((row: { is_procedure: boolean; children: unknown[] }) => row.is_procedure && row.children.length === 1)).toBe(true);
  });

  it('gives the Welcome component a small knowledge check the learner can take', async () => {
    const { server } = context;
    const tokens = await login(server, 'learner@example.com', DEMO_PASSWORD);
    const modules = await server.api.get('/tenants/acme-training/modules', { token: tokens.access_token });
    const components = await server.api.get(`/tenants/acme-training/modules/${modules.body.data[0].id}/components`, { token: tokens.access_token });
    const check = await server.api.get(`/tenants/acme-training/components/${components.body.data[0].id}/knowledgechecks`, { token: tokens.access_token });
    expect(check.body.data).toMatchObject({ name: 'Welcome', number_questions: 2, question_count: 3 });
    expect(components.body.data[0].knowledgecheck_id).toBe(check.body.data.id);
    const response = await server.api.post(`/tenants/acme-training/knowledgechecks/${check.body.data.id}/responses`, {}, { token: tokens.access_token });
    expect(response.status).toBe(201);
    expect(response.body.data.questions).toHaveLength(2);
  });
});

describe('cli', () => {
  let dataDir: string;
  // Production settings without TESSERA_SECRET: the commands do not need it, and hash at the production cost.
  const env = () => ({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', TESSERA_SECRET: '' });
  const cli = (...args: string[]) => run('npx', ['tsx', '--conditions=tessera-source', 'src/cli.ts', ...args], { cwd: serverDir, env: env() });
  /** create-owner with the password on standard input, as a script pipes it in. */
  const createOwner = (email: string, name: string, password: string) => {
    const child = run('npx', ['tsx', '--conditions=tessera-source', 'src/cli.ts', 'create-owner', '--email', email, '--name', name], {
      cwd: serverDir,
      env: env(),
    });
    child.child.stdin?.end(`${password}\n`);
    return child;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, then creates a confirmed owner who can log in', async () => {
    expect((await cli('migrate')).stdout).toMatch(/Ran \d+ migration/);
    expect((await cli('migrate')).stdout).toMatch(/up to date/);
    const created = await createOwner('Root@Example.com', 'Rita Root', 'Owner-pass-1');
    expect(created.stdout).toMatch(/Created the owner account root@example.com/);

    const server = await startServer(testConfig(dataDir, { client: 'sqlite', filename: join(dataDir, 'tessera.sqlite') }));
    try {
      const tokens = await login(server, 'root@example.com', 'Owner-pass-1');
      const me = (await server.api.get('/users/me', { token: tokens.access_token })).body.data;
      expect(me).toMatchObject({ is_owner: true, is_confirmed: true, name: 'Rita Root' });
    } finally {
      await server.close();
    }
  });

  it('refuses a weak password or a taken email, with the rule that failed', async () => {
    // Never from the command line: refused before anything is done.
    await expect(cli('create-owner', '--email', 'cli@example.com', '--name', 'Cleo Cli', '--password', 'Owner-pass-1')).rejects.toMatchObject({
      stderr: expect.stringContaining('The password is not taken from the command line'),
    });
    await expect(createOwner('weak@example.com', 'Wes Weak', 'weak')).rejects.toMatchObject({
      stderr: expect.stringContaining('password: The password must be at least 8 characters.'),
    });
    await expect(createOwner('root@example.com', 'Rita Root', 'Owner-pass-1')).rejects.toMatchObject({
      stderr: expect.stringContaining('email: The email has already been taken.'),
    });
  });
});
