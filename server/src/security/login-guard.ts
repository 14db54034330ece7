/**
 * Password guessing, limited three ways before a password is ever hashed:
 * - per email and address (`login`, 5 a minute) and per address (`loginIp`, 50 in 10 minutes): one machine;
 * - per account whatever the address (`loginAccount`, 100 an hour, ASVS 6.3): many machines on one account;
 * - a per-account backoff: after `FREE_FAILURES` consecutive failures each further attempt waits twice as long
 *   as the one before (1 s, 2 s, 4 s … at most `MAX_BACKOFF_SECONDS`). It is never a permanent lock: an attacker
 *   who keeps guessing keeps the account behind at most a minute's wait, and the owner's next right password
 *   after it (or a password reset) clears it.
 *
 * Each attempt reserves its points atomically before the password is checked, so a burst of parallel guesses
 * gets no more evaluations than the limits allow; an attempt that does not count (a right password, a refused
 * request) gives its points back.
 */
import { rateLimited } from '../http/errors.js';
import type { LimiterName, RateLimiters } from './rate-limits.js';

export const FREE_FAILURES = 5;
export const MAX_BACKOFF_SECONDS = 60;

/** How an evaluated login ended, for the counters. */
export type LoginOutcome = 'wrong_password' | 'right_password' | 'not_evaluated';

export interface LoginAttempt {
  settle(outcome: LoginOutcome): Promise<void>;
}

/** Seconds to wait after `failures` consecutive failures (0 while they are within the free ones). */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_BACKOFF_SECONDS);
}

/**
 * Throws 429 when any of the limits refuses now, with Retry-After the longest of their waits: a client told to
 * come back when the one-second backoff ends would otherwise be refused again by the per-minute limit behind it.
 */
async function refuseWhileAnyLimitWaits(limiters: RateLimiters, limits: [LimiterName, string][]): Promise<void> {
  const waits = await Promise.all(limits.map(([name, key]) => limiters.waitBeforeNext(name, key)));
  const longest = Math.max(...waits);
  if (longest > 0) throw rateLimited(longest / 1000);
}

/**
 * Reserves one attempt for `email` from `ip`, or throws 429 (Retry-After) without reserving anything.
 * The caller checks the password only after this resolves, then settles the attempt.
 */
export async function reserveLoginAttempt(limiters: RateLimiters, email: string, ip: string): Promise<LoginAttempt> {
  const pair = `${email}|${ip}`;
  const reservations: [LimiterName, string][] = [
    ['login', pair],
    ['loginIp', ip],
    ['loginAccount', email],
  ];
  await refuseWhileAnyLimitWaits(limiters, [['loginBackoff', email], ...reservations]);
  const taken: typeof reservations = [];
  const refundAll = () => Promise.all(taken.map(([name, key]) => limiters.refund(name, key)));
  try {
    for (const [name, key] of reservations) {
      await limiters.consume(name, key);
      taken.push([name, key]);
    }
  } catch (error) {
    await refundAll();
    throw error;
  }

  return {
    async settle(outcome) {
      if (outcome === 'wrong_password') {
        const failures = await limiters.penalize('loginFailures', email);
        const wait = backoffSeconds(failures);
        if (wait > 0) await limiters.block('loginBackoff', email, wait);
      } else if (outcome === 'right_password') {
        // The failures before a right password were the owner's own typing: they no longer count.
        await Promise.all([refundAll(), limiters.reset('login', pair), limiters.reset('loginFailures', email)]);
      } else {
        await refundAll();
      }
    },
  };
}
