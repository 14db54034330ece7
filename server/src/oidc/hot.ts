/**
 * The provider's storage hot paths (ARCHITECTURE.md#data-access): every statement of oidc/adapter.ts, compiled once.
 * Each login, refresh and token exchange saves three or four rows and reads a few (server/bench/embed-sessions.ts:
 * a grant, an access and a refresh token a pair; server/bench/oidc-code.ts: the code, the session and the tokens),
 * and a knex builder and compiler per statement cost more than SQLite's own work for these one-row statements.
 */
import { compiledRead } from '../db/compiled-read.js';
import { compiledWrite } from '../db/compiled-write.js';
import { OIDC_PAYLOADS } from '../db/oidc-payloads.js';

/** A provider model's row (kind, id) with the ids it is looked up by copied into indexed columns. */
export type PayloadRow = {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  account_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
};

export interface StoredPayload {
  payload: string;
  consumed_at: Date | number | string | null;
}

/** Inserts the row, or replaces every column but `consumed_at` of the row already kept under (kind, id). */
export const savePayload = compiledWrite<PayloadRow>((sql, param) =>
  sql
    .from(OIDC_PAYLOADS)
    .insert({
      kind: param('kind'),
      id: param('id'),
      payload: param('payload'),
      grant_id: param('grant_id'),
      account_id: param('account_id'),
      uid: param('uid'),
      user_code: param('user_code'),
      expires_at: param('expires_at'),
    })
    .onConflict(['kind', 'id'])
    .merge(),
);

type Lookup = 'id' | 'uid' | 'user_code';

function payloadBy(column: Lookup) {
  return compiledRead<StoredPayload, { kind: string; value: string }>((sql, param) =>
    sql.from(OIDC_PAYLOADS).where('kind', param('kind')).where(column, param('value')).select('payload', 'consumed_at').limit(1),
  );
}

export const payloadById = payloadBy('id');
export const payloadByUid = payloadBy('uid');
export const payloadByUserCode = payloadBy('user_code');

/** Marks the row consumed unless it already is (answers 0 then: another request consumed it first). */
export const consumePayload = compiledWrite<{ kind: string; id: string; at: Date }>((sql, param) =>
  sql
    .from(OIDC_PAYLOADS)
    .where('kind', param('kind'))
    .where('id', param('id'))
    .whereNull('consumed_at')
    .update({ consumed_at: param('at') }),
);

export const destroyPayload = compiledWrite<{ kind: string; id: string }>((sql, param) =>
  sql.from(OIDC_PAYLOADS).where('kind', param('kind')).where('id', param('id')).delete(),
);

export const destroyPayloadsOfGrant = compiledWrite<{ kind: string; grantId: string }>((sql, param) =>
  sql.from(OIDC_PAYLOADS).where('kind', param('kind')).where('grant_id', param('grantId')).delete(),
);
