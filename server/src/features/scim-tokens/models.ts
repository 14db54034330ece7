/** The SCIM tokens' table (ARCHITECTURE.md#scim-provisioning). */
import { TesseraModel } from '../../db/model.js';

export class ScimToken extends TesseraModel {
  static override tableName = 'scim_tokens';
  static override dateColumns = ['created_at', 'last_used_at', 'revoked_at'];
  declare id: string;
  declare tenant_id: string;
  declare name: string;
  /** sha256 of the token. */
  declare token_hash: string;
  declare created_by: string | null;
  declare created_at: string;
  declare last_used_at: string | null;
  declare revoked_at: string | null;
}
