/**
 * Single sign-on benchmark (issue 33): the OpenID Connect callback's own time with a local provider, on SQLite and on
 * PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; skipped when it
 * does not answer). The provider (oidc-provider, servers/oidc-idp.ts) and the server (servers/sso.ts) are processes of
 * their own. Sign-ins are started and taken through the provider in batches (not measured); then each browser request
 * to `GET /api/sso/oidc/callback` is timed from its sending to the 303's headers, one at a time: the state spent, the
 * code redeemed at the provider's token endpoint, the id token validated (signature from the cached JWKS, issuer,
 * audience, expiry, nonce), the account found or made, the login code stored. The server's CPU time over a batch of
 * callbacks, divided by its size, is the figure the machine's load does not change. Discovery and JWKS are read by the
 * warm-up's first sign-in, then kept. Half the sign-ins are first ones (account, membership and two groups made just in
 * time), half are returning people.
 * Budget: p99 under 50 ms on each database. Exit code 1 when a sign-in fails or the budget is not met.
 */
import { Browser, type IdpPerson } from '../test/support/oidc-idp.js';
import { cpuTime, postgresAnswers, startBenchServer, percentile, roundTenth } from './support.js';

const SIGN_INS = Number(process.env.BENCH_SSO_SIGN_INS ?? 300);
const BATCH = 25;
const WARMUP = 25;
const P99_BUDGET_MS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DOMAIN = 'bench-sso.example';
const PUBLIC_URL = 'http://tessera.bench';
const REDIRECT_URI = `${PUBLIC_URL}/api/sso/oidc/callback`;

const person = (index: number): IdpPerson => ({
  sub: `bench-${index}`,
  email: `person.${index}@${DOMAIN}`,
  email_verified: true,
  name: `Person ${index}`,
  groups: ['Bench', `Team ${index % 5}`],
});

const { child: idp, message: provider } = await startBenchServer<{ issuer: string; clientId: string; clientSecret: string }>('servers/oidc-idp.ts', [
  REDIRECT_URI,
]);
const signInAs = (who: IdpPerson) =>
  new Promise<void>((resolve) => {
    idp.once('message', () => resolve());
    idp.send({ signInAs: who });
  });

async function scenario(kind: 'sqlite' | 'pg') {
  const args = [kind, PG_URL, provider.issuer, provider.clientId, provider.clientSecret, DOMAIN, PUBLIC_URL];
  const { child, message: server } = await startBenchServer<{ url: string }>('servers/sso.ts', args);
  try {
    /** Starts a sign-in and goes through the provider: the query string the provider sent the browser back with. */
    async function throughProvider(who: IdpPerson): Promise<{ search: string; cookie: string }> {
      const started = await fetch(`${server.url}/api/sso/start`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: who.email }),
      });
      const body = (await started.json()) as { data?: { url: string } };
      if (!body.data) throw new Error(`start answered ${started.status}: ${JSON.stringify(body)}`);
      await signInAs(who);
      // The browser binding cookie goes back with the callback, as a browser sends it.
      const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
      return { search: new URL(await new Browser().follow(body.data.url, REDIRECT_URI)).search, cookie };
    }

    async function callback({ search, cookie }: { search: string; cookie: string }): Promise<number> {
      const before = performance.now();
      const answer = await fetch(`${server.url}/api/sso/oidc/callback${search}`, { redirect: 'manual', headers: { Cookie: cookie } });
      const elapsed = performance.now() - before;
      const location = answer.headers.get('location') ?? '';
      if (answer.status !== 303 || !location.includes('/sso/complete#login=')) throw new Error(`callback answered ${answer.status} to ${location}`);
      return elapsed;
    }

    /** Sign-ins of `people`, a batch at a time: each callback's time, and the server's CPU time over the callbacks. */
    async function signIns(people: IdpPerson[]) {
      const times: number[] = [];
      let cpu = 0;
      for (let start = 0; start < people.length; start += BATCH) {
        const searches = [];
        for (const who of people.slice(start, start + BATCH)) searches.push(await throughProvider(who));
        const cpuBefore = await cpuTime(child);
        for (const search of searches) times.push(await callback(search));
        cpu += (await cpuTime(child)) - cpuBefore;
      }
      return { times, cpuPerCallbackMs: cpu / people.length / 1000 };
    }

    await signIns(Array.from({ length: WARMUP }, (_, index) => person(1_000_000 + index)));
    const half = Array.from({ length: SIGN_INS / 2 }, (_, index) => person(index));
    const firsts = await signIns(half);
    const returning = await signIns(half);
    return [
      ['first sign-in (just in time)', firsts],
      ['returning', returning],
    ].map(([name, result]) => {
      const { times, cpuPerCallbackMs } = result as Awaited<ReturnType<typeof signIns>>;
      const sorted = [...times].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      return {
        database: kind,
        sign_ins: name as string,
        n: sorted.length,
        p50ms: roundTenth(percentile(sorted, 50)),
        p99ms: roundTenth(p99),
        maxMs: roundTenth(sorted.at(-1) ?? 0),
        serverCpuMs: roundTenth(cpuPerCallbackMs),
        budget: p99 < P99_BUDGET_MS ? 'PASS' : 'not met',
      };
    });
  } finally {
    child.disconnect();
  }
}

let failed = false;
const rows = [];
try {
  for (const kind of ['sqlite', 'pg'] as const) {
    if (kind === 'pg' && !(await postgresAnswers())) {
      console.log('PostgreSQL does not answer: its scenario is skipped.');
      continue;
    }
    rows.push(...(await scenario(kind)));
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  idp.disconnect();
}
console.log(
  `Single sign-on callback (OpenID Connect, local provider), ${SIGN_INS} sign-ins a database after ${WARMUP} to warm up; p99 budget ${P99_BUDGET_MS} ms`,
);
console.table(rows);
if (rows.some((row) => row.budget !== 'PASS')) failed = true;
process.exit(failed ? 1 : 0);
