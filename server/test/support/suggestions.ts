/** Suggestion fixtures (issue 4): rows written straight to the database, independent of the calls under test. */
import { newId } from '../../src/db/ids.js';
import type { TestServer } from './server.js';
import { insertMediaRow } from './content.js';

export interface SuggestionOptions {
  text?: string;
  unread?: boolean;
  createdAt?: Date;
  moduleId?: string | null;
  componentId?: string | null;
  topicId?: string | null;
}

export async function insertSuggestion(server: TestServer, tenantId: string, memberId: string, options: SuggestionOptions = {}): Promise<string> {
  const now = options.createdAt ?? new Date();
  const id = newId();
  await server.app.knex('suggestions').insert({
    id,
    tenant_id: tenantId,
    tenant_user_id: memberId,
    text: options.text ?? 'A suggestion for tests',
    module_id: options.moduleId ?? null,
    component_id: options.componentId ?? null,
    topic_id: options.topicId ?? null,
    is_active: options.unread ?? true,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** An image media row (no stored file) attached to the suggestion. */
export async function attachImage(server: TestServer, tenantId: string, suggestionId: string, name?: string): Promise<string> {
  const mediaId = await insertMediaRow(server, tenantId, { name });
  await server.app.knex('suggestion_media').insert({ suggestion_id: suggestionId, media_id: mediaId, created_at: new Date() });
  return mediaId;
}
