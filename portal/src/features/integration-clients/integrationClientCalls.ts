import type { IntegrationClient, IntegrationClientCreated, IntegrationClientGrantType, Role } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type { IntegrationClient, IntegrationClientCreated };
export type IntegrationClientOrder = 'name' | 'created';

// A type, not an interface: the portal's forms need the index signature a type alias has. The role is the
// select's value, which the SDK's form has checked against the roles before anything is sent; the redirect URIs are
// the text area's lines, the grant types the ticked boxes.
export type IntegrationClientValues = { name: string; role: string; redirect_uris: string[]; grant_types: string[] };

/** The lines of a text area, trimmed, without empty ones. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const path = (tenantId: string) => ({ path: { tenantId } });

export function listIntegrationClients(tenantId: string) {
  return (query: ListQuery<IntegrationClientOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/integration-clients', { params: { ...path(tenantId), query: { paginate: true, ...queryParams(query) } } }));
}

export async function createIntegrationClient(tenantId: string, values: IntegrationClientValues): Promise<ApiOutcome<IntegrationClientCreated>> {
  const body = {
    name: values.name.trim(),
    role: values.role as Role,
    redirect_uris: values.redirect_uris,
    grant_types: values.grant_types as IntegrationClientGrantType[],
  };
  const outcome = await apiCall(client.POST('/tenants/{tenantId}/integration-clients', { params: path(tenantId), body }), { handles: [422] });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export function revokeIntegrationClient(tenantId: string, integrationClient: Pick<IntegrationClient, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/integration-clients/{clientId}', { params: { path: { tenantId, clientId: integrationClient.id } } }));
}
