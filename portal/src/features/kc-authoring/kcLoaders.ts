import type { Component, Topic } from '@tessera/sdk';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import { loadRecord, loadThrough, param } from '../../guards/records';
import { componentCheck, topicCheck, type KnowledgeCheck } from './kcCalls';
import { kcPaths } from './kcPaths';

export interface TopicCheckData {
  topic: Topic;
  check: KnowledgeCheck | null;
}

export interface ComponentCheckData {
  component: Component;
  check: KnowledgeCheck | null;
}

function loadComponent({ params, request }: LoaderFunctionArgs) {
  const path = { tenantId: param(params, 'organization'), componentId: param(params, 'component') };
  return loadRecord(request, ['components', path.tenantId, path.componentId], () =>
    client.GET('/tenants/{tenantId}/components/{componentId}', { params: { path } }),
  );
}

/** …/topics/:topic/knowledgecheck: the topic (its name titles the page) and its check, null when it has none. */
export async function topicCheckLoader(args: LoaderFunctionArgs): Promise<TopicCheckData | null> {
  const { params, request } = args;
  const tenantId = param(params, 'organization');
  const path = { tenantId, topicId: param(params, 'topic') };
  const topic = await loadRecord(request, ['topics', tenantId, path.topicId], () => client.GET('/tenants/{tenantId}/topics/{topicId}', { params: { path } }));
  if (!topic) return null;
  const check = await loadThrough(request, ['knowledge-checks', tenantId, 'topic', topic.id], () => topicCheck(tenantId, topic.id, false));
  return { topic, check };
}

async function componentWithCheck(args: LoaderFunctionArgs): Promise<ComponentCheckData | null> {
  const component = await loadComponent(args);
  if (!component) return null;
  const tenantId = param(args.params, 'organization');
  const check = await loadThrough(args.request, ['knowledge-checks', tenantId, 'component', component.id], () => componentCheck(tenantId, component.id, false));
  return { component, check };
}

/** …/components/:component/knowledgecheck: a component without a check goes to the create route (spec section 2). */
export async function componentCheckLoader(args: LoaderFunctionArgs): Promise<ComponentCheckData | null> {
  const data = await componentWithCheck(args);
  if (data && !data.check) {
    throw redirect(kcPaths(param(args.params, 'organization'), param(args.params, 'module'), data.component.id).componentCreate);
  }
  return data;
}

/** …/knowledgecheck/create: a component that has its check already goes to it. */
export async function componentCreateLoader(args: LoaderFunctionArgs): Promise<ComponentCheckData | null> {
  const data = await componentWithCheck(args);
  if (data?.check) throw redirect(kcPaths(param(args.params, 'organization'), param(args.params, 'module'), data.component.id).componentCheck);
  return data;
}
