/**
 * Rate limits (rate-limiter-flexible): counters in memory by default, in Redis when REDIS_URL is set
 * so that every server process counts together. If Redis fails, each process falls back to its own
 * memory counters (the library's insurance limiter) instead of letting everything through or nothing.
 *
 * Every counting call is one atomic increment in the store (a Lua script in Redis, a synchronous update in
 * memory), so a limit holds against a burst of parallel requests: count the attempt first (`consume`), do the
 * costly work only when it was granted, and give the point back (`refund`) when the attempt turned out not to
 * count.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitConfig, RateLimitName, RateLimitRule } from '../config.js';
import { rateLimited } from '../http/errors.js';

/**
 * Counters the server keeps for itself besides the configured limits: consecutive failed logins per account
 * (`loginFailures`, forgotten after a day without failures) and the per-account backoff (`loginBackoff`, only
 * ever set with `block`).
 */
const INTERNAL_RULES = {
  loginFailures: { points: 1_000_000, duration: 24 * 60 * 60 },
  loginBackoff: { points: 1, duration: 1 },
} satisfies Record<string, RateLimitRule>;

export type LimiterName = RateLimitName | keyof typeof INTERNAL_RULES;

export interface RateLimiters {
  /** Counts one attempt; throws 429 (with Retry-After) when the key is over its limit. */
  consume(name: LimiterName, key: string): Promise<void>;
  /** Gives back one point taken by `consume` (an attempt that did not count). */
  refund(name: LimiterName, key: string): Promise<void>;
  /** Milliseconds until the key may try again (0 when it may now), without counting an attempt. */
  waitBeforeNext(name: LimiterName, key: string): Promise<number>;
  /** Counts one failure without throwing and answers how many the key now holds (for limits that count failures only). */
  penalize(name: LimiterName, key: string): Promise<number>;
  /** Refuses the key for `seconds` (429 from `consume`, a wait from `waitBeforeNext`). */
  block(name: LimiterName, key: string, seconds: number): Promise<void>;
  reset(name: LimiterName, key: string): Promise<void>;
  /** Resolves once Redis is connected (or at once without Redis); false when it did not connect in time. */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Whether Redis answers a PING now (readiness); null without Redis. */
  redisAnswers(): Promise<boolean | null>;
  close(): Promise<void>;
}

function isRejection(result: unknown): result is RateLimiterRes {
  return result instanceof RateLimiterRes;
}

function memoryLimiter(name: string, rule: RateLimitRule): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: name, ...rule });
}

export function createRateLimiters(config: RateLimitConfig, redisOptions?: { url: string; prefix: string }): RateLimiters {
  const redis = redisOptions ? new Redis(redisOptions.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  // An unreachable Redis is reported through the insurance limiter's fallback, not as an unhandled 'error' event.
  redis?.on('error', () => {});

  const rules: Record<LimiterName, RateLimitRule> = { ...config, ...INTERNAL_RULES };
  const limiters = new Map<LimiterName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(rules) as [LimiterName, RateLimitRule][]) {
    const limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${redisOptions?.prefix}:rl:${name}`, ...rule, insuranceLimiter: memoryLimiter(name, rule) })
      : memoryLimiter(name, rule);
    limiters.set(name, limiter);
  }
  const limiter = (name: LimiterName) => limiters.get(name) as RateLimiterAbstract;

  async function consume(name: LimiterName, key: string): Promise<void> {
    try {
      await limiter(name).consume(key);
    } catch (result) {
      if (isRejection(result)) throw rateLimited(result.msBeforeNext / 1000);
      throw result;
    }
  }

  return {
    consume,
    async refund(name, key) {
      await limiter(name).reward(key, 1);
    },
    async waitBeforeNext(name, key) {
      const state = await limiter(name).get(key);
      return state && state.consumedPoints >= rules[name].points ? Math.max(state.msBeforeNext, 1) : 0;
    },
    async penalize(name, key) {
      try {
        return (await limiter(name).consume(key)).consumedPoints;
      } catch (result) {
        if (isRejection(result)) return result.consumedPoints;
        throw result;
      }
    },
    async block(name, key, seconds) {
      await limiter(name).block(key, seconds);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    async redisAnswers() {
      if (!redis) return null;
      if (redis.status !== 'ready') return false;
      return (await redis.ping().catch(() => 'failed')) === 'PONG';
    },
    async ready(timeoutMs = 3000) {
      if (!redis || redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
