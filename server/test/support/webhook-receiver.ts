/**
 * A webhook receiver for the tests: a real HTTP server on 127.0.0.1 recording every request it gets, answering as
 * each path is told to (a status, a redirect, a large body, or never).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Until the connection closes: a request left unanswered ('hang') stays open until the sender gives up. */
  open: boolean;
}

type Answer = { status: number; body?: string; location?: string } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** What `path` answers from now on: one answer for every request, or one per request in turn (the last repeats). */
  answer(path: string, ...answers: Answer[]): void;
  at(path: string): Received[];

  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const entry: Received = { path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), open: true };
      received.push(entry);
      response.on('close', () => (entry.open = false));
      const queue = answers.get(path) ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 204 };
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...given) => answers.set(path, given),
    at: (path) => received.filter((entry) => entry.path === path),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
