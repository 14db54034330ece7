/**
 * The seeded draw (ARCHITECTURE.md#knowledge-checks): `count` questions of the active bank, in a random order that
 * only the seed decides. pure-rand's xoroshiro128+ seeded with a 32-bit seed, and a partial Fisher–Yates shuffle
 * over the bank in its order: the same seed over the same bank gives the same questions in the same order, on any
 * server process. A response stores what it drew, so a later change of the bank never changes a response.
 */
import { randomInt } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { KC_MAX_SEED } from '@tessera/sdk/rules';

/** A fresh seed (0 to 2^32 - 1). */
export function newSeed(): number {
  return randomInt(0, KC_MAX_SEED + 1);
}

/** `count` of `bank` (all of them when it holds no more), in the seed's order. */
export function draw<T>(bank: readonly T[], count: number, seed: number): T[] {
  const pool = [...bank];
  const take = Math.min(count, pool.length);
  const rng = xoroshiro128plus(seed);
  for (let index = 0; index < take; index += 1) {
    const pick = uniformInt(rng, index, pool.length - 1);
    [pool[index], pool[pick]] = [pool[pick] as T, pool[index] as T];
  }
  return pool.slice(0, take);
}
