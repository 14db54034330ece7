import type { Job } from '@tessera/sdk';
import type { JobSummary } from '../../jobs/queue.js';

/** A job as the contract shows it: what the queue summarised (never the job's data). */
export function presentJob(job: JobSummary): Job {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    last_error: job.last_error,
    about: job.about,
    created_at: job.created_at,
    run_at: job.run_at,
  };
}
