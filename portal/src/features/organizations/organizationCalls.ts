import type { Tenant } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type OrganizationOrder = 'name' | 'created' | 'modules' | 'groups' | 'members';

export function listOrganizations(archived: boolean) {
  return (query: ListQuery<OrganizationOrder>) => apiCall(client.GET('/tenants', { params: { query: { ...queryParams(query), archived } } }));
}

export function archiveOrganization(tenant: Tenant) {
  return apiCall(client.DELETE('/tenants/{tenantId}', { params: { path: { tenantId: tenant.id } } }));
}

export function restoreOrganization(tenant: Tenant) {
  return apiCall(client.PATCH('/tenants/{tenantId}', { params: { path: { tenantId: tenant.id } }, body: { is_deleted: false } }));
}

export type OrganizationValues = { name: string; enable_bioreq: boolean };

export function createOrganization(values: OrganizationValues) {
  return apiCall(client.POST('/tenants', { body: { name: values.name.trim(), enable_bioreq: values.enable_bioreq } }), { handles: [422] });
}

export function updateOrganization(tenant: Tenant, values: OrganizationValues) {
  return apiCall(
    client.PATCH('/tenants/{tenantId}', {
      params: { path: { tenantId: tenant.id } },
      body: { name: values.name.trim(), enable_bioreq: values.enable_bioreq },
    }),
    { handles: [422] },
  );
}

/** Where an organization's pages live: its pretty-URL name. */
export function organizationPath(tenant: Pick<Tenant, 'slug'>): string {
  return `/${encodeURIComponent(tenant.slug)}`;
}
