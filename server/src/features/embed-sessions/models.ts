/** The embed sessions' table (ARCHITECTURE.md#embed-sessions). */
import { TesseraModel } from '../../db/model.js';

export class EmbedSession extends TesseraModel {
  static override tableName = 'embed_sessions';
  static override dateColumns = ['expires_at', 'used_at', 'created_at'];
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare tenant_user_id: string;
  /** The integration client that created it. */
  declare client_id: string;
  /** sha256 of the token. */
  declare token_hash: string;
  declare expires_at: string;
  declare used_at: string | null;
  /** The login its exchange started: every token of it acts in this organization only (http/session.ts). */
  declare grant_id: string | null;
  declare created_at: string;
}
