/** Content fixtures (issue 4): rows written straight to the database, independent of the calls under test. */
import { newId } from '../../src/db/ids.js';
import type { TestServer } from './server.js';
import { uniqueName } from './people.js';

interface ContentOptions {
  name?: string;
  active?: boolean;
  archived?: boolean;
  position?: number;
}

function contentRow(tenantId: string, options: ContentOptions, prefix: string) {
  const now = new Date();
  return {
    id: newId(),
    tenant_id: tenantId,
    name: options.name ?? uniqueName(prefix),
    description: `${prefix} for tests`,
    is_active: options.active ?? true,
    position: options.position ?? 0,
    deleted_at: options.archived ? now : null,
    created_at: now,
    updated_at: now,
  };
}

export async function insertModule(
  server: TestServer,
  tenantId: string,
  options: ContentOptions & { members?: string[]; groups?: string[] } = {},
): Promise<string> {
  const row = contentRow(tenantId, options, 'Module');
  await server.app.knex('modules').insert(row);
  for (const member of options.members ?? [])
    await server.app.knex('module_tenant_users').insert({ module_id: row.id, tenant_user_id: member, created_at: new Date() });
  for (const group of options.groups ?? []) await server.app.knex('module_groups').insert({ module_id: row.id, group_id: group, created_at: new Date() });
  return row.id;
}

export async function insertComponent(server: TestServer, tenantId: string, moduleId: string, options: ContentOptions = {}): Promise<string> {
  const row = { ...contentRow(tenantId, options, 'Component'), module_id: moduleId };
  await server.app.knex('components').insert(row);
  return row.id;
}

export async function insertTopic(server: TestServer, tenantId: string, componentId: string, options: ContentOptions = {}): Promise<string> {
  const row = { ...contentRow(tenantId, options, 'Topic'), component_id: componentId };
  await server.app.knex('topics').insert(row);
  return row.id;
}

export interface ItemOptions {
  type?: string;
  rowId?: string | null;
  position?: number;
  text?: string | null;
  procedure?: boolean;
  mediaId?: string | null;
}

export async function insertItem(server: TestServer, tenantId: string, topicId: string, options: ItemOptions = {}): Promise<string> {
  const now = new Date();
  const id = newId();
  await server.app.knex('items').insert({
    id,
    tenant_id: tenantId,
    topic_id: topicId,
    row_id: options.rowId ?? null,
    type: options.type ?? 'row',
    position: options.position ?? 0,
    text: options.text === undefined ? 'Text' : options.text,
    is_procedure: options.procedure ?? false,
    media_id: options.mediaId ?? null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** A media row without a stored file (for relations and references). */
export async function insertMediaRow(server: TestServer, tenantId: string, options: { type?: string; mimeType?: string; name?: string } = {}): Promise<string> {
  const now = new Date();
  const id = newId();
  await server.app.knex('media').insert({
    id,
    tenant_id: tenantId,
    name: options.name ?? uniqueName('Media'),
    type: options.type ?? 'image',
    mime_type: options.mimeType ?? 'image/png',
    size: 1234,
    storage_key: `${tenantId}/${id}/file`,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** A video's captions track row without a stored file. */
export async function insertCaptionRow(server: TestServer, tenantId: string, mediaId: string, options: { language?: string } = {}): Promise<string> {
  const now = new Date();
  const id = newId();
  await server.app.knex('media_captions').insert({
    id,
    tenant_id: tenantId,
    media_id: mediaId,
    language: options.language ?? 'en',
    label: 'English',
    is_default: false,
    storage_key: `${tenantId}/${mediaId}/${id}.vtt`,
    size: 40,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** A module > component > topic chain, visible to the given memberships. */
export async function insertTree(server: TestServer, tenantId: string, members: string[] = []) {
  const moduleId = await insertModule(server, tenantId, { members });
  const componentId = await insertComponent(server, tenantId, moduleId);
  const topicId = await insertTopic(server, tenantId, componentId);
  return { moduleId, componentId, topicId };
}
