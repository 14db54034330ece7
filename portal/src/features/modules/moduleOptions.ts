import type { NamedRef } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { TagOption, TagSearch } from '../../ui/TagPicker';

export function moduleOption(module: NamedRef): TagOption {
  return { id: module.id, label: module.name };
}

/** Live modules of the organization as choices of a tag picker (a group's or a member's modules). */
export function searchModules(tenantId: string): TagSearch {
  return {
    key: ['modules', tenantId, 'options'],
    load: async (term) => {
      const outcome = await apiCall(
        client.GET('/tenants/{tenantId}/modules', {
          params: { path: { tenantId }, query: { search: term || undefined, short: true, order: 'name' } },
        }),
      );
      return outcome.ok ? outcome.data.data.map(moduleOption) : [];
    },
  };
}
