/**
 * Authorization code benchmark (issue 32, "Tessera as an OpenID provider"): a partner app's "Log in with Tessera" on
 * SQLite. The member signs in once through the interaction API (the provider's session cookie kept), then codes are
 * issued by `GET /api/authorize` (the session and the remembered consent skip the login page) and exchanged at
 * `POST /api/token` (`authorization_code`, PKCE S256, the app's secret in HTTP Basic), 16 connections at a time.
 * Budget: the code exchange's p99 under 50 ms. Prints the figures and PASS or "not met"; the exit code is 1 when a
 * call fails or the budget is not met. The load generator runs in this process, the server in a child
 * (servers/oidc-code.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { benchClient, type BenchResponse, serverTimes, startBenchServer, percentile, roundTenth } from './support.js';

const CONNECTIONS = Number(process.env.BENCH_CODE_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_CODE_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const P99_BUDGET_MS = 50;
const REDIRECT_URI = 'http://localhost:4999/callback';

interface Ready {
  url: string;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  email: string;
  password: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

const { child, message: ready } = await startBenchServer<Ready>('servers/oidc-code.ts');
/** The provider names PUBLIC_URL in its redirects; the server listens on an ephemeral port. */
const onServer = (url: string) => url.replace(ready.publicUrl, ready.url);
const cookies = new Map<string, string>();

const send = benchClient(ready.url, CONNECTIONS);

async function browse(url: string, init: { method?: string; json?: unknown } = {}): Promise<BenchResponse> {
  const headers: Record<string, string> = { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const target = new URL(onServer(url));
  const response = await send(init.method ?? 'GET', `${target.pathname}${target.search}`, {
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  for (const cookie of response.headers['set-cookie'] ?? []) {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    if (/expires=Thu, 01 Jan 1970/i.test(cookie)) cookies.delete(pair.slice(0, at));
    else cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

/** An authorization request with a fresh verifier: where the provider sends the browser, and the verifier. */
async function authorize(): Promise<{ location: string; verifier: string }> {
  const verifier = base64url(randomBytes(32));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: ready.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state: base64url(randomBytes(16)),
  });
  const response = await browse(`${ready.url}/api/authorize?${query}`);
  if (response.status !== 303) throw new Error(`authorize answered ${response.status}: ${response.body}`);
  return { location: response.headers.location!, verifier };
}

/** The first sign-in: the portal's interaction (login, then the app's consent), leaving the provider's session. */
async function signInOnce(): Promise<void> {
  let { location } = await authorize();
  for (let step = 0; step < 3 && !location.startsWith(REDIRECT_URI); step += 1) {
    const uid = /\/authorize\/([^/?]+)$/.exec(location)?.[1];
    if (!uid) throw new Error(`unexpected redirect ${location}`);
    const details = JSON.parse((await browse(`${ready.url}/api/interactions/${uid}`)).body) as { data: { prompt: string } };
    const answer =
      details.data.prompt === 'login'
        ? await browse(`${ready.url}/api/interactions/${uid}/login`, { method: 'POST', json: { email: ready.email, password: ready.password } })
        : await browse(`${ready.url}/api/interactions/${uid}/consent`, { method: 'POST' });
    const { redirect_to: next } = JSON.parse(answer.body) as { redirect_to: string };
    const resumed = await browse(next);
    location = resumed.headers.location ?? '';
  }
  if (!location.startsWith(REDIRECT_URI)) throw new Error(`no code after the sign-in: ${location}`);
}

/** A code for the signed-in member (no page in between), and its verifier. */
async function issueCode(): Promise<{ code: string; verifier: string }> {
  const { location, verifier } = await authorize();
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`authorize did not answer a code: ${location}`);
  return { code, verifier };
}

const basic = `Basic ${Buffer.from(`${encodeURIComponent(ready.clientId)}:${encodeURIComponent(ready.clientSecret)}`).toString('base64')}`;

async function exchange({ code, verifier }: { code: string; verifier: string }): Promise<void> {
  const response = await send('POST', '/api/token', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  const tokens = JSON.parse(response.body) as { id_token?: string };
  if (response.status !== 200 || !tokens.id_token) throw new Error(`exchange answered ${response.status}: ${response.body}`);
}

let failed = false;
try {
  await signInOnce();

  async function run(seconds: number) {
    const issues: number[] = [];
    const exchanges: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          const code = await issueCode();
          const issued = performance.now();
          await exchange(code);
          issues.push(issued - started);
          exchanges.push(performance.now() - issued);
        }
      }),
    );
    return { issues, exchanges };
  }

  await run(WARMUP_SECONDS);
  const before = await serverTimes(child);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const { issues, exchanges } = await run(SECONDS);
  const elapsed = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const after = await serverTimes(child);
  const cpuPerFlow = (after.cpu - before.cpu) / exchanges.length;
  const mainThreadPerFlow = (after.mainThread - before.mainThread) / exchanges.length;
  const generatorPerFlow = (generator.user + generator.system) / exchanges.length;
  const rows = [
    ['authorize (code issued)', issues, false],
    ['code exchange', exchanges, true],
  ].map(([name, values, budgeted]) => {
    const sorted = [...(values as number[])].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    return {
      call: name as string,
      p50ms: roundTenth(percentile(sorted, 50)),
      p99ms: roundTenth(p99),
      maxMs: roundTenth(sorted.at(-1) ?? 0),
      p99Budget: budgeted ? (p99 < P99_BUDGET_MS ? 'PASS' : 'not met') : '-',
    };
  });
  console.log(
    `Authorization code on SQLite, ${CONNECTIONS} connections, ${SECONDS} s: ${exchanges.length} codes issued and exchanged, ${Math.round(exchanges.length / elapsed)} a second, server CPU ${Math.round(cpuPerFlow)} µs each (its event loop busy ${Math.round(mainThreadPerFlow)} µs), load generator CPU ${Math.round(generatorPerFlow)} µs each on the same cores`,
  );
  console.table(rows);
  if (rows.some((row) => row.p99Budget === 'not met')) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  child.disconnect();
}
process.exit(failed ? 1 : 0);
