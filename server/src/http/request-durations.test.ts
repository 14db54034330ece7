import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { fastHistogram } from './request-durations.js';

/** The exposition's sample lines with their labels sorted, so two label orders compare equal. */
async function samples(registry: Registry): Promise<string[]> {
  return (await registry.metrics())
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.replace(/\{(.*)\}/, (_, labels: string) => `{${labels.split(',').sort().join(',')}}`))
    .sort();
}

describe('fastHistogram', () => {
  it('exposes what prom-client’s own histogram exposes for the same observations', async () => {
    const fast = new Registry();
    const reference = new Registry();
    const buckets = [0.001, 0.01, 0.1, 1];
    const histogram = fastHistogram(fast, { name: 'http_request_duration_seconds', help: 'Requests.', buckets, labelNames: ['method', 'route', 'status'] });
    const own = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests.',
      labelNames: ['method', 'route', 'status'],
      buckets,
      registers: [reference],
    });
    const observations: [string, string, number, number][] = [
      ['GET', '/api/users/me', 200, 0.0004],
      ['GET', '/api/users/me', 200, 0.001],
      ['GET', '/api/users/me', 200, 0.02],
      ['POST', '/api/token', 401, 0.3],
      ['GET', '/api/users/me', 304, 7],
    ];
    for (const [method, route, status, seconds] of observations) {
      histogram.observe(seconds, method, route, status);
      own.labels(method, route, String(status)).observe(seconds);
    }
    expect(await samples(fast)).toEqual(await samples(reference));
    expect(await samples(fast)).toContain('http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/users/me",status="200"} 2');

    fast.resetMetrics();
    expect(await samples(fast)).toEqual([]);
  });
});
