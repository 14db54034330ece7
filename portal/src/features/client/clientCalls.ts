import type { Component, Module, Topic } from '@tessera/sdk';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { loadRecord, param } from '../../guards/records';
import { NOT_FOUND_PATH } from '../organization/organizationLoader';
import { queryParams, type ListQuery } from '../../lists/useServerList';
import { CLIENT_FILTER } from './modulesList';

/** Client lists sort by the content's own order (spec section 9); the topics table sorts by its Order column. */
export type ContentOrder = 'order' | 'name' | 'created' | 'updated';

const tenant = (tenantId: string) => ({ tenantId });

export function listClientComponents(tenantId: string, moduleId: string) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/modules/{moduleId}/components', {
        params: { path: { tenantId, moduleId }, query: { ...queryParams(query), ...CLIENT_FILTER } },
      }),
    );
}

export function listClientTopics(tenantId: string, componentId: string) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/components/{componentId}/topics', {
        params: { path: { tenantId, componentId }, query: { ...queryParams(query), ...CLIENT_FILTER } },
      }),
    );
}

/** Star or unstar a topic for the caller; answers the topic with its new `is_favorite`. */
export function setTopicStarred(tenantId: string, topic: Pick<Topic, 'id' | 'component_id'>, starred: boolean) {
  const params = { path: { tenantId, componentId: topic.component_id, topicId: topic.id } };
  const path = '/tenants/{tenantId}/components/{componentId}/topics/favorites/{topicId}' as const;
  return apiCall(starred ? client.POST(path, { params }) : client.DELETE(path, { params }));
}

export function loadContentTree(tenantId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/my-membership/content-tree', { params: { path: tenant(tenantId) } }));
}

/** The content tree's checkboxes: hide (unchecked) or show again (checked) a module for the caller. */
export function setModuleHidden(tenantId: string, moduleId: string, hidden: boolean) {
  const params = { path: { tenantId, moduleId } };
  const path = '/tenants/{tenantId}/modules/hidden/{moduleId}' as const;
  return apiCall(hidden ? client.POST(path, { params }) : client.DELETE(path, { params }));
}

export function setComponentHidden(tenantId: string, moduleId: string, componentId: string, hidden: boolean) {
  const params = { path: { tenantId, moduleId, componentId } };
  const path = '/tenants/{tenantId}/modules/{moduleId}/components/hidden/{componentId}' as const;
  return apiCall(hidden ? client.POST(path, { params }) : client.DELETE(path, { params }));
}

/** A learner's suggestion about a topic (or a component or module) to the organization's inbox. */
export function sendSuggestion(tenantId: string, body: { text: string; topic_id: string }) {
  return apiCall(client.POST('/tenants/{tenantId}/suggestions', { params: { path: tenant(tenantId) }, body }), { handles: [422] }).then((outcome) =>
    outcome.ok ? { ok: true as const, data: outcome.data.data } : outcome,
  );
}

export function fetchModule(tenantId: string, moduleId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/modules/{moduleId}', { params: { path: { tenantId, moduleId } } }));
}

export function fetchComponent(tenantId: string, moduleId: string, componentId: string) {
  const path = { tenantId, moduleId, componentId };
  return apiCall(client.GET('/tenants/{tenantId}/modules/{moduleId}/components/{componentId}', { params: { path } }));
}

export function fetchTopic(tenantId: string, componentId: string, topicId: string) {
  const path = { tenantId, componentId, topicId };
  return apiCall(client.GET('/tenants/{tenantId}/components/{componentId}/topics/{topicId}', { params: { path } }));
}

/** /:organization/modules/:module/components: the module the page lists the components of. */
export function clientModuleLoader({ params, request }: LoaderFunctionArgs): Promise<Module | null> {
  const path = { tenantId: param(params, 'organization'), moduleId: param(params, 'module') };
  return loadRecord(request, ['modules', path.tenantId, path.moduleId], () => client.GET('/tenants/{tenantId}/modules/{moduleId}', { params: { path } }));
}

/** .../components/:component/topics: the component the page lists the topics of. */
export function clientComponentLoader({ params, request }: LoaderFunctionArgs): Promise<Component | null> {
  const path = { tenantId: param(params, 'organization'), moduleId: param(params, 'module'), componentId: param(params, 'component') };
  return loadRecord(request, ['components', path.tenantId, path.moduleId, path.componentId], () =>
    client.GET('/tenants/{tenantId}/modules/{moduleId}/components/{componentId}', { params: { path } }),
  );
}

/** .../topics/:topic/items: the topic whose items the page shows. */
export async function clientTopicLoader({ params, request }: LoaderFunctionArgs): Promise<Topic | null> {
  const path = { tenantId: param(params, 'organization'), componentId: param(params, 'component'), topicId: param(params, 'topic') };
  const topic = await loadRecord(request, ['topics', path.tenantId, path.componentId, path.topicId], () =>
    client.GET('/tenants/{tenantId}/components/{componentId}/topics/{topicId}', { params: { path } }),
  );
  // The address names the module too: a topic of another module's component is not found there.
  if (topic && topic.component.module.id !== param(params, 'module')) throw redirect(NOT_FOUND_PATH);
  return topic;
}
