/**
 * Rate limits (rate-limiter-flexible): counters in memory by default, in Redis when REDIS_URL is set
 * so that every server process counts together. If Redis fails, each process falls back to its own
 * memory counters (the library's insurance limiter) instead of letting everything through or nothing.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitConfig, RateLimitName, RateLimitRule } from '../config.js';
import { rateLimited } from '../http/errors.js';

export interface RateLimiters {
  /** Counts one attempt; throws 429 (with Retry-After) when the key is over its limit. */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Throws 429 when the key has used up its attempts, without counting one. */
  assertAllowed(name: RateLimitName, key: string): Promise<void>;
  /** Counts one failure without throwing (for limits that count failures only). */
  penalize(name: RateLimitName, key: string): Promise<void>;
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Resolves once Redis is connected (or at once without Redis); false when it did not connect in time. */
  ready(timeoutMs?: number): Promise<boolean>;
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

  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(config) as [RateLimitName, RateLimitRule][]) {
    const limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${redisOptions?.prefix}:rl:${name}`, ...rule, insuranceLimiter: memoryLimiter(name, rule) })
      : memoryLimiter(name, rule);
    limiters.set(name, limiter);
  }
  const limiter = (name: RateLimitName) => limiters.get(name) as RateLimiterAbstract;

  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (result) {
        if (isRejection(result)) throw rateLimited(result.msBeforeNext / 1000);
        throw result;
      }
    },
    async assertAllowed(name, key) {
      const state = await limiter(name).get(key);
      if (state && state.consumedPoints >= config[name].points) throw rateLimited(state.msBeforeNext / 1000);
    },
    async penalize(name, key) {
      await limiter(name)
        .consume(key)
        .catch((result: unknown) => {
          if (!isRejection(result)) throw result;
        });
    },
    async reset(name, key) {
      await limiter(name).delete(key);
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
