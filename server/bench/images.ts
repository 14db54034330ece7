/**
 * Image cost benchmark (issue 16): four learners each send a suggestion with five large images at once (6000 x
 * 6000 jpegs, the largest the default limits accept), while `/api/version` is loaded beside them. Reports the
 * server's CPU time and peak RSS growth for the burst, how long it took, and `/api/version`'s p99 meanwhile: the
 * `imageWork` queue should keep the event loop answering and the memory bounded by the decodes allowed at once.
 * `IMAGE_CONCURRENCY` is passed through to the server (cores − 1 by default).
 */
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { SoakServer } from './servers/soak.js';
import { serverMemory, serverTimes, startBenchServer } from './support.js';

const SIDE = 6000;
const IMAGES = 5;
const LEARNERS = 4;

/** A photo-like jpeg: a gradient with grain, so that it decodes at full cost and stays well under 10 MB. */
async function largeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#4a7' } })
    .composite([
      { input: { create: { width: SIDE, height: SIDE, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 40, sigma: 20 } } }, blend: 'add' },
    ])
    .jpeg({ quality: 40 })
    .toBuffer();
}

function suggestionBody(image: Buffer): { body: Buffer; contentType: string } {
  const boundary = 'tessera-images-boundary';
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nFive photos of the site\r\n`)];
  for (let index = 0; index < IMAGES; index += 1) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="site-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      image,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function runImagesBench(): Promise<boolean> {
  const { child, message: server } = await startBenchServer<SoakServer>('./servers/soak.ts');
  try {
    const image = await largeJpeg();
    const upload = suggestionBody(image);
    const baseline = await serverMemory(child);
    const before = await serverTimes(child);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await serverMemory(child));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const started = performance.now();
    const versionLoad = autocannon({ url: `${server.url}/api/version`, connections: 10, duration: 1000 });
    const answers = await Promise.all(
      Array.from({ length: LEARNERS }, () =>
        fetch(`${server.url}/api/tenants/${server.tenantId}/suggestions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.tokens.learner}`, 'Content-Type': upload.contentType, Accept: 'application/json' },
          body: new Uint8Array(upload.body),
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    (versionLoad as unknown as { stop(): void }).stop();
    const version = await versionLoad;
    sampling = false;
    await sampler;
    const after = await serverTimes(child);

    const cpuSeconds = (after.cpu - before.cpu) / 1e6;
    const growthMb = (peak - baseline) / 1e6;
    const ok = answers.every((answer) => answer.status === 201);
    console.log(
      `\nImages: ${LEARNERS} learners at once, each a suggestion with ${IMAGES} ${SIDE} x ${SIDE} jpegs (${(image.length / 1e6).toFixed(1)} MB each, ${(upload.body.length / 1e6).toFixed(1)} MB per request), IMAGE_CONCURRENCY=${process.env.IMAGE_CONCURRENCY ?? 'default'}`,
    );
    console.log(`  answers ${answers.map((answer) => answer.status).join(', ')} in ${seconds.toFixed(1)} s`);
    if (!ok) console.log(`  first refusal: ${answers.find((answer) => answer.status !== 201)?.body.slice(0, 300)}`);
    console.log(
      `  server CPU ${cpuSeconds.toFixed(1)} s, RSS baseline ${(baseline / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (growth ${growthMb.toFixed(0)} MB)`,
    );
    console.log(`  /api/version meanwhile: ${version.requests.average.toFixed(0)} req/s, p99 ${version.latency.p99} ms, ${version.non2xx} non-2xx`);
    return ok;
  } finally {
    child.disconnect();
  }
}

const ONLY = process.env.BENCH_ONLY;
if (import.meta.url === `file://${process.argv[1]}` && (!ONLY || 'images'.includes(ONLY))) {
  if (!(await runImagesBench())) process.exitCode = 1;
}
