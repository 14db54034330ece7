/**
 * Load from wrk (Debian's `wrk` package), for answers too large for autocannon: autocannon parses responses in
 * JavaScript and saturates a core at about 230 answers/s of 300 KB (the content tree), so its latencies would
 * measure the load generator. wrk (C) reads 1.4 GB/s here. Answers the figures autocannon's scenarios print.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export interface WrkResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** Milliseconds from wrk's "6.12ms", "850.00us" or "1.20s". */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: unreadable latency "${text}"`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

export function wrk(url: string, options: { connections: number; duration: number; headers: Record<string, string> }): WrkResult {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const output = execFileSync('wrk', ['-t1', `-c${options.connections}`, `-d${options.duration}s`, '--latency', ...headers, url], { encoding: 'utf8' });
  const percentile = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+(\\S+)`, 'm').exec(output);
    if (!match) throw new Error(`wrk: no ${label}% latency in\n${output}`);
    return milliseconds(match[1]);
  };
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    total: number(/(\d+) requests in/),
    p50: percentile('50'),
    p99: percentile('99'),
    max: milliseconds(/Latency\s+\S+\s+\S+\s+(\S+)/.exec(output)?.[1] ?? '0ms'),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}
