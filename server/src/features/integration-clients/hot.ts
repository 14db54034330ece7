/**
 * The integration clients' hot paths (ARCHITECTURE.md#data-access): the provider looks a client up on every
 * authorization and token request (server/bench/oidc-code.ts: authorize, then the code's exchange), and a partner's
 * backend authenticates with its secret for each embed session it mints (server/bench/embed-sessions.ts). One row by
 * its id each time: compiled once, since knex's builder and compiler cost more than SQLite's work for it.
 */
import { compiledRead } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { IntegrationClient } from '../../db/models.js';

type LiveClientRow = Pick<IntegrationClient, 'user_id' | 'secret_hash' | 'name' | 'redirect_uris' | 'grant_types'>;

/**
 * A live client by its id, whatever its organization: the OAuth client authenticates (or is looked up by the
 * provider) before any organization is known, and its id names one.
 */
const liveClientById = compiledRead<LiveClientRow, { clientId: string }>((sql, param) =>
  sql
    .acrossTenants('integration_clients')
    .where('id', param('clientId'))
    .whereNull('revoked_at')
    .select('user_id', 'secret_hash', 'name', 'redirect_uris', 'grant_types'),
);

/** The live client of that id, or undefined (unknown or revoked). */
export async function liveClient(db: Database, clientId: string): Promise<LiveClientRow | undefined> {
  const [row] = await db.read(liveClientById, { clientId });
  return row;
}
