import type { ServerConfig } from '../config.js';
import type { Database, TenantDatabase } from '../db/database.js';
import { newId } from '../db/ids.js';
import { messageIdFor, type MailMessage } from '../mail/mailer.js';
import type { JobQueue } from './queue.js';

/**
 * Queues a message, in `db`'s transaction when it is one: the mail leaves once the data it speaks of is committed,
 * and is retried until the mail server takes it (jobs/queue.ts). Its Message-ID is fixed now, for every attempt.
 */
export async function queueMail(
  services: { jobs: JobQueue; config: Pick<ServerConfig, 'publicUrl'> },
  db: Database | TenantDatabase,
  message: MailMessage,
): Promise<void> {
  const id = newId();
  await services.jobs.enqueue(db, 'mail', { ...message, messageId: messageIdFor(id, services.config.publicUrl) }, { id });
}
