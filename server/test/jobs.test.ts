/**
 * Durable jobs (issue 34): mail goes through the queue to a real SMTP server (smtp-server), is written in the
 * transaction of its data, keeps its Message-ID through retries, survives an outage of the mail server and the
 * kill -9 of a worker process mid-batch, and fails for good, with the server's answer, after its last attempt.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../src/config.js';
import { queueMail } from '../src/jobs/mail.js';
import { solvedCaptcha } from './support/captcha.js';
import { heldMailJobs, insertFailedJob, mailTally, queueMails, startJobsWorker, stopWorker, workerExited, workerSettled } from './support/jobs.js';
import {
  createTestDatabase,
  databaseKinds,
  jobsSettled,
  loggedInUser,
  PASSWORD,
  startTestServer,
  type TestContext,
  type TestDatabase,
  uniqueEmail,
} from './support/server.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import { until } from './support/until.js';

const OUTAGE_MS = 30_000;

describe.each(databaseKinds)('jobs on %s', (kind) => {
  let smtp: TestSmtp;
  let context: TestContext;
  const refused = uniqueEmail('refused');

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: (address) => address === refused });
    context = await startTestServer(kind, {
      smtpUrl: smtp.url,
      jobs: { maxAttempts: 3, retryDelaySeconds: 1, leaseSeconds: 30, pollMs: 50, batchSize: 50 },
    });
  });
  afterAll(async () => {
    await context?.cleanup();
    await smtp?.stop();
  });
  afterEach(() => smtp.start().catch(() => undefined));

  const signUp = async (email: string) =>
    context.server.api.post('/sign-up', { email, name: 'Sam Signup', password: PASSWORD, recaptcha_token: await solvedCaptcha(context.server.api) });
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  it('sends a sign-up confirmation over SMTP, with a Message-ID fixed when it was queued', async () => {
    const email = uniqueEmail('smtp');
    expect((await signUp(email)).status).toBe(201);
    await until('the confirmation', () => mailsTo(email).length > 0, 10_000);
    const [mail] = mailsTo(email);
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@tessera\.test>$/);
  });

  it('sends a mail queued in a transaction once it commits, and never one whose transaction rolled back', async () => {
    const { services } = context.server.app;
    const kept = uniqueEmail('kept');
    const dropped = uniqueEmail('dropped');
    const message = (to: string) => ({ to, subject: 'A queued message', text: 'Hello', html: '<p>Hello</p>', links: [] });
    await services.db.transaction((tx) => queueMail(services, tx, message(kept)));
    await expect(
      services.db.transaction(async (tx) => {
        await queueMail(services, tx, message(dropped));
        throw new Error('the data was refused');
      }),
    ).rejects.toThrow('the data was refused');
    await until('the committed mail', () => mailsTo(kept).length > 0, 10_000);
    await jobsSettled(context.server);
    expect(mailsTo(dropped)).toEqual([]);
  });

  it(`loses nothing through an SMTP outage of ${OUTAGE_MS / 1000} s: the requests succeed and each mail arrives once`, async () => {
    // Its own server with the default number of attempts: the retries, 1–2 s, 2–4 s, 4–8 s… apart, outlast the outage.
    const patient = await startTestServer(kind, { smtpUrl: smtp.url, jobs: { ...context.server.config.jobs, maxAttempts: 12 } });
    try {
      await smtp.stop();
      const emails = [uniqueEmail('outage'), uniqueEmail('outage'), uniqueEmail('outage')];
      for (const email of emails) {
        const captcha = await solvedCaptcha(patient.server.api);
        expect((await patient.server.api.post('/sign-up', { email, name: 'Olga Outage', password: PASSWORD, recaptcha_token: captcha })).status).toBe(201);
      }
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      expect(emails.flatMap(mailsTo)).toEqual([]);
      await smtp.start();
      await until('every mail queued during the outage', () => emails.every((email) => mailsTo(email).length > 0), 60_000);
      for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
      expect(smtp.duplicates().size).toBe(0);
    } finally {
      await patient.cleanup();
    }
  }, 120_000);

  it('fails a mail for good after its last attempt, with the mail server’s answer; a retry gives it one more', async () => {
    const { jobs } = context.server.app.services;
    expect((await signUp(refused)).status).toBe(201);
    const failedFor = async () => (await jobs.list('failed')).find((job) => job.about?.startsWith(`${refused}:`));
    let failed: Awaited<ReturnType<typeof failedFor>>;
    // Three attempts, 1–2 s and 2–4 s apart.
    await until('the failed mail', async () => Boolean((failed = await failedFor())), 20_000);
    expect(failed).toMatchObject({ kind: 'mail', state: 'failed', attempts: 3, max_attempts: 3 });
    expect(failed?.last_error).toMatch(/550/);
    expect(JSON.stringify(failed)).not.toContain('confirm-email/');

    expect(await jobs.retry(failed!.id)).toBe(true);
    expect(await jobs.retry(failed!.id)).toBe(false);
    let again: Awaited<ReturnType<typeof failedFor>>;
    await until('the retried mail to fail again', async () => (again = await failedFor())?.attempts === 4, 20_000);
    expect(again).toMatchObject({ id: failed!.id, attempts: 4, max_attempts: 4 });
  }, 60_000);

  it('shows the owner the failed jobs, without their data, and retries one (GET /jobs, POST /jobs/{jobId}/retry)', async () => {
    const { server } = context;
    const owner = await loggedInUser(server, { isOwner: true });
    const token = owner.tokens.access_token;
    const id = await insertFailedJob(server, { to: 'ada@example.com', subject: 'Confirm your email' });

    const failed = await server.api.get('/jobs?state=failed', { token });
    expect(failed.status).toBe(200);
    const listed = failed.body.data.find((job: { id: string }) => job.id === id);
    expect(listed).toMatchObject({
      kind: 'mail',
      state: 'failed',
      attempts: 1,
      max_attempts: 1,
      last_error: '550 Refused',
      about: 'ada@example.com: Confirm your email',
    });
    expect(listed).not.toHaveProperty('data');
    expect((await server.api.get('/jobs', { token })).body.data.map((job: { id: string }) => job.id)).toContain(id);
    expect((await server.api.get('/jobs?state=lost', { token })).status).toBe(422);

    expect((await server.api.post(`/jobs/${id}/retry`, undefined, { token })).status).toBe(204);
    // Retried, it is no longer failed: a second retry finds no failed job.
    expect((await server.api.post(`/jobs/${id}/retry`, undefined, { token })).status).toBe(404);
    expect((await server.api.post('/jobs/not-a-job/retry', undefined, { token })).status).toBe(404);
    await jobsSettled(server);
    expect(smtp.received.filter((mail) => mail.to.includes('ada@example.com')).map((mail) => mail.messageId)).toEqual([`<${id}@tessera.test>`]);
  });
});

describe.each(databaseKinds)('a job worker killed with SIGKILL mid-batch, on %s', (kind) => {
  const MAILS = 300;
  let smtp: TestSmtp;
  let database: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-jobs-kill-'));

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase(kind, dataDir);
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no mail: a new worker delivers the rest, and sends again only the jobs the dead one held', async () => {
    const env: Env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', JOB_LEASE_SECONDS: '5' };
    if (database.config.client === 'pg') Object.assign(env, { DATABASE_URL: database.config.url, DATABASE_SCHEMA: database.config.schema });
    const addresses = await queueMails(env, `kill-${kind}`, MAILS);
    const mail = mailTally(smtp);

    const first = await startJobsWorker(env, smtp);
    try {
      // Past a third, and inside a batch (a worker claims JOB_BATCH_SIZE, 50, and sends them at once).
      await until('a third of the mail', () => mail.distinct() >= MAILS / 3 + 17, 60_000);
      first.kill('SIGKILL');
      await workerExited(first);
    } finally {
      first.kill('SIGKILL');
    }
    const arrivedAtKill = mail.distinct();
    const held = await heldMailJobs(env);
    expect(arrivedAtKill).toBeLessThan(MAILS);

    const second = await startJobsWorker(env, smtp);
    try {
      await until('every mail', () => mail.distinct() >= MAILS, 60_000);
      await workerSettled(second);
    } finally {
      await stopWorker(second);
    }
    const verdict = mail.verdict(addresses, held);
    expect(verdict.lost).toBe(0);
    expect(verdict.strayDuplicates).toBe(0);
    expect(verdict.duplicateIds).toBeLessThanOrEqual(held.size);
  }, 150_000);
});
