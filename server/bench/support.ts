/**
 * What the benchmark's parent and its server children share: each server runs in a child process (so the
 * load generator does not share its event loop), tells the parent its figures once ready, reports its CPU
 * time on request, and stops when the parent disconnects.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TesseraApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../src/config.js';

/** Parent: starts `file` (relative to bench/) and answers its first message. */
export function startBenchServer<T>(file: string): Promise<{ child: ChildProcess; message: T }> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--conditions=tessera-source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, message: message as T }));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** Parent: the child's CPU time so far (user + system, µs): a request's cost, whatever else loads the machine. */
export function cpuTime(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { cpu } = message as { cpu: NodeJS.CpuUsage };
      resolve(cpu.user + cpu.system);
    });
    child.send('cpu');
  });
}

/** An access token through the password grant. */
export async function accessToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Child: login limits raised so that load measures the server, not 429s. */
export const UNLIMITED_RATES = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, points: 1_000_000 }]),
) as RateLimitConfig;

/** Child: answers the parent's CPU time requests, and stops the app and removes its data when the parent leaves. */
export function serveParent(app: TesseraApp, dataDir: string): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => {
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
