/**
 * A job worker process (jobs.test.ts and bench/jobs.ts, through `startJobsWorker` in ./jobs.ts): the app (`createApp`, which starts the job workers) on the database the
 * parent prepared, configured by the environment the parent passes as JSON in argv[2] (DATA_DIR, DATABASE_URL and
 * DATABASE_SCHEMA, SMTP_URL, JOB_* …). It does not listen on HTTP: it only works the queue. It tells the parent once
 * started, answers `cpu` with its CPU time and `settled` once no job is due or running, and closes the app (the jobs
 * in hand finish) and exits when the parent disconnects. The parent may also kill it with SIGKILL.
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';

const env = JSON.parse(process.argv[2] ?? '{}') as Env;
const app = await createApp(loadConfig(env));

process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), mainThreadMs: performance.eventLoopUtilization().active });
  if (message === 'settled') void app.services.jobs.settled().then(() => process.send?.({ settled: true }));
});
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
process.send?.({ ready: true });
