/**
 * A Prometheus histogram kept in plain counters and handed to prom-client's registry only when scraped. Hot path
 * (server/bench/run.ts, "users/me (metrics, access log)"): prom-client's own `observe` converts, validates and hashes
 * the labels of every observation, a few microseconds a request; here a request is a Map lookup by a key the caller
 * builds and a bucket increment. The registry reads it through the metric interface it reads its own with (`get`:
 * the series as `_bucket` per bound, cumulative, then `+Inf`, `_sum`, `_count`).
 */
import type { Metric, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last one is above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A line of the exposition, as prom-client's registry reads its own metrics' values. */
interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export interface FastHistogram {
  /** Adds an observation to the series of `key` (one key per label set), made from `labels()` the first time. */
  observe(key: string, labels: () => Record<string, string>, value: number): void;
}

export function fastHistogram(registry: Registry, options: { name: string; help: string; buckets: readonly number[] }): FastHistogram {
  const { name, help, buckets } = options;
  const series = new Map<string, Series>();

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: ExposedValue[] = [];
      for (const { labels, buckets: counts, sum, count } of series.values()) {
        let cumulative = 0;
        buckets.forEach((bound, index) => {
          cumulative += counts[index];
          values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${name}_bucket` });
        values.push({ labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {
      series.clear();
    },
  };
  // prom-client's types name only its own classes; its registry reads any metric by `name`, `get` and `reset`.
  registry.registerMetric(metric as unknown as Metric);

  return {
    observe(key, labels, value) {
      let found = series.get(key);
      if (!found) {
        found = { labels: labels(), buckets: new Float64Array(buckets.length + 1), sum: 0, count: 0 };
        series.set(key, found);
      }
      let index = 0;
      while (index < buckets.length && value > buckets[index]) index += 1;
      found.buckets[index] += 1;
      found.sum += value;
      found.count += 1;
    },
  };
}
