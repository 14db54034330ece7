/**
 * Outgoing mail through nodemailer. Without SMTP_URL every message is written to DATA_DIR/outbox/
 * as `<time>-<id>.eml` (the raw message) and `<time>-<id>.json` (to, subject, text, html and the
 * links it carries, for people and for end-to-end tests), and its links are logged.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { newId } from '../db/ids.js';
import { noMetrics, type Metrics } from '../http/metrics.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links in the message (confirmation, reset...). */
  links: string[];
}

/** A message as sent: with the Message-ID it keeps through every retry (jobs/queue.ts fixes it when it is queued). */
type OutgoingMail = MailMessage & { messageId: string };

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface OutboxRecord extends OutgoingMail {
  id: string;
  from: string;
  sent_at: string;
}

function outboxMailer(config: ServerConfig, log: Logger): Mailer {
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const id = newId();
      const base = join(outbox, `${Date.now()}-${id}`);
      const record: OutboxRecord = { id, from: config.mailFrom, sent_at: new Date().toISOString(), ...message };
      await mkdir(outbox, { recursive: true });
      await writeFile(`${base}.eml`, info.message as Buffer);
      // The .json is written last, under another name and renamed: a reader that sees it (the job worker writes while
      // tests and people read) finds it whole, and can rely on the .eml being there.
      await writeFile(`${base}.json.partial`, `${JSON.stringify(record, null, 2)}\n`);
      await rename(`${base}.json.partial`, `${base}.json`);
      log.info({ to: message.to, subject: message.subject, links: message.links }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

function smtpMailer(config: ServerConfig, log: Logger, transport: Transporter): Mailer {
  return {
    async send(message) {
      const { links, ...mail } = message;
      await transport.sendMail({ from: config.mailFrom, ...mail });
      log.info({ to: message.to, subject: message.subject, messageId: message.messageId, links: links.length }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * The SMTP URL with a connection pool unless it says otherwise: the job worker sends a batch at once, and a pool keeps
 * a few connections open instead of one handshake per message.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/** A Message-ID for a message queued as job `jobId`: the same on every attempt, so a resend is recognisably one mail. */
export function messageIdFor(jobId: string, publicUrl: string): string {
  return `<${jobId}@${new URL(publicUrl).hostname}>`;
}

export function createMailer(config: ServerConfig, log: Logger, metrics: Pick<Metrics, 'mail'> = noMetrics): Mailer {
  const mailer = config.smtpUrl ? smtpMailer(config, log, nodemailer.createTransport(pooled(config.smtpUrl))) : outboxMailer(config, log);
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mail('sent');
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
