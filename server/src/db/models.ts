/**
 * Thin objection models: a table name and the row's columns. Queries stay knex-shaped
 * (`User.query(knex).where(...)`), always bound to the app's own knex so several apps can share a process.
 * objection is barely maintained: no graphs, no upsertGraph.
 */
import { Model } from 'objection';

export type Role = 'user' | 'admin' | 'master';
export type AccessRequestStatus = 'pending' | 'approved' | 'declined';
export type AuthTokenType = 'email_confirmation' | 'invitation' | 'password_reset';
/** SQLite answers 0/1 and epoch milliseconds where PostgreSQL answers booleans and Dates. */
export type DbBoolean = boolean | number;
export type DbDate = Date | number | string;

class User extends Model {
  static override tableName = 'users';
  declare id: string;
  declare name: string;
  declare email: string;
  declare password_hash: string | null;
  declare is_owner: DbBoolean;
  declare is_active: DbBoolean;
  declare confirmed_at: DbDate | null;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class Tenant extends Model {
  static override tableName = 'tenants';
  declare id: string;
  declare name: string;
  declare slug: string;
  declare enable_bioreq: DbBoolean;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class TenantUser extends Model {
  static override tableName = 'tenant_users';
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare role: Role;
  declare is_active: DbBoolean;
  /** Set while the membership is an invitation the person has not accepted: it grants nothing (ARCHITECTURE.md#member-invitations). */
  declare invited_at: DbDate | null;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class AccessRequest extends Model {
  static override tableName = 'access_requests';
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare status: AccessRequestStatus;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class AuthToken extends Model {
  static override tableName = 'auth_tokens';
  declare id: string;
  declare user_id: string;
  declare type: AuthTokenType;
  declare token_hash: string;
  declare email: string;
  /** The membership an invitation token accepts, or null (email confirmation, password reset, the owner's invitation). */
  declare tenant_user_id: string | null;
  declare expires_at: DbDate;
  declare used_at: DbDate | null;
  declare created_at: DbDate;
}

/** Plain row shapes, for code that reads rows with knex directly. */
export type UserRow = Pick<
  User,
  'id' | 'name' | 'email' | 'password_hash' | 'is_owner' | 'is_active' | 'confirmed_at' | 'deleted_at' | 'created_at' | 'updated_at'
>;
