/**
 * A Prometheus histogram kept in plain counters and handed to prom-client's registry only when scraped. Hot path
 * (server/bench/run.ts, "users/me (metrics, access log)"): prom-client's own `observe` converts, validates and hashes
 * the labels of every observation, a few microseconds a request; here a request is a Map lookup per label value (the
 * route templates and methods are the same string objects every time, their hashes kept) and a bucket increment,
 * with nothing made per observation: a key string built for each request cost more than the rest of the metrics.
 * The registry reads it through the metric interface it reads its own with (`get`: the series as `_bucket` per
 * bound, cumulative, then `+Inf`, `_sum`, `_count`).
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

type LabelValue = string | number;

export interface FastHistogram {
  /** Adds an observation to the series of its label values, in the order of the histogram's `labelNames` (1 to 3). */
  observe(value: number, first: LabelValue, second?: LabelValue, third?: LabelValue): void;
}

/** Series by their first label value, then their second, then their third ('' for a label the histogram has not). */
type SeriesTree = Map<LabelValue, Map<LabelValue, Map<LabelValue, Series>>>;

export function fastHistogram(
  registry: Registry,
  options: { name: string; help: string; buckets: readonly number[]; labelNames: readonly string[] },
): FastHistogram {
  const { name, help, buckets, labelNames } = options;
  if (labelNames.length < 1 || labelNames.length > 3) throw new Error(`${name}: a fast histogram has 1 to 3 labels.`);
  let tree: SeriesTree = new Map();
  const series: Series[] = [];

  function newSeries(values: LabelValue[]): Series {
    const labels = Object.fromEntries(labelNames.map((label, index) => [label, String(values[index])]));
    const made = { labels, buckets: new Float64Array(buckets.length + 1), sum: 0, count: 0 };
    series.push(made);
    return made;
  }

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: ExposedValue[] = [];
      for (const { labels, buckets: counts, sum, count } of series) {
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
      series.length = 0;
      tree = new Map();
    },
  };
  // prom-client's types name only its own classes; its registry reads any metric by `name`, `get` and `reset`.
  registry.registerMetric(metric as unknown as Metric);

  return {
    observe(value, first, second = '', third = '') {
      let bySecond = tree.get(first);
      if (!bySecond) tree.set(first, (bySecond = new Map()));
      let byThird = bySecond.get(second);
      if (!byThird) bySecond.set(second, (byThird = new Map()));
      let found = byThird.get(third);
      if (!found) byThird.set(third, (found = newSeries([first, second, third])));
      let index = 0;
      while (index < buckets.length && value > buckets[index]) index += 1;
      found.buckets[index] += 1;
      found.sum += value;
      found.count += 1;
    },
  };
}
