/** The single sign-on tables (ARCHITECTURE.md#single-sign-on, migration 20250129000000_sso). */
import { TesseraModel } from '../../db/model.js';

export type SsoProtocol = 'oidc' | 'saml';
export type SsoDomainStatus = 'pending' | 'approved' | 'rejected';
export type SsoLoginPurpose = 'sign-in' | 'test';

/** An organization's connection to its identity provider (one per organization). */
export class SsoConnection extends TesseraModel {
  static override tableName = 'sso_connections';
  static override booleanColumns = ['just_in_time', 'enforce_sso'];
  static override dateColumns = ['created_at', 'updated_at'];
  declare id: string;
  declare tenant_id: string;
  declare protocol: SsoProtocol;
  declare name: string;
  declare default_role: 'user' | 'admin';
  declare just_in_time: boolean;
  declare enforce_sso: boolean;
  declare groups_claim: string | null;
  declare issuer: string | null;
  declare client_id: string | null;
  /** secret-box.ts's sealed text, or null. */
  declare client_secret_encrypted: string | null;
  /** A JSON array's text. */
  declare scopes: string;
  declare idp_entity_id: string | null;
  declare idp_sso_url: string | null;
  declare idp_certificate: string | null;
  declare created_at: string;
  declare updated_at: string;
}

/** An email domain a connection claims; unique in the whole platform. */
export class SsoDomain extends TesseraModel {
  static override tableName = 'sso_domains';
  static override dateColumns = ['requested_at', 'decided_at'];
  declare id: string;
  declare tenant_id: string;
  declare connection_id: string;
  declare domain: string;
  declare status: SsoDomainStatus;
  declare requested_at: string;
  declare decided_at: string | null;
}

/** A provider's subject linked to an account. */
export class ExternalIdentity extends TesseraModel {
  static override tableName = 'external_identities';
  static override dateColumns = ['created_at'];
  declare id: string;
  declare tenant_id: string;
  declare connection_id: string;
  declare subject: string;
  declare user_id: string;
  declare created_at: string;
}

/** A sign-in in progress: what the callback checks, spent once. */
export class SsoLogin extends TesseraModel {
  static override tableName = 'sso_logins';
  static override dateColumns = ['connection_version', 'expires_at', 'spent_at', 'created_at'];
  declare id: string;
  declare tenant_id: string;
  declare connection_id: string;
  declare state_hash: string;
  declare browser_hash: string;
  declare nonce: string | null;
  declare code_verifier: string | null;
  declare purpose: SsoLoginPurpose;
  declare redirect: string | null;
  declare connection_version: string;
  declare expires_at: string;
  declare spent_at: string | null;
  declare created_at: string;
}

/** A SAML assertion accepted, kept until its NotOnOrAfter so that it is accepted once. */
export class SamlAssertionSeen extends TesseraModel {
  static override tableName = 'saml_assertions_seen';
  static override dateColumns = ['expires_at', 'created_at'];
  declare id: string;
  declare tenant_id: string;
  declare connection_id: string;
  declare assertion_id: string;
  declare expires_at: string;
  declare created_at: string;
}

/** A single-use login code, exchanged at POST /api/token for an ordinary login. */
export class SsoLoginCode extends TesseraModel {
  static override tableName = 'sso_login_codes';
  static override dateColumns = ['expires_at', 'used_at', 'created_at'];
  declare id: string;
  declare tenant_id: string;
  declare user_id: string;
  declare code_hash: string;
  declare expires_at: string;
  declare used_at: string | null;
  declare created_at: string;
}
