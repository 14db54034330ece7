/**
 * Embed sessions benchmark (issue 32): a partner's backend mints an embed session for a member
 * (`POST /tenants/{id}/embed-sessions` as its admin integration client) and the widgets exchange it at `POST /token`
 * (RFC 8693), on SQLite, 16 connections each running mint then exchange in a loop for BENCH_EMBED_SECONDS (default 10)
 * after a short warm-up. Budget: at least 500 full mint+exchange pairs a second, and a p99 under 50 ms for each call
 * (and for the pair). Prints the figures and PASS or "not met"; the exit code is 1 when a call fails or a budget is
 * not met. The load generator runs in this process, the server in a child (servers/embed-sessions.ts).
 */
import { EMBED_SESSION_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { benchClient, serverTimes, startBenchServer, percentile, roundTenth } from './support.js';

const CONNECTIONS = Number(process.env.BENCH_EMBED_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_EMBED_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PAIRS_BUDGET = 500;
const P99_BUDGET_MS = 50;

interface Ready {
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  emails: string[];
}

const { child, message: ready } = await startBenchServer<Ready>('servers/embed-sessions.ts');
let failed = false;
try {
  const tokenResponse = await fetch(`${ready.url}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: ready.clientId, client_secret: ready.clientSecret }),
  });
  const clientToken = ((await tokenResponse.json()) as { access_token: string }).access_token;
  const send = benchClient(ready.url, CONNECTIONS);
  const mintPath = `/api/tenants/${ready.tenantId}/embed-sessions`;

  let next = 0;
  async function pair(): Promise<{ mint: number; exchange: number }> {
    const email = ready.emails[next++ % ready.emails.length];
    const started = performance.now();
    const minted = await send('POST', mintPath, {
      headers: { Authorization: `Bearer ${clientToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email }),
    });
    const body = JSON.parse(minted.body) as { data?: { session_token: string } };
    const mintedAt = performance.now();
    if (minted.status !== 201 || !body.data) throw new Error(`mint answered ${minted.status}: ${minted.body}`);
    const exchanged = await send('POST', '/api/token', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: 'tessera-web',
        subject_token: body.data.session_token,
        subject_token_type: EMBED_SESSION_TOKEN_TYPE,
      }).toString(),
    });
    const tokens = JSON.parse(exchanged.body) as { access_token?: string };
    if (exchanged.status !== 200 || !tokens.access_token) throw new Error(`exchange answered ${exchanged.status}: ${exchanged.body}`);
    return { mint: mintedAt - started, exchange: performance.now() - mintedAt };
  }

  async function run(seconds: number) {
    const mints: number[] = [];
    const exchanges: number[] = [];
    const pairs: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const times = await pair();
          mints.push(times.mint);
          exchanges.push(times.exchange);
          pairs.push(times.mint + times.exchange);
        }
      }),
    );
    return { mints, exchanges, pairs };
  }

  await run(WARMUP_SECONDS);
  const before = await serverTimes(child);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const { mints, exchanges, pairs } = await run(SECONDS);
  const elapsed = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const after = await serverTimes(child);
  const cpuPerPair = (after.cpu - before.cpu) / pairs.length;
  const mainThreadPerPair = (after.mainThread - before.mainThread) / pairs.length;
  const generatorPerPair = (generator.user + generator.system) / pairs.length;
  const rate = pairs.length / elapsed;
  const rows = [
    ['mint', mints],
    ['exchange', exchanges],
    ['mint + exchange', pairs],
  ].map(([name, values]) => {
    const sorted = [...(values as number[])].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    return {
      call: name as string,
      p50ms: roundTenth(percentile(sorted, 50)),
      p99ms: roundTenth(p99),
      maxMs: roundTenth(sorted.at(-1) ?? 0),
      p99Budget: p99 < P99_BUDGET_MS ? 'PASS' : 'not met',
    };
  });
  console.log(
    `Embed sessions on SQLite, ${CONNECTIONS} connections, ${SECONDS} s: ${pairs.length} pairs, ${Math.round(rate)} pairs/s (budget >= ${PAIRS_BUDGET}: ${rate >= PAIRS_BUDGET ? 'PASS' : 'not met'}), server CPU ${Math.round(cpuPerPair)} µs a pair (its event loop busy ${Math.round(mainThreadPerPair)} µs), load generator CPU ${Math.round(generatorPerPair)} µs a pair on the same cores`,
  );
  console.table(rows);
  if (rate < PAIRS_BUDGET || rows.some((row) => row.p99Budget !== 'PASS')) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  child.disconnect();
}
process.exit(failed ? 1 : 0);
