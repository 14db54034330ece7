/**
 * oidc-provider's storage in the database (table oidc_payloads): every model (Grant, AccessToken,
 * RefreshToken, ...) is one row keyed by (kind, id), with the ids the provider looks things up by
 * (grant, account, session uid, user code) copied into indexed columns. Tokens therefore survive a
 * restart and are shared by every server process on the same database.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { WEB_CLIENT_ID } from '@tessera/sdk';
import type { CompiledRead } from '../db/compiled-read.js';
import type { Database } from '../db/database.js';
import { toDate } from '../db/values.js';
import { ConcurrentRotation } from './rotation-grace.js';
import {
  consumePayload,
  destroyPayload,
  destroyPayloadsOfGrant,
  payloadById,
  payloadByUid,
  payloadByUserCode,
  savePayload,
  type StoredPayload,
} from './hot.js';

function epochSeconds(value: StoredPayload['consumed_at']): number | undefined {
  const date = toDate(value);
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

/**
 * `hiddenForSeconds`: how long after it was consumed a row still reads as unconsumed. A refresh token spent within
 * the grace window (rotation-grace.ts) must not look like a replay to the provider, which would revoke the login:
 * its own rotation attempt then loses the conditional consume and answers the winner's pair instead.
 */
function hydrate(row: StoredPayload | undefined, hiddenForSeconds = 0): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  const consumed = epochSeconds(row.consumed_at);
  if (consumed === undefined || Date.now() / 1000 - consumed < hiddenForSeconds) return payload;
  return { ...payload, consumed };
}

/**
 * The account a row lets act on the API (http/session.ts reads access tokens by `account_id`). An access token a
 * partner's app got with an authorization code ("Log in with Tessera") is for userinfo only: the person allowed
 * the app their identity, not their Tessera account, so the row names no account and the API answers 401. The
 * provider reads the account from the payload, and the token's grant still ends with the account's logins.
 */
function apiAccountOf(kind: string, payload: AdapterPayload): string | null {
  const codeFlow = payload.gty?.split(' ').includes('authorization_code') ?? false;
  if (kind === 'AccessToken' && codeFlow && payload.clientId !== WEB_CLIENT_ID) return null;
  return payload.accountId ?? null;
}

/** An OAuth client's metadata for the provider, read when it is not one of the configured (static) clients. */
export type FindClient = (clientId: string) => Promise<AdapterPayload | undefined>;

export function createAdapterFactory(db: Database, options: { refreshGraceSeconds: number; findClient?: FindClient }) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly kind: string) {}

    private get hiddenForSeconds(): number {
      return this.kind === 'RefreshToken' ? options.refreshGraceSeconds : 0;
    }

    private async first(read: CompiledRead<StoredPayload, { kind: string; value: string }>, value: string): Promise<StoredPayload | undefined> {
      return (await db.read(read, { kind: this.kind, value }))[0];
    }

    // Every write is in the turn's group commit (db/group-commit.ts): a login's grant and tokens share one commit.
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await db.writeGrouped(savePayload, {
        kind: this.kind,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        account_id: apiAccountOf(this.kind, payload),
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // Integration clients live in their own table (features/integration-clients), not among the payloads.
      if (this.kind === 'Client') return options.findClient?.(id);
      return hydrate(await this.first(payloadById, id), this.hiddenForSeconds);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return hydrate(await this.first(payloadByUid, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return hydrate(await this.first(payloadByUserCode, userCode));
    }

    /** One request consumes a refresh token; one that lost the race to another is refused (rotation-grace.ts). */
    async consume(id: string): Promise<void> {
      const consumed = await db.writeGrouped(consumePayload, { kind: this.kind, id, at: new Date() });
      if (consumed === 0 && this.kind === 'RefreshToken') throw new ConcurrentRotation();
    }

    async destroy(id: string): Promise<void> {
      await db.writeGrouped(destroyPayload, { kind: this.kind, id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.writeGrouped(destroyPayloadsOfGrant, { kind: this.kind, grantId });
    }
  };
}
