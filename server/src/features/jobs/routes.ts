/** The owner's Jobs screen (issue 34): GET /jobs?state=…, POST /jobs/{jobId}/retry. */
import { queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { inputOf, validate } from '../../http/validate.js';
import { jobPolicy } from './policy.js';

export function routes({ jobs }: AppServices): Routes {
  const router = new Routes();

  router.get('/jobs', authenticated, can(jobPolicy, 'list'), validate(queryForms.listJobs, 'query'), async (ctx) => {
    const { state = 'failed' } = inputOf(ctx, queryForms.listJobs);
    // The queue answers the contract's Job (jobs/queue.ts `JobSummary`): nothing of a job's data to leave out here.
    ctx.body = { data: await jobs.list(state) };
  });

  router.post('/jobs/:jobId/retry', authenticated, can(jobPolicy, 'retry'), async (ctx) => {
    if (!(await jobs.retry(ctx.params.jobId))) throw notFound();
    ctx.status = 204;
  });

  return router;
}
