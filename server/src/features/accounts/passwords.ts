/**
 * Argon2id password hashing. The argon2 package hashes on libuv's thread pool, so a login never
 * blocks the event loop. Checking an unknown email (or an invited account without a password)
 * verifies against a dummy hash of the same cost, so it takes as long as a wrong password.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashConfig } from '../../config.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a missing hash too, after the same amount of work. */
  verify(hash: string | null, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(cost: PasswordHashConfig): PasswordHasher {
  const options = { type: argon2.argon2id, ...cost } as const;
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), options));

  return {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      if (!hash) {
        await argon2.verify(await dummy(), password).catch(() => false);
        return false;
      }
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    needsRehash: (hash) => argon2.needsRehash(hash, cost),
  };
}
