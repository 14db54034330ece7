import type { Component, Module } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { saveRelations, type ApiOutcome } from '../../api/outcome';
import { sameIds } from '../../lib/ids';
import { contentPayload, NO_IMAGE_CHOICE, payloadOptions, type ImageFields, type ImageUpload } from './imageChoice';

// ------------------------------------------------------------------------------------------------
// Modules

type ModuleRelations = { media: string[]; groups: string[]; tenant_users: string[] };

export type ModuleValues = { name: string; description: string; is_active: boolean } & ImageFields & ModuleRelations;

const NO_RELATIONS: ModuleRelations = { media: [], groups: [], tenant_users: [] };

export const NEW_MODULE: ModuleValues = { name: '', description: '', is_active: true, ...NO_IMAGE_CHOICE, ...NO_RELATIONS };

function relationsOf(module: Module): ModuleRelations {
  return {
    media: (module.media ?? []).map((media) => media.id),
    groups: (module.groups ?? []).map((group) => group.id),
    tenant_users: (module.members ?? []).map((member) => member.id),
  };
}

export function moduleValues(module: Module): ModuleValues {
  return { name: module.name, description: module.description, is_active: module.is_active, ...NO_IMAGE_CHOICE, ...relationsOf(module) };
}

const modulePath = (tenantId: string, moduleId: string) => ({ path: { tenantId, moduleId } });

/**
 * The module's media, and for owners and masters its groups and members (spec 2.9), each saved only when the
 * form changed it; the first failure stops the rest (its 422 shows under the field).
 */
function saveModuleRelations(tenantId: string, saved: Module, before: ModuleRelations, values: ModuleRelations, canRelatePeople: boolean) {
  const params = modulePath(tenantId, saved.id);
  const changed = (field: keyof ModuleRelations) => !sameIds(before[field], values[field]);
  return saveRelations(saved, [
    {
      changed: changed('media'),
      save: () => apiCall(client.POST('/tenants/{tenantId}/modules/{moduleId}/media', { params, body: { media: values.media } }), { handles: [422] }),
    },
    {
      changed: canRelatePeople && changed('groups'),
      save: () => apiCall(client.POST('/tenants/{tenantId}/modules/{moduleId}/groups', { params, body: { groups: values.groups } }), { handles: [422] }),
    },
    {
      changed: canRelatePeople && changed('tenant_users'),
      save: () =>
        apiCall(client.POST('/tenants/{tenantId}/modules/{moduleId}/tenant-users', { params, body: { tenant_users: values.tenant_users } }), {
          handles: [422],
        }),
    },
  ]);
}

/** Create a new module (multipart when an image is uploaded), then its relations. */
export async function createModule(tenantId: string, values: ModuleValues, upload: ImageUpload | null, canRelatePeople: boolean): Promise<ApiOutcome<Module>> {
  const payload = contentPayload({ name: values.name, description: values.description }, values, upload);
  const created = await apiCall(client.POST('/tenants/{tenantId}/modules', { params: { path: { tenantId } }, ...payloadOptions(payload) }), {
    handles: [406, 422],
  });
  if (!created.ok) return created;
  return saveModuleRelations(tenantId, created.data.data, NO_RELATIONS, values, canRelatePeople);
}

/** Module edit: the fields and a new image in one call, then the relations that changed. */
export async function updateModule(
  tenantId: string,
  module: Module,
  values: ModuleValues,
  upload: ImageUpload | null,
  canRelatePeople: boolean,
): Promise<ApiOutcome<Module>> {
  const payload = contentPayload(values, values, upload);
  const updated = await apiCall(
    client.POST('/tenants/{tenantId}/modules/{moduleId}', { params: modulePath(tenantId, module.id), ...payloadOptions(payload) }),
    {
      handles: [406, 422],
    },
  );
  if (!updated.ok) return updated;
  // The update answers the module with its relations as they were: compare the form with those.
  return saveModuleRelations(tenantId, updated.data.data, relationsOf(module), values, canRelatePeople);
}

// ------------------------------------------------------------------------------------------------
// Components

export type ComponentValues = { name: string; description: string; is_active: boolean } & ImageFields;

export const NEW_COMPONENT: ComponentValues = { name: '', description: '', is_active: true, ...NO_IMAGE_CHOICE };

export function componentValues(component: Component): ComponentValues {
  return { name: component.name, description: component.description, is_active: component.is_active, ...NO_IMAGE_CHOICE };
}

export async function createComponent(tenantId: string, moduleId: string, values: ComponentValues, upload: ImageUpload | null): Promise<ApiOutcome<Component>> {
  const payload = contentPayload({ name: values.name, description: values.description }, values, upload);
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/modules/{moduleId}/components', { params: modulePath(tenantId, moduleId), ...payloadOptions(payload) }),
    { handles: [406, 422] },
  );
  return created.ok ? { ok: true, data: created.data.data } : created;
}

export async function updateComponent(
  tenantId: string,
  component: Component,
  values: ComponentValues,
  upload: ImageUpload | null,
): Promise<ApiOutcome<Component>> {
  const payload = contentPayload(values, values, upload);
  const updated = await apiCall(
    client.POST('/tenants/{tenantId}/modules/{moduleId}/components/{componentId}', {
      params: { path: { tenantId, moduleId: component.module_id, componentId: component.id } },
      ...payloadOptions(payload),
    }),
    { handles: [406, 422] },
  );
  return updated.ok ? { ok: true, data: updated.data.data } : updated;
}

// ------------------------------------------------------------------------------------------------
// Topics

export type TopicValues = { name: string; description: string };

export type EditTopicValues = TopicValues & { is_active: boolean };

export async function createTopic(tenantId: string, componentId: string, values: TopicValues) {
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/components/{componentId}/topics', {
      params: { path: { tenantId, componentId } },
      body: { name: values.name.trim(), description: values.description.trim() },
    }),
    { handles: [422] },
  );
  return created.ok ? ({ ok: true, data: created.data.data } as const) : created;
}

export async function updateTopic(tenantId: string, topic: { id: string; component_id: string }, values: EditTopicValues) {
  const updated = await apiCall(
    client.PATCH('/tenants/{tenantId}/components/{componentId}/topics/{topicId}', {
      params: { path: { tenantId, componentId: topic.component_id, topicId: topic.id } },
      // Spec 2.9: the Active checkbox is sent as 1/0.
      body: { name: values.name.trim(), description: values.description.trim(), is_active: values.is_active ? 1 : 0 },
    }),
    { handles: [422] },
  );
  return updated.ok ? ({ ok: true, data: updated.data.data } as const) : updated;
}
