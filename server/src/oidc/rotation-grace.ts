/**
 * Refresh token rotation that neither forks nor punishes a harmless race.
 *
 * Every refresh token rotates exactly once: the adapter consumes it with a conditional update, and a second
 * request that loses that race is refused with `ConcurrentRotation` instead of minting a second pair (a fork
 * an attacker could keep using). The pair the winner issued is recorded on the spent token (`rotated_to`).
 *
 * Within `graceSeconds` of the rotation the adapter still shows the token as unspent, so the exact same refresh
 * token presented again (two tabs of one browser refreshing at once, a retry after a lost answer) loses the
 * consume and answers that same recorded pair, as long as its refresh token is still unspent; once that one has
 * been used, it is a replay and the login is revoked. After the window the provider sees the spent token and
 * revokes the login itself, as before.
 */
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { Knex } from '../db/knex.js';
import { toDate } from '../db/values.js';
import { OIDC_PAYLOADS as TABLE } from '../db/oidc-payloads.js';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a request that lost the race waits for the winner to record its pair. */
const WAIT_FOR_WINNER_MS = 2000;
const POLL_MS = 20;

/** Thrown by the adapter when another request consumed this refresh token first. */
export class ConcurrentRotation extends errors.InvalidGrant {
  constructor() {
    super('refresh token rotated by a concurrent request');
  }
}

declare module 'koa' {
  interface DefaultState {
    /** Set when the provider refused this refresh because another request rotated the token first. */
    concurrentRotation?: boolean;
  }
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

interface RecordedPair extends Omit<TokenPair, 'expires_in'> {
  /** When the access token expires (epoch ms). */
  expires_at: number;
}

/** Marks requests whose rotation lost the race, so the token endpoint can answer the winner's pair. */
export function watchConcurrentRotations(provider: Provider): void {
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (error instanceof ConcurrentRotation) ctx.state.concurrentRotation = true;
  });
}

export type RaceOutcome = { kind: 'pair'; pair: TokenPair } | { kind: 'replay'; grantId: string } | { kind: 'unknown' };

export function rotationGrace(knex: Knex, graceSeconds: number) {
  const refreshRow = (id: string) => knex(TABLE).where({ kind: 'RefreshToken', id }).first('consumed_at', 'rotated_to', 'grant_id');

  /** The recorded pair while its refresh token is unspent and its access token exists; a replay once it is spent. */
  async function outcomeOf(recorded: RecordedPair, grantId: string): Promise<RaceOutcome> {
    const [successor, access] = await Promise.all([
      refreshRow(recorded.refresh_token),
      knex(TABLE).where({ kind: 'AccessToken', id: recorded.access_token }).first('id'),
    ]);
    if (!successor || !access) return { kind: 'unknown' };
    if (toDate(successor.consumed_at)) return { kind: 'replay', grantId };
    const { expires_at: expiresAt, ...pair } = recorded;
    return { kind: 'pair', pair: { ...pair, expires_in: Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000)) } };
  }

  return {
    /**
     * After losing the race to consume `spentToken` (the adapter hides a consumption within the grace window, so
     * only such a request gets here): waits briefly for the winner to record its pair, and answers it.
     */
    async afterLosingRace(spentToken: string): Promise<RaceOutcome> {
      const deadline = Date.now() + WAIT_FOR_WINNER_MS;
      for (;;) {
        const row = await refreshRow(spentToken);
        if (!row) return { kind: 'unknown' };
        if (row.rotated_to) return outcomeOf(JSON.parse(row.rotated_to) as RecordedPair, row.grant_id);
        const consumedAt = toDate(row.consumed_at);
        if (Date.now() >= deadline || !consumedAt || Date.now() - consumedAt.getTime() > graceSeconds * 1000) return { kind: 'unknown' };
        await sleep(POLL_MS);
      }
    },

    /** Records the pair a rotation of `spentToken` issued. */
    async record(spentToken: string, pair: TokenPair): Promise<void> {
      const { expires_in: expiresIn, ...rest } = pair;
      const recorded: RecordedPair = { ...rest, expires_at: Date.now() + expiresIn * 1000 };
      await knex(TABLE)
        .where({ kind: 'RefreshToken', id: spentToken })
        .update({ rotated_to: JSON.stringify(recorded) });
    },
  };
}
