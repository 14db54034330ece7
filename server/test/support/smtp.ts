/**
 * A real SMTP server for tests and the jobs benchmark: smtp-server (the nodemailer project's), plain SMTP on
 * 127.0.0.1 without authentication, keeping every message it accepts. `stop()` and `start()` again on the same port
 * play an outage; `refuse` makes it answer 550 to the recipients it matches.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  received: ReceivedMail[];
  /** Connection errors the server reported (a client killed mid-message resets its connection). */
  connectionErrors(): number;
  /** Message-IDs received more than once, with how many times. */
  duplicates(): Map<string, number>;
  /** Listens again on the same port (nothing when it already listens). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1].trim() ?? '';

export async function startSmtp(options: { refuse?: (address: string) => boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let errors = 0;
  let port = 0;
  let server: SMTPServer | undefined;

  async function start() {
    if (server) return;
    const started = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 10 * 1024 * 1024,
      // An outage cuts the pooled connections at once instead of waiting 30 s for them to end.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (options.refuse?.(address.address)) {
          callback(Object.assign(new Error(`550 No such mailbox: ${address.address}`), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), messageId: header(raw, 'Message-ID'), subject: header(raw, 'Subject') });
          callback();
        });
      },
    });
    // A client that dies mid-message (a killed worker) resets its connection: smtp-server reports it here.
    started.on('error', () => (errors += 1));
    await new Promise<void>((resolve, reject) => {
      started.server.once('error', reject);
      started.listen(port, '127.0.0.1', () => resolve());
    });
    port = (started.server.address() as AddressInfo).port;
    server = started;
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connectionErrors: () => errors,
    duplicates() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return new Map([...counts].filter(([, count]) => count > 1));
    },
    start,
    async stop() {
      const stopping = server;
      server = undefined;
      await new Promise<void>((resolve) => (stopping ? stopping.close(() => resolve()) : resolve()));
    },
  };
}
