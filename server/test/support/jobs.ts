/** Jobs as a test needs them: a failed one, written straight into the queue's store of either database. */
import { newId } from '../../src/db/ids.js';
import { jobsSchema } from '../../src/jobs/pg-queue.js';
import type { TestServer } from './server.js';

/** A mail job that failed for good (one attempt of one), as the worker leaves it; answers its id. */
export async function insertFailedJob(server: TestServer, about = { to: 'nobody@example.com', subject: 'Refused' }): Promise<string> {
  const id = newId();
  const data = JSON.stringify({ ...about, text: '', html: '', links: [], messageId: `<${id}@tessera.test>` });
  const { knex } = server.app.db;
  const { database } = server.config;
  if (database.client === 'sqlite') {
    const now = new Date().toISOString();
    await knex('jobs').insert({
      id,
      kind: 'mail',
      data,
      state: 'failed',
      attempts: 1,
      max_attempts: 1,
      run_at: now,
      last_error: '550 Refused',
      created_at: now,
      updated_at: now,
    });
  } else {
    // The queue creates its tables as it starts: wait for it, as any request that lists jobs does.
    await server.app.services.jobs.list('failed');
    await knex.raw(`INSERT INTO ??.job (id, name, data, state, retry_count, retry_limit, output) VALUES (?, 'mail', ?::jsonb, 'failed', 0, 0, ?::jsonb)`, [
      jobsSchema(database.schema),
      id,
      data,
      JSON.stringify({ message: '550 Refused' }),
    ]);
  }
  return id;
}
