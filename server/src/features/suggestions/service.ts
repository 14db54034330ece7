/**
 * Suggestions of one organization: a member sends one (text, what it relates to, images); the masters'
 * inbox lists them (Unread / Read, search by sender or text, newest first), marks them read or unread and
 * deletes them for good. A page costs a constant number of queries: the page (sender and related names
 * joined), a count when rows follow it, and one query for the images of every row on it.
 */
import { TEXT_MAX_LENGTH } from '@tessera/sdk/rules';
import { newId } from '../../db/ids.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { searchMemberPeople } from '../../db/contains-search.js';
import { notFound } from '../../http/errors.js';
import { likePattern, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { deleteKeys, insertMedia } from '../media/service.js';
import { mediaSummaryColumns, mediaSummaryOf, type MediaSummaryColumns } from '../media/summary.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import type { Storage } from '../../storage/storage.js';
import { USER_SUMMARY_COLUMNS, USER_SUMMARY_KINDS } from '../tenant-users/presenter.js';
import { Media, Suggestion, SuggestionMedia } from '../../db/content-models.js';
import { withColumns } from '../../db/model.js';
import type { Query, TenantSql } from '../../db/query.js';
import { suggestionMessages } from './policy.js';
import type { SuggestionRow } from './presenter.js';
import type { RelatedContent } from './related-content.js';

export type SuggestionSortKey = 'sent' | 'user';

export const SUGGESTION_LIST: ListDefinition<SuggestionSortKey> = {
  sorts: { sent: 's.created_at', user: 'lower(u.name)' },
  defaultOrder: 'sent',
  defaultDesc: true,
  tieBreaker: 's.id',
  searchColumns: ['u.name', 'u.email', 's.text'],
  // "Search name, email or text": the sender through the people index, or the text itself.
  search: (db, query, term) =>
    query.where((scope) => {
      searchMemberPeople(db, scope, term);
      scope.orWhereRaw(`lower(s.text) like ? escape '\\'`, [likePattern(term)]);
    }),
};

export interface SuggestionWithMedia extends SuggestionRow {
  media: MediaSummaryColumns[];
}

function suggestionsOf(org: TenantSql): Query {
  return org
    .from('suggestions as s')
    .join('tenant_users as tu', 'tu.id', 's.tenant_user_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .leftJoin('modules as m', 'm.id', 's.module_id')
    .leftJoin('components as c', 'c.id', 's.component_id')
    .leftJoin('topics as t', 't.id', 's.topic_id');
}

/** A suggestion row as read: the model's columns and its sender's (`USER_SUMMARY_COLUMNS`). */
const SUGGESTION_ROW = withColumns(Suggestion, USER_SUMMARY_KINDS);

const selectSuggestion = (query: Query) =>
  query.select(
    's.id',
    's.text',
    's.is_active',
    's.created_at',
    'm.id as module_id',
    'm.name as module_name',
    'c.id as component_id',
    'c.name as component_name',
    't.id as topic_id',
    't.name as topic_name',
    ...USER_SUMMARY_COLUMNS,
  );

/** The images of the given suggestions, in the order they were attached (one query). */
async function withMedia(org: TenantDatabase, rows: SuggestionRow[]): Promise<SuggestionWithMedia[]> {
  if (rows.length === 0) return [];
  const media = await org.rows<Record<string, unknown> & { suggestion_id: string }>(
    org
      .from('suggestion_media as sm')
      .join('media as mi', 'mi.id', 'sm.media_id')
      .whereIn(
        'sm.suggestion_id',
        rows.map((row) => row.id),
      )
      // Media ids are time-ordered (UUIDv7): the order the images were received.
      .orderBy('mi.id')
      .select('sm.suggestion_id', ...mediaSummaryColumns('mi', 'x')),
  );
  return rows.map((row) => ({
    ...row,
    media: media.filter((entry) => entry.suggestion_id === row.id).map((entry) => mediaSummaryOf(entry, 'x') as MediaSummaryColumns),
  }));
}

export async function listSuggestions(db: Database, tenantId: string, params: ListParams<SuggestionSortKey>): Promise<Page<SuggestionWithMedia>> {
  const org = db.inTenant(tenantId);
  const filtered = suggestionsOf(org);
  if (params.active !== undefined) filtered.where('s.is_active', params.active);
  const page = await paginate<SuggestionRow, SuggestionSortKey>(db, filtered, params, SUGGESTION_LIST, selectSuggestion, { columns: SUGGESTION_ROW });
  return { rows: await withMedia(org, page.rows), meta: page.meta };
}

export async function requireSuggestion(db: Database, tenantId: string, id: string): Promise<SuggestionWithMedia> {
  const org = db.inTenant(tenantId);
  const row = await org.row<SuggestionRow>(selectSuggestion(suggestionsOf(org).where('s.id', id)), SUGGESTION_ROW);
  if (!row) throw notFound(suggestionMessages.notFound);
  const [suggestion] = await withMedia(org, [row]);
  return suggestion;
}

export interface NewSuggestion {
  tenantId: string;
  memberId: string;
  text: string;
  related: RelatedContent;
  /** Received and finished uploads (upload.ts `receiveImages`), already in storage. */
  images: ReceivedFile[];
}

/** The media name of an attached image: its file name without the extension ("Image" when it has none). */
function imageName(filename: string): string {
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return base.slice(0, TEXT_MAX_LENGTH) || 'Image';
}

/** The suggestion, its image rows and their links in one transaction. */
export async function createSuggestion(db: Database, input: NewSuggestion): Promise<SuggestionWithMedia> {
  const id = newId();
  await db.inTenant(input.tenantId).transaction(async (org) => {
    const now = new Date();
    await org.write(Suggestion).insert({
      id,
      tenant_user_id: input.memberId,
      text: input.text,
      ...input.related,
      is_active: true,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    for (const image of input.images) {
      const mediaId = await insertMedia(org, { name: imageName(image.filename), file: image });
      await org.write(SuggestionMedia).insert({ suggestion_id: id, media_id: mediaId, created_at: now });
    }
  });
  return requireSuggestion(db, input.tenantId, id);
}

/** Read (`is_active` false) or unread (true). */
export async function markSuggestion(db: Database, tenantId: string, id: string, unread: boolean): Promise<SuggestionWithMedia> {
  const updated = await db.inTenant(tenantId).write(Suggestion).where({ id }).patch({ is_active: unread, updated_at: new Date().toISOString() });
  if (updated === 0) throw notFound(suggestionMessages.notFound);
  return requireSuggestion(db, tenantId, id);
}

/** Deletes the suggestion and its image rows in one transaction, then the images' stored files. */
export async function deleteSuggestion(db: Database, storage: Storage, tenantId: string, id: string): Promise<void> {
  const keys = await db.inTenant(tenantId).transaction(async (org) => {
    const suggestion = await org.row(org.from('suggestions').where({ id }).select('id'));
    if (!suggestion) throw notFound(suggestionMessages.notFound);
    const media = await org.rows<Pick<Media, 'id' | 'storage_key' | 'thumbnail_key'>>(
      org
        .from('suggestion_media as sm')
        .join('media as mi', 'mi.id', 'sm.media_id')
        .where('sm.suggestion_id', id)
        .where('mi.tenant_id', tenantId)
        .select('mi.id', 'mi.storage_key', 'mi.thumbnail_key'),
    );
    await org.write(SuggestionMedia).where('suggestion_id', id).delete();
    if (media.length > 0) {
      await org
        .write(Media)
        .delete()
        .whereIn(
          'id',
          media.map((row) => row.id),
        );
    }
    await org.write(Suggestion).deleteById(id);
    return media.flatMap((row) => [row.storage_key, row.thumbnail_key]);
  });
  await deleteKeys(storage, keys);
}
