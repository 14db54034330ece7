/**
 * Upload memory benchmark (issue 4): peak resident memory growth of a server process while it receives a
 * 1 GB video (a valid mp4 `ftyp` header, then filler) as multipart, with its thumbnail. Uploads stream to
 * storage, so the budget is < 100 MB of growth whatever the file size. `BENCH_UPLOAD_MB` changes the size.
 * Prints the figures and PASS/FAIL; the exit code is 1 when the budget or the upload fails.
 *
 * Then a 50 MB bioreq pdf (issue 13), to /tenants/{id}/bioreq: the same pipeline into private storage, budget
 * < 50 MB of growth. `BENCH_ONLY=bioreq` runs only that one.
 */
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { mp4Header, png } from '../test/fixtures/media.js';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const BUDGET_MB = 100;
const CHUNK = 1024 * 1024;

interface Started {
  url: string;
  tenantId: string;
  email: string;
  password: string;
}

function start(): Promise<{ child: ReturnType<typeof fork>; started: Started }> {
  const child = fork(fileURLToPath(new URL('./upload-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--conditions=tessera-source', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, UPLOAD_SIZE_VIDEO: `10/${SIZE_MB * 1100}` },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, started: message as Started }));
    child.once('exit', (code) => reject(new Error(`upload-server exited with ${code}`)));
  });
}

function memory(child: ReturnType<typeof fork>, ask: 'memory' | 'reset' = 'memory'): Promise<{ baseline: number; peak: number; now: number }> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as { baseline: number; peak: number; now: number }));
    child.send(ask);
  });
}

async function token(started: Started): Promise<string> {
  const response = await fetch(`${started.url}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email: started.email, password: started.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Sends the multipart body chunk by chunk, honouring backpressure: the client holds one chunk at a time too. */
async function upload(started: Started, accessToken: string, thumbnail: Buffer): Promise<{ status: number; body: string }> {
  const boundary = `----tessera-bench-${Date.now()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (name: string, filename: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const head = Buffer.from(field('name', 'Big video') + field('type', 'video') + fileHead('thumbnail', 'thumb.png', 'image/png'));
  const middle = Buffer.from(`\r\n${fileHead('file', 'big.mp4', 'video/mp4')}`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileSize = SIZE_MB * CHUNK;
  const length = head.length + thumbnail.length + middle.length + fileSize + tail.length;

  return new Promise((resolve, reject) => {
    const req = request(`${started.url}/api/tenants/${started.tenantId}/media`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(length),
        Accept: 'application/json',
      },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    void (async () => {
      const write = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise<void>((drained) => req.once('drain', drained)));
      await write(head);
      await write(thumbnail);
      await write(middle);
      const filler = Buffer.alloc(CHUNK, 0x2e);
      const header = mp4Header();
      const first = Buffer.concat([header, filler.subarray(header.length)]);
      await write(first);
      for (let sent = 1; sent < SIZE_MB; sent += 1) await write(filler);
      req.end(tail);
    })().catch(reject);
  });
}

const BIOREQ_MB = 50;
const BIOREQ_BUDGET_MB = 50;

/** A 50 MB pdf (a `%PDF-` head, then filler) with its title and description, streamed like the video. */
async function uploadBioreq(started: Started, accessToken: string): Promise<{ status: number; body: string }> {
  const boundary = `----tessera-bench-${Date.now()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('title', 'Scanned records')}${field('description', 'Fifty megabytes of scans')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="records.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileSize = BIOREQ_MB * 1_000_000;
  return new Promise((resolve, reject) => {
    const req = request(`${started.url}/api/tenants/${started.tenantId}/bioreq`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + fileSize + tail.length),
        Accept: 'application/json',
      },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    void (async () => {
      const write = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise<void>((drained) => req.once('drain', drained)));
      await write(head);
      const filler = Buffer.alloc(1_000_000, 0x20);
      const pdfHead = Buffer.from('%PDF-1.4\n');
      await write(Buffer.concat([pdfHead, filler.subarray(pdfHead.length)]));
      for (let sent = 1; sent < BIOREQ_MB; sent += 1) await write(filler);
      req.end(tail);
    })().catch(reject);
  });
}

export async function runBioreqUploadBench(): Promise<boolean> {
  const { child, started } = await start();
  try {
    const accessToken = await token(started);
    await memory(child, 'reset');
    const answer = await uploadBioreq(started, accessToken);
    const { baseline, peak } = await memory(child);
    const growthMb = (peak - baseline) / 1e6;
    const ok = answer.status === 201 && growthMb < BIOREQ_BUDGET_MB;
    console.log(`\nBioreq upload of a ${BIOREQ_MB} MB pdf (multipart, streamed to private storage):`);
    console.log(`  status ${answer.status}`);
    if (answer.status !== 201) console.log(`  answer: ${answer.body.slice(0, 300)}`);
    console.log(`  server RSS: baseline ${(baseline / 1e6).toFixed(1)} MB, peak ${(peak / 1e6).toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB`);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  peak RSS growth < ${BIOREQ_BUDGET_MB} MB while uploading (measured ${growthMb.toFixed(1)} MB)`);
    return ok;
  } finally {
    child.disconnect();
  }
}

export async function runUploadBench(): Promise<boolean> {
  const { child, started } = await start();
  try {
    const accessToken = await token(started);
    const thumbnail = await png(800, 450);
    const began = performance.now();
    const answer = await upload(started, accessToken, thumbnail);
    const seconds = (performance.now() - began) / 1000;
    const { baseline, peak } = await memory(child);
    const growthMb = (peak - baseline) / 1e6;
    const ok = answer.status === 201 && growthMb < BUDGET_MB;
    console.log(`\nUpload of a ${SIZE_MB} MB video (multipart, streamed to local storage):`);
    console.log(`  status ${answer.status}, ${seconds.toFixed(1)} s (${(SIZE_MB / seconds).toFixed(0)} MB/s)`);
    if (answer.status !== 201) console.log(`  answer: ${answer.body.slice(0, 300)}`);
    console.log(`  server RSS: baseline ${(baseline / 1e6).toFixed(1)} MB, peak ${(peak / 1e6).toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB`);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  peak RSS growth < ${BUDGET_MB} MB while uploading (measured ${growthMb.toFixed(1)} MB)`);
    return ok;
  } finally {
    child.disconnect();
  }
}

const ONLY = process.env.BENCH_ONLY;
if (import.meta.url === `file://${process.argv[1]}` && (!ONLY || 'upload'.includes(ONLY))) {
  if (!(await runUploadBench())) process.exitCode = 1;
}
if (import.meta.url === `file://${process.argv[1]}` && (!ONLY || 'upload'.includes(ONLY) || ONLY === 'bioreq')) {
  if (!(await runBioreqUploadBench())) process.exitCode = 1;
}
