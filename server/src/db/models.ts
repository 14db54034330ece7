/**
 * The account and people models (ARCHITECTURE.md#data-access): each declares its table, its columns with the types
 * a row is read with (booleans, ISO 8601 strings, numbers: `TesseraModel` normalises them on both databases) and
 * the relations a feature reads as a graph. Writes and single-row reads go through them, always bound to the app's
 * knex or a transaction (`User.query(trx)`); hot list reads stay knex and normalise with `normaliseRow(Model, row)`.
 * No `upsertGraph`. The content models are in `content-models.ts`.
 */
import { LinkModel, TesseraModel } from './model.js';

export type Role = 'user' | 'admin' | 'master';
export type AccessRequestStatus = 'pending' | 'approved' | 'declined';
export type AuthTokenType = 'email_confirmation' | 'invitation' | 'password_reset';

const TIMESTAMPS = ['deleted_at', 'created_at', 'updated_at'] as const;

export class User extends TesseraModel {
  static override tableName = 'users';
  static override booleanColumns = ['is_owner', 'is_active', 'is_service_account'];
  static override dateColumns = ['confirmed_at', ...TIMESTAMPS];
  declare id: string;
  declare name: string;
  declare email: string;
  declare password_hash: string | null;
  declare is_owner: boolean;
  declare is_active: boolean;
  declare is_service_account: boolean;
  declare confirmed_at: string | null;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class Tenant extends TesseraModel {
  static override tableName = 'tenants';
  static override booleanColumns = ['enable_bioreq', 'enable_embed_jit'];
  static override dateColumns = TIMESTAMPS;
  declare id: string;
  declare name: string;
  declare slug: string;
  declare enable_bioreq: boolean;
  /** Embed sessions make non-members members just in time (features/embed-sessions). */
  declare enable_embed_jit: boolean;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class TenantUser extends TesseraModel {
  static override tableName = 'tenant_users';
  static override booleanColumns = ['is_active'];
  static override dateColumns = ['invited_at', ...TIMESTAMPS];
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare role: Role;
  declare is_active: boolean;
  /** Set while the membership is an invitation the person has not accepted: it grants nothing (ARCHITECTURE.md#member-invitations). */
  declare invited_at: string | null;
  /** The partner's own stable id of the person, set by embed sessions; unique in the organization. */
  declare external_id: string | null;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class AccessRequest extends TesseraModel {
  static override tableName = 'access_requests';
  static override dateColumns = TIMESTAMPS;
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare status: AccessRequestStatus;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class AuthToken extends TesseraModel {
  static override tableName = 'auth_tokens';
  static override dateColumns = ['expires_at', 'used_at', 'created_at'];
  declare id: string;
  declare user_id: string;
  declare type: AuthTokenType;
  declare token_hash: string;
  declare email: string;
  /** The membership an invitation token accepts, or null (email confirmation, password reset, the owner's invitation). */
  declare tenant_user_id: string | null;
  declare expires_at: string;
  declare used_at: string | null;
  declare created_at: string;
}

export class Group extends TesseraModel {
  static override tableName = 'groups';
  static override dateColumns = TIMESTAMPS;
  declare id: string;
  declare tenant_id: string;
  declare name: string;
  declare description: string;
  /** The identity provider's own id of a group it provisions (features/scim); unique in the organization. */
  declare external_id: string | null;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class IntegrationClient extends TesseraModel {
  static override tableName = 'integration_clients';
  static override dateColumns = ['created_at', 'revoked_at'];
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare name: string;
  declare secret_hash: string;
  /** JSON arrays' text (redirect URIs, OAuth grant types). */
  declare redirect_uris: string;
  declare grant_types: string;
  declare created_by: string | null;
  declare created_at: string;
  declare revoked_at: string | null;
}

/** One entry of an organization's audit trail (db/audit.ts, features/audit-events). */
export class AuditEvent extends TesseraModel {
  static override tableName = 'audit_events';
  static override dateColumns = ['created_at'];
  declare id: string;
  declare tenant_id: string;
  declare actor_kind: string;
  declare actor_id: string | null;
  declare actor_name: string;
  declare action: string;
  declare target_kind: string | null;
  declare target_id: string | null;
  declare target_name: string | null;
  /** A JSON object's text, or null. */
  declare details: string | null;
  declare created_at: string;
}

/** An account as sessions and the account routes carry it (the session's columns, normalised). */
export type UserRow = Pick<
  User,
  'id' | 'name' | 'email' | 'password_hash' | 'is_owner' | 'is_active' | 'confirmed_at' | 'deleted_at' | 'created_at' | 'updated_at'
>;

/** A member of a group. */
export class GroupMember extends LinkModel {
  static override tableName = 'group_tenant_users';
  static override idColumn = ['group_id', 'tenant_user_id'];
  declare group_id: string;
  declare tenant_user_id: string;
}

/** A former slug of an organization, still reaching it (ARCHITECTURE.md#api-conventions). */
export class TenantSlug extends TesseraModel {
  static override tableName = 'tenant_slugs';
  static override idColumn = 'slug';
  static override dateColumns = ['created_at'];
  declare slug: string;
  declare tenant_id: string;
  declare created_at: string;
}
