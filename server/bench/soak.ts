/**
 * Soak benchmark (issue 16): does the server's memory level off under a long mixed load?
 *
 * A learner and an admin send a mix of reads (the current user, modules, a topic's items, the content tree,
 * members), writes (ticking a procedure step done and undone, renaming a topic) and uploads (a suggestion with an
 * 800 x 450 png, decoded and thumbnailed by sharp). First the mix runs flat out for 15 s to measure capacity; then
 * it runs at half that rate for `SOAK_MINUTES` (30 by default) while the server's RSS is sampled every 30 s.
 *
 * Prints RSS at 5, 15 and 30 minutes (or at the quarters of a shorter run), errors and non-2xx answers, and PASS
 * when memory has levelled off: the highest RSS of the last third is within 10% of the highest of the middle third.
 */
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import { png } from '../test/fixtures/media.js';
import type { SoakServer } from './servers/soak.js';
import { serverMemory, startBenchServer } from './support.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONNECTIONS = 16;
const SAMPLE_SECONDS = 30;
const LEVEL_TOLERANCE = 0.1;

function multipartSuggestion(image: Buffer): { body: Buffer; contentType: string } {
  const boundary = 'tessera-soak-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nThe soak test suggests a clearer diagram.\r\n--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="diagram.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One round of the mix, as a connection sends it over and over: 14 requests, one of them an upload. */
function mix(server: SoakServer, upload: { body: Buffer; contentType: string }): Request[] {
  const base = `/api/tenants/${server.tenantId}`;
  const as = (role: 'admin' | 'learner', extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${server.tokens[role]}`,
    Accept: 'application/json',
    ...extra,
  });
  const json = (role: 'admin' | 'learner') => as(role, { 'Content-Type': 'application/json' });
  const item = server.itemIds[0];
  return [
    { method: 'GET', path: '/api/users/me', headers: as('learner') },
    { method: 'GET', path: `${base}/modules`, headers: as('learner') },
    { method: 'GET', path: `${base}/topics/${server.topicId}/items`, headers: as('learner') },
    { method: 'GET', path: `${base}/my-membership/content-tree`, headers: as('learner') },
    { method: 'POST', path: `${base}/topics/${server.topicId}/items/completed/${item}`, headers: as('learner') },
    { method: 'GET', path: `${base}/components/${server.componentId}/topics`, headers: as('learner') },
    { method: 'DELETE', path: `${base}/topics/${server.topicId}/items/completed/${item}`, headers: as('learner') },
    { method: 'GET', path: `${base}/tenant-users?paginate=true`, headers: as('admin') },
    {
      method: 'PATCH',
      path: `${base}/components/${server.componentId}/topics/${server.topicId}`,
      headers: json('admin'),
      body: JSON.stringify({ name: 'Soak topic' }),
    },
    { method: 'GET', path: '/api/users/me', headers: as('admin') },
    { method: 'GET', path: `${base}/media?paginate=true`, headers: as('admin') },
    { method: 'GET', path: `${base}/suggestions?paginate=true`, headers: as('admin') },
    { method: 'POST', path: `${base}/suggestions`, headers: as('learner', { 'Content-Type': upload.contentType }), body: upload.body },
    { method: 'GET', path: `${base}/modules`, headers: as('admin') },
  ];
}

/** Runs a load and reports which answers were not 2xx (a soak must not pass on errors). */
async function run(options: Options): Promise<Result> {
  const result = await autocannon(options);
  const failed = Object.entries(result.statusCodeStats).filter(([status]) => !status.startsWith('2'));
  if (failed.length > 0) console.log(`  non-2xx answers: ${failed.map(([status, { count }]) => `${status} x${count}`).join(', ')}`);
  return result;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

export async function runSoakBench(): Promise<boolean> {
  const { child, message: server } = await startBenchServer<SoakServer>('./servers/soak.ts');
  try {
    const requests = mix(server, multipartSuggestion(await png(800, 450, { noise: true })));
    const capacity = await run({ url: server.url, connections: CONNECTIONS, duration: 15, requests });
    const rate = Math.max(1, Math.round(capacity.requests.average / 2));
    console.log(
      `\nSoak: the mix flat out did ${capacity.requests.average.toFixed(0)} req/s (${capacity.non2xx} non-2xx); now ${MINUTES} min at ${rate} req/s, ${CONNECTIONS} connections`,
    );

    const samples: { minute: number; rss: number }[] = [{ minute: 0, rss: await serverMemory(child) }];
    const started = performance.now();
    const sampler = setInterval(() => {
      void serverMemory(child).then((rss) => samples.push({ minute: (performance.now() - started) / 60_000, rss }));
    }, SAMPLE_SECONDS * 1000);
    const soak = await run({ url: server.url, connections: CONNECTIONS, overallRate: rate, duration: MINUTES * 60, requests });
    clearInterval(sampler);
    samples.push({ minute: MINUTES, rss: await serverMemory(child) });

    const at = (minute: number) => samples.reduce((best, sample) => (Math.abs(sample.minute - minute) < Math.abs(best.minute - minute) ? sample : best));
    const marks = MINUTES >= 30 ? [5, 15, 30] : [MINUTES / 4, MINUTES / 2, MINUTES];
    const peakBetween = (from: number, to: number) =>
      Math.max(...samples.filter((sample) => sample.minute >= from && sample.minute <= to).map((sample) => sample.rss));
    const middle = peakBetween(MINUTES / 3, (2 * MINUTES) / 3);
    const last = peakBetween((2 * MINUTES) / 3, MINUTES);
    const levelled = last <= middle * (1 + LEVEL_TOLERANCE);

    console.log(`  ${soak.requests.total} requests, ${soak.errors} errors, ${soak.non2xx} non-2xx, p99 ${soak.latency.p99} ms`);
    console.log(
      `  server RSS: start ${megabytes(samples[0].rss)}, ${marks.map((minute) => `${minute.toFixed(1)} min ${megabytes(at(minute).rss)}`).join(', ')}`,
    );
    console.log(`  peak RSS: middle third ${megabytes(middle)}, last third ${megabytes(last)}`);
    const ok = levelled && soak.errors === 0 && soak.non2xx === 0;
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  memory levels off (last third within ${LEVEL_TOLERANCE * 100}% of the middle third) with no errors`);
    return ok;
  } finally {
    child.disconnect();
  }
}

const ONLY = process.env.BENCH_ONLY;
if (import.meta.url === `file://${process.argv[1]}` && (!ONLY || 'soak'.includes(ONLY))) {
  if (!(await runSoakBench())) process.exitCode = 1;
}
