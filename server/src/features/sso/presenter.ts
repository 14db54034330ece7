/** The contract's SsoConnection and SsoDomain. */
import type { SsoConnection as SsoConnectionBody, SsoDomain as SsoDomainBody } from '@tessera/sdk';
import type { AccessRole } from '../../http/tenant-access.js';
import { ssoConnectionPolicy } from './policy.js';
import type { ConnectionRow, SsoDomainRow } from './service.js';
import { samlUrls } from './saml.js';
import { redirectUriOf } from './sign-in.js';

export function presentConnection(connection: ConnectionRow, tenantId: string, publicUrl: string, role: AccessRole): SsoConnectionBody {
  const saml = samlUrls(publicUrl, tenantId);
  return {
    id: connection.id,
    protocol: connection.protocol,
    name: connection.name,
    domains: connection.domains.map(({ domain, status }) => ({ domain, status })),
    default_role: connection.default_role,
    just_in_time: connection.just_in_time,
    enforce_sso: connection.enforce_sso,
    groups_claim: connection.groups_claim,
    issuer: connection.issuer,
    client_id: connection.client_id,
    client_secret_set: connection.client_secret_encrypted !== null,
    scopes: JSON.parse(connection.scopes) as string[],
    redirect_uri: redirectUriOf({ publicUrl }),
    idp_entity_id: connection.idp_entity_id,
    idp_sso_url: connection.idp_sso_url,
    idp_certificate: connection.idp_certificate,
    sp_entity_id: saml.entityId,
    sp_metadata_url: saml.metadataUrl,
    acs_url: saml.acsUrl,
    created_at: connection.created_at,
    updated_at: connection.updated_at,
    abilities: {
      update: ssoConnectionPolicy.allows(role, 'update'),
      delete: ssoConnectionPolicy.allows(role, 'delete'),
      test: ssoConnectionPolicy.allows(role, 'test'),
    },
  };
}

export function presentDomain(row: SsoDomainRow): SsoDomainBody {
  return {
    domain: row.domain,
    status: row.status,
    tenant: { id: row.tenant_id, name: row.tenant_name, slug: row.tenant_slug },
    connection_name: row.connection_name,
    protocol: row.protocol,
    requested_at: row.requested_at,
    decided_at: row.decided_at,
  };
}
