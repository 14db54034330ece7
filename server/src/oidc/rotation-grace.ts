/**
 * Refresh token rotation that neither forks nor punishes a harmless race.
 *
 * Every refresh token rotates exactly once: the adapter consumes it with a conditional update, and a second
 * request that loses that race is refused with `ConcurrentRotation` instead of minting a second pair (a fork
 * an attacker could keep using). The pair the winner issued is recorded on the spent token (`rotated_to`).
 *
 * Within `graceSeconds` of the rotation, the exact same refresh token presented again (two tabs of one browser
 * refreshing at once, a retry after a lost answer) answers that same recorded pair, as long as its refresh
 * token is still unspent. After the window, or once the new refresh token has itself been used, presenting the
 * spent token is a replay: the provider revokes the whole login, as before.
 */
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { Knex } from '../db/knex.js';
import { toDate } from '../db/knex.js';

const TABLE = 'oidc_payloads';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function rotationGrace(knex: Knex, graceSeconds: number) {
  const refreshRow = (id: string) => knex(TABLE).where({ kind: 'RefreshToken', id }).first('consumed_at', 'rotated_to');

  /** The recorded pair, if its refresh token is still unspent and its access token still exists. */
  async function liveAnswer(recorded: RecordedPair): Promise<TokenPair | undefined> {
    const [successor, access] = await Promise.all([
      refreshRow(recorded.refresh_token),
      knex(TABLE).where({ kind: 'AccessToken', id: recorded.access_token }).first('id'),
    ]);
    if (!successor || toDate(successor.consumed_at) || !access) return undefined;
    const { expires_at: expiresAt, ...pair } = recorded;
    return { ...pair, expires_in: Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000)) };
  }

  /** Waits (briefly) for the request that won the rotation of `spentToken` to record its pair. */
  async function recordedPair(spentToken: string, consumedAt: Date): Promise<TokenPair | undefined> {
    const deadline = Date.now() + WAIT_FOR_WINNER_MS;
    for (;;) {
      const row = await refreshRow(spentToken);
      if (!row) return undefined;
      if (row.rotated_to) return liveAnswer(JSON.parse(row.rotated_to) as RecordedPair);
      if (Date.now() >= deadline || Date.now() - consumedAt.getTime() > graceSeconds * 1000) return undefined;
      await sleep(POLL_MS);
    }
  }

  return {
    /** The pair to answer for a refresh token spent within the grace window, or undefined (let the provider decide). */
    async replay(refreshToken: string): Promise<TokenPair | undefined> {
      const row = await refreshRow(refreshToken);
      const consumedAt = toDate(row?.consumed_at);
      if (!consumedAt || Date.now() - consumedAt.getTime() > graceSeconds * 1000) return undefined;
      return recordedPair(refreshToken, consumedAt);
    },

    /** After losing the race: the winner's pair once it is recorded. */
    async winnerOf(refreshToken: string): Promise<TokenPair | undefined> {
      const row = await refreshRow(refreshToken);
      const consumedAt = toDate(row?.consumed_at);
      return consumedAt ? recordedPair(refreshToken, consumedAt) : undefined;
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
