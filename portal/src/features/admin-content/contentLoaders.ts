import type { Component, Module, Topic } from '@tessera/sdk';
import type { LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import { loadRecord, param } from '../../guards/records';

/** modules/:module/edit and modules/:module/components: the module with its image and relations. */
export function moduleLoader({ params, request }: LoaderFunctionArgs): Promise<Module | null> {
  const path = { tenantId: param(params, 'organization'), moduleId: param(params, 'module') };
  return loadRecord(request, ['modules', path.tenantId, path.moduleId], () => client.GET('/tenants/{tenantId}/modules/{moduleId}', { params: { path } }));
}

/** components/:component/edit and components/:component/topics: the component by its id alone (with its module_id). */
export function componentLoader({ params, request }: LoaderFunctionArgs): Promise<Component | null> {
  const path = { tenantId: param(params, 'organization'), componentId: param(params, 'component') };
  return loadRecord(request, ['components', path.tenantId, path.componentId], () =>
    client.GET('/tenants/{tenantId}/components/{componentId}', { params: { path } }),
  );
}

/** topics/:topic/edit: the topic by its id alone, with its component and module. */
export function topicLoader({ params, request }: LoaderFunctionArgs): Promise<Topic | null> {
  const path = { tenantId: param(params, 'organization'), topicId: param(params, 'topic') };
  return loadRecord(request, ['topics', path.tenantId, path.topicId], () => client.GET('/tenants/{tenantId}/topics/{topicId}', { params: { path } }));
}
