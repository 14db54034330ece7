import type { ScimToken, ScimTokenCreated, SsoConnection, SsoConnectionInput, SsoDomain, SsoDomainStatus, SsoProtocol } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type { ScimToken, ScimTokenCreated, SsoConnection, SsoDomain, SsoDomainStatus, SsoProtocol };
export type ScimTokenOrder = 'name' | 'created';

export const PROTOCOL_NAMES: Record<SsoProtocol, string> = { oidc: 'OpenID Connect (OIDC)', saml: 'SAML 2.0' };
export const DOMAIN_STATUS_NAMES: Record<SsoDomainStatus, string> = { pending: 'Pending approval', approved: 'Approved', rejected: 'Rejected' };

const tenantPath = (tenantId: string) => ({ path: { tenantId } });

// ------------------------------------------------------------------------------------------------
// The connection

/** The connection, or null while none is configured. */
export async function getSsoConnection(tenantId: string): Promise<ApiOutcome<SsoConnection | null>> {
  const outcome = await apiCall(client.GET('/tenants/{tenantId}/sso', { params: tenantPath(tenantId) }));
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** Creates or replaces the connection; a 422 is the form's. */
export async function putSsoConnection(tenantId: string, body: SsoConnectionInput): Promise<ApiOutcome<SsoConnection>> {
  const outcome = await apiCall(client.PUT('/tenants/{tenantId}/sso', { params: tenantPath(tenantId), body }), { handles: [422] });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export function deleteSsoConnection(tenantId: string) {
  return apiCall(client.DELETE('/tenants/{tenantId}/sso', { params: tenantPath(tenantId) }));
}

/**
 * The provider's authorization URL for a test sign-in by this master. A rate limit (429) and a provider out of reach
 * (503) are the screen's to say.
 */
export async function testSsoConnection(tenantId: string): Promise<ApiOutcome<string>> {
  const outcome = await apiCall(client.POST('/tenants/{tenantId}/sso/test', { params: tenantPath(tenantId) }), { handles: [429, 503] });
  return outcome.ok ? { ok: true, data: outcome.data.data.url } : outcome;
}

// ------------------------------------------------------------------------------------------------
// SCIM tokens

export function listScimTokens(tenantId: string) {
  return (query: ListQuery<ScimTokenOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/scim-tokens', { params: { ...tenantPath(tenantId), query: { paginate: true, ...queryParams(query) } } }));
}

/** Answers the token with its secret value, which exists only in this answer. */
export async function createScimToken(tenantId: string, values: { name: string }): Promise<ApiOutcome<ScimTokenCreated>> {
  const body = { name: values.name.trim() };
  const outcome = await apiCall(client.POST('/tenants/{tenantId}/scim-tokens', { params: tenantPath(tenantId), body }), { handles: [422] });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** A token revoked meanwhile (422) is the screen's to say. */
export function revokeScimToken(tenantId: string, token: Pick<ScimToken, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/scim-tokens/{tokenId}', { params: { path: { tenantId, tokenId: token.id } } }), { handles: [422] });
}

/** Where the identity provider sends its SCIM requests for this organization. */
export function scimBaseUrl(tenantId: string, origin = window.location.origin): string {
  return `${origin}/scim/v2/${tenantId}`;
}

// ------------------------------------------------------------------------------------------------
// The platform owner's domain claims

/**
 * The claims the owner decides on (pending ones by `status`, one organization's by `tenant`), first 100. A part of
 * the owner's organization screens: a failure shows there (with Retry, or not at all) and never leaves the page.
 */
export async function listSsoDomains(query: { status?: SsoDomainStatus; tenant?: string }): Promise<ApiOutcome<SsoDomain[]>> {
  const outcome = await apiCall(client.GET('/sso-domains', { params: { query: { paginate: true, per_page: 100, ...query } } }), { routeErrors: false });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** Approving or rejecting a claim decided meanwhile (422) is the screen's to say. */
export function decideSsoDomain(claim: Pick<SsoDomain, 'domain'>, decision: 'approve' | 'reject') {
  const params = { params: { path: { domain: claim.domain } } };
  const request = decision === 'approve' ? client.POST('/sso-domains/{domain}/approve', params) : client.POST('/sso-domains/{domain}/reject', params);
  return apiCall(request, { handles: [422] });
}
