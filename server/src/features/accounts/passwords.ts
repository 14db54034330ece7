/**
 * Argon2id password hashing. The argon2 package hashes on libuv's thread pool, so a login never
 * blocks the event loop; at most `concurrency` hashes run at once (one core less than the machine
 * has), so a burst of logins leaves a core to the event loop and thread-pool room for file and
 * database work. Checking an unknown email (or an invited account without a password) verifies
 * against a dummy hash of the same cost, so it takes as long as a wrong password.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashConfig } from '../../config.js';
import { limitConcurrency } from '../../limit-concurrency.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a missing hash too, after the same amount of work. */
  verify(hash: string | null, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(cost: PasswordHashConfig, concurrency = 1): PasswordHasher {
  const options = { type: argon2.argon2id, ...cost } as const;
  const limited = limitConcurrency(concurrency);
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= limited(() => argon2.hash(randomBytes(16).toString('hex'), options)));
  const check = (hash: string, password: string) => limited(() => argon2.verify(hash, password)).catch(() => false);

  return {
    hash: (password) => limited(() => argon2.hash(password, options)),
    async verify(hash, password) {
      if (!hash) {
        await check(await dummy(), password);
        return false;
      }
      return check(hash, password);
    },
    needsRehash: (hash) => argon2.needsRehash(hash, cost),
  };
}
