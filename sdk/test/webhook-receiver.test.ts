/**
 * examples/webhook-receiver/receiver.mjs as a partner runs it: its own Node process, on a free port, receiving
 * deliveries signed by the Standard Webhooks reference library (not by the SDK it verifies them with). It imports
 * `@tessera/sdk` from the sources (tsx and the `tessera-source` condition), so no build is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const receiverPath = fileURLToPath(new URL('../../examples/webhook-receiver/receiver.mjs', import.meta.url));

const newSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;
const secret = newSecret();
const previousSecret = newSecret();

let receiver: ChildProcess;
let output = '';
let url = '';

/** Resolves once the receiver has printed a line matching `pattern` (its log is how it tells what it did). */
async function logged(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = output.match(pattern);
    if (match) return match;
    if (Date.now() > deadline || receiver.exitCode !== null) throw new Error(`The receiver did not log ${pattern}. Its output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  receiver = spawn(process.execPath, ['--import', 'tsx', '--conditions=tessera-source', receiverPath], {
    cwd: root,
    // A rotation in progress: the new secret, then the previous one.
    env: { ...process.env, TESSERA_WEBHOOK_SECRET: `${secret}, ${previousSecret}`, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  receiver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  receiver.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [, port] = await logged(/listening on (\d+)/, 30_000);
  url = `http://127.0.0.1:${port}/`;
}, 40_000);

afterAll(() => {
  receiver?.kill();
});

const event = {
  type: 'knowledge_check.response.completed',
  timestamp: new Date().toISOString(),
  tenant_id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  data: {
    response_id: 'r1',
    knowledge_check: { id: 'k1', name: 'Lab safety' },
    member: { id: 'm1', user_id: 'u1', name: 'Zoë', email: 'zoe@example.com' },
    attempt: 1,
    score: 87.5,
    correct_answers: 7,
    incorrect_answers: 1,
    completed_at: new Date().toISOString(),
  },
};

function deliver(id: string, body: string, key = secret) {
  const at = new Date();
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, at, body),
    },
    body,
  });
}

describe('examples/webhook-receiver', () => {
  it('answers 204 to a signed delivery and handles it once; the same webhook-id again is a 204 logged as a duplicate', async () => {
    const body = JSON.stringify(event);
    const first = await deliver('msg_first', body);
    expect(first.status).toBe(204);
    await logged(/msg_first knowledge_check\.response\.completed: zoe@example\.com scored 87\.5% on "Lab safety"/);

    const again = await deliver('msg_first', body);
    expect(again.status).toBe(204);
    await logged(/msg_first duplicate/);
    expect(output.match(/msg_first knowledge_check/g)).toHaveLength(1);
  });

  it('accepts a delivery signed with the previous secret during a rotation', async () => {
    const body = JSON.stringify({ ...event, type: 'member.joined', data: { member: event.data.member, role: 'user' } });
    expect((await deliver('msg_rotated', body, previousSecret)).status).toBe(204);
    await logged(/msg_rotated member\.joined: zoe@example\.com \(user\)/);
  });

  it('answers 400 to a forged signature, a tampered body and missing headers, and handles none of them', async () => {
    const body = JSON.stringify(event);
    const forged = await deliver('msg_forged', body, newSecret());
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe('bad_signature\n');

    const at = new Date();
    const signature = new Webhook(secret).sign('msg_tampered', at, body);
    const tampered = await fetch(url, {
      method: 'POST',
      headers: { 'webhook-id': 'msg_tampered', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
      body: body.replace('87.5', '100'),
    });
    expect(tampered.status).toBe(400);

    const unsigned = await fetch(url, { method: 'POST', body });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.text()).toBe('missing_headers\n');

    await logged(/refused \(missing_headers\)/);
    expect(output).not.toMatch(/msg_forged knowledge_check|msg_tampered knowledge_check/);
  });

  it('refuses a body announced over 1 MB with 413, before reading it', async () => {
    // Only the headers are sent: the answer must come without the body (a client sending it all could see the
    // connection reset under its upload, which is the receiver's point but would make this test flaky).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: { 'content-length': String(2 * 1024 * 1024), 'webhook-id': 'msg_large' } }, (response) => {
        resolve(response.statusCode);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });
});
