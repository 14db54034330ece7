import type { ScimToken, SsoConnection, SsoDomain } from '@tessera/sdk';
import { STORY_ORGANIZATION } from './PortalRouter';

const { id: TENANT_ID, name: TENANT_NAME, slug: TENANT_SLUG } = STORY_ORGANIZATION.organization;
const ORIGIN = 'https://training.example';

/** The API paths of the story organization's single sign-on (its screens call it by its id). */
export const SSO_API = `/api/tenants/${TENANT_ID}/sso`;
export const SCIM_TOKENS_API = `/api/tenants/${TENANT_ID}/scim-tokens`;

/** An OpenID Connect connection with one approved and one pending domain. */
export const OIDC_CONNECTION: SsoConnection = {
  id: 'sso-acme',
  protocol: 'oidc',
  name: 'Acme Entra ID',
  domains: [
    { domain: 'acme.example', status: 'approved' },
    { domain: 'acme-labs.example', status: 'pending' },
  ],
  default_role: 'user',
  just_in_time: true,
  enforce_sso: false,
  groups_claim: 'groups',
  issuer: 'https://login.microsoftonline.example/acme/v2.0',
  client_id: '7c1f1c52-tessera',
  client_secret_set: true,
  scopes: ['openid', 'email', 'profile'],
  redirect_uri: `${ORIGIN}/api/sso/oidc/callback`,
  idp_entity_id: null,
  idp_sso_url: null,
  idp_certificate: null,
  sp_entity_id: `${ORIGIN}/api/sso/saml/${TENANT_ID}/metadata`,
  sp_metadata_url: `${ORIGIN}/api/sso/saml/${TENANT_ID}/metadata`,
  acs_url: `${ORIGIN}/api/sso/saml/${TENANT_ID}/acs`,
  created_at: '2026-03-02T14:05:00Z',
  updated_at: '2026-03-04T09:30:00Z',
  abilities: { update: true, delete: true, test: true },
};

/** A SAML connection (its sign-in is not served yet: no test). */
export const SAML_CONNECTION: SsoConnection = {
  ...OIDC_CONNECTION,
  protocol: 'saml',
  name: 'Acme ADFS',
  issuer: null,
  client_id: null,
  client_secret_set: false,
  idp_entity_id: 'http://adfs.acme.example/adfs/services/trust',
  idp_sso_url: 'https://adfs.acme.example/adfs/ls/',
  idp_certificate: '-----BEGIN CERTIFICATE-----\nMIIC8DCCAdigAwIBAgIQ\n-----END CERTIFICATE-----',
  abilities: { update: true, delete: true, test: true },
};

export const SCIM_TOKENS: ScimToken[] = [
  {
    id: 'scim-entra',
    name: 'Entra ID provisioning',
    is_revoked: false,
    revoked_at: null,
    last_used_at: '2026-03-05T07:12:00Z',
    created_at: '2026-03-02T14:10:00Z',
    created_by: { id: 'u-mona', name: 'Mona Master' },
  },
  {
    id: 'scim-old',
    name: 'Old Okta sync',
    is_revoked: true,
    revoked_at: '2026-02-20T08:00:00Z',
    last_used_at: '2026-02-19T23:00:00Z',
    created_at: '2025-11-02T10:00:00Z',
    created_by: null,
  },
];

/** A claim of the story organization's connection, as the owner's screens list it. */
export function aClaim(domain: string, overrides: Partial<SsoDomain> = {}): SsoDomain {
  return {
    domain,
    status: 'pending',
    tenant: { id: TENANT_ID, name: TENANT_NAME, slug: TENANT_SLUG },
    connection_name: OIDC_CONNECTION.name,
    protocol: 'oidc',
    requested_at: '2026-03-04T09:30:00Z',
    decided_at: null,
    ...overrides,
  };
}

/** The `data`/`meta` envelope of a list. */
export function listOf<T>(data: T[], order = 'name') {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order, desc: false, search: null } };
}
