import type { Component, Module, OrderList, Topic } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListQuery } from '../../lists/useServerList';
import type { TagSearch } from '../../ui/TagPicker';

/** Sort keys of module, component and topic lists (spec 9: by order ascending unless sorted otherwise). */
export type ContentOrder = 'order' | 'name' | 'created' | 'updated';

const inTenant = (tenantId: string) => ({ path: { tenantId } });
const inModule = (tenantId: string, moduleId: string) => ({ path: { tenantId, moduleId } });
const inComponent = (tenantId: string, componentId: string) => ({ path: { tenantId, componentId } });

// ------------------------------------------------------------------------------------------------
// Modules

export function listModules(tenantId: string, archived: boolean) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/modules', { params: { ...inTenant(tenantId), query: { ...queryParams(query), archived } } }));
}

export function archiveModule(tenantId: string, module: Module) {
  return apiCall(client.DELETE('/tenants/{tenantId}/modules/{moduleId}', { params: inModule(tenantId, module.id) }), { handles: [422] });
}

export function restoreModule(tenantId: string, module: Module) {
  return apiCall(client.POST('/tenants/{tenantId}/modules/{moduleId}', { params: inModule(tenantId, module.id), body: { is_deleted: false } }), {
    handles: [422],
  });
}

/** Every live module, by order (the Move Component dialog's choices). */
export async function allModules(tenantId: string): Promise<ApiOutcome<Module[]>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/modules', { params: { ...inTenant(tenantId), query: { paginate: false, short: true, order: 'order' } } }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

// ------------------------------------------------------------------------------------------------
// Components

const componentPath = (tenantId: string, component: Component) => ({
  path: { tenantId, moduleId: component.module_id, componentId: component.id },
});

export function listComponents(tenantId: string, moduleId: string, archived: boolean) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/modules/{moduleId}/components', {
        params: { ...inModule(tenantId, moduleId), query: { ...queryParams(query), archived } },
      }),
    );
}

export function archiveComponent(tenantId: string, component: Component) {
  return apiCall(client.DELETE('/tenants/{tenantId}/modules/{moduleId}/components/{componentId}', { params: componentPath(tenantId, component) }), {
    handles: [422],
  });
}

export function restoreComponent(tenantId: string, component: Component) {
  return apiCall(
    client.POST('/tenants/{tenantId}/modules/{moduleId}/components/{componentId}', {
      params: componentPath(tenantId, component),
      body: { is_deleted: false },
    }),
    { handles: [422] },
  );
}

export function copyComponent(tenantId: string, component: Component) {
  return apiCall(client.POST('/tenants/{tenantId}/modules/{moduleId}/components/copy/{componentId}', { params: componentPath(tenantId, component) }), {
    handles: [422],
  });
}

export function moveComponent(tenantId: string, component: Component, moduleId: string) {
  return apiCall(
    client.POST('/tenants/{tenantId}/modules/{moduleId}/components/move/{componentId}', {
      params: componentPath(tenantId, component),
      body: { module_id: moduleId },
    }),
    { handles: [422] },
  );
}

/** The ids of a module's live components in their order (a move up or down renumbers all of them). */
async function componentIdsInOrder(tenantId: string, moduleId: string): Promise<ApiOutcome<string[]>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/modules/{moduleId}/components', {
      params: { ...inModule(tenantId, moduleId), query: { paginate: false, short: true, order: 'order' } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data.map((row) => row.id) } : outcome;
}

function reorderComponents(tenantId: string, moduleId: string, components: OrderList) {
  return apiCall(client.PATCH('/tenants/{tenantId}/modules/{moduleId}/components', { params: inModule(tenantId, moduleId), body: { components } }), {
    handles: [422],
  });
}

// ------------------------------------------------------------------------------------------------
// Topics

const topicPath = (tenantId: string, topic: Topic) => ({ path: { tenantId, componentId: topic.component_id, topicId: topic.id } });

export function listTopics(tenantId: string, componentId: string, archived: boolean) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/components/{componentId}/topics', {
        params: { ...inComponent(tenantId, componentId), query: { ...queryParams(query), archived } },
      }),
    );
}

export function archiveTopic(tenantId: string, topic: Topic) {
  return apiCall(client.DELETE('/tenants/{tenantId}/components/{componentId}/topics/{topicId}', { params: topicPath(tenantId, topic) }), {
    handles: [422],
  });
}

export function restoreTopic(tenantId: string, topic: Topic) {
  return apiCall(
    client.PATCH('/tenants/{tenantId}/components/{componentId}/topics/{topicId}', { params: topicPath(tenantId, topic), body: { is_deleted: false } }),
    { handles: [422] },
  );
}

export function copyTopic(tenantId: string, topic: Topic) {
  return apiCall(client.POST('/tenants/{tenantId}/components/{componentId}/topics/copy/{topicId}', { params: topicPath(tenantId, topic) }), {
    handles: [422],
  });
}

export function moveTopic(tenantId: string, topic: Topic, componentId: string) {
  return apiCall(
    client.POST('/tenants/{tenantId}/components/{componentId}/topics/move/{topicId}', {
      params: topicPath(tenantId, topic),
      body: { component_id: componentId },
    }),
    { handles: [422] },
  );
}

async function topicIdsInOrder(tenantId: string, componentId: string): Promise<ApiOutcome<string[]>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/components/{componentId}/topics', {
      params: { ...inComponent(tenantId, componentId), query: { paginate: false, short: true, order: 'order' } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data.map((row) => row.id) } : outcome;
}

function reorderTopics(tenantId: string, componentId: string, topics: OrderList) {
  return apiCall(client.PATCH('/tenants/{tenantId}/components/{componentId}/topics', { params: inComponent(tenantId, componentId), body: { topics } }), {
    handles: [422],
  });
}

/**
 * The organization's content tree as authors see it, inactive rows included (the Move Topic dialog picks a
 * component in it, inactive ones and those of inactive modules too: issue 14).
 */
export async function contentTree(tenantId: string) {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/my-membership/content-tree', { params: { ...inTenant(tenantId), query: { 'include-inactive': true } } }),
  );
  return outcome.ok ? ({ ok: true, data: outcome.data.data } as const) : outcome;
}

/** What a list's move up and move down need: the siblings in order, and the one bulk reorder call. */
export interface Reorder {
  idsInOrder(): Promise<ApiOutcome<string[]>>;
  save(order: OrderList): Promise<ApiOutcome<unknown>>;
}

export function componentReorder(tenantId: string, moduleId: string): Reorder {
  return { idsInOrder: () => componentIdsInOrder(tenantId, moduleId), save: (order) => reorderComponents(tenantId, moduleId, order) };
}

export function topicReorder(tenantId: string, componentId: string): Reorder {
  return { idsInOrder: () => topicIdsInOrder(tenantId, componentId), save: (order) => reorderTopics(tenantId, componentId, order) };
}

/** Media files of the library as choices of a tag picker (a module's related media). */
export function searchMedia(tenantId: string): TagSearch {
  return {
    key: ['media', tenantId, 'options'],
    load: async (term) => {
      const outcome = await apiCall(
        client.GET('/tenants/{tenantId}/media', { params: { ...inTenant(tenantId), query: { search: term || undefined, order: 'name' } } }),
      );
      return outcome.ok ? outcome.data.data.map((media) => ({ id: media.id, label: media.name })) : [];
    },
  };
}
