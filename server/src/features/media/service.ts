/**
 * The media library of an organization: lists (type, module, search, sort keys of spec section 9), one file
 * with its modules, rows for received uploads, renames and replacements, tags, and deletion. Every query is
 * scoped to the organization, so another organization's file is simply not found (404).
 */
import type { NamedRef } from '@tessera/sdk';
import { mediaKindOf, messages } from '@tessera/sdk/rules';
import { Media, ModuleMedia, type MediaType } from '../../db/content-models.js';
import { withColumns } from '../../db/model.js';
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { containsSearch } from '../../db/contains-search.js';
import type { Query, TenantSql } from '../../db/query.js';
import { existingIds, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { Storage } from '../../storage/storage.js';
import { captionsOfMedia, type CaptionRow } from './captions.js';
import { mediaMessages } from './policy.js';
import type { MediaRow } from './presenter.js';
import type { ReceivedFile } from '../../storage/received-file.js';

export type MediaSortKey = 'created' | 'name' | 'size' | 'type';

export const MEDIA_LIST: ListDefinition<MediaSortKey> = {
  sorts: { created: 'md.created_at', name: 'lower(md.name)', size: 'md.size', type: 'md.type' },
  defaultOrder: 'created',
  // Newest first, as the picker lists them: a new upload lands on the first page (issue 14).
  defaultDesc: true,
  tieBreaker: 'md.id',
  searchColumns: ['md.name'],
  search: containsSearch({ copy: 'media_search', copyKey: 'media_id', copyColumns: ['name'], key: 'md.id', columns: ['md.name'] }),
  page: 'keysJoinedToRows',
};

/** A library row as read: the model's columns and, in single reads, the count of items that show it. */
const MEDIA_ROW = withColumns(Media, { numberColumns: ['items_count'] });

export interface MediaFilters {
  type?: MediaType;
  moduleId?: string;
}

/** A file's columns; `withItemsCount` for single reads (lists leave the count out: see the contract). */
function selectMedia(org: TenantSql, withItemsCount = false) {
  return (query: Query) =>
    query.select(
      'md.id',
      'md.tenant_id',
      'md.name',
      'md.type',
      'md.mime_type',
      'md.size',
      'md.storage_key',
      'md.width',
      'md.height',
      'md.thumbnail_key',
      'md.thumbnail_mime_type',
      'md.created_at',
      'md.updated_at',
      ...(withItemsCount ? [org.reached('items as ci').count('*').whereRaw('ci.media_id = md.id').as('items_count')] : []),
    );
}

/**
 * The organization's library: its media files, without the images learners attached to suggestions (those
 * belong to their suggestion, are shown with it and deleted with it).
 */
function libraryOf(org: TenantSql): Query {
  return org.from('media as md').whereNotExists(org.from('suggestion_media as sm').whereRaw('sm.media_id = md.id').select(org.raw('1')));
}

export async function listMedia(db: Database, tenantId: string, params: ListParams<MediaSortKey>, filters: MediaFilters): Promise<Page<MediaRow>> {
  const org = db.inTenant(tenantId);
  const filtered = libraryOf(org);
  if (filters.type) filtered.where('md.type', filters.type);
  if (filters.moduleId) {
    filtered.whereExists(org.from('module_media as fmm').whereRaw('fmm.media_id = md.id').where('fmm.module_id', filters.moduleId).select(org.raw('1')));
  }
  return normalisedPage<MediaRow>(await paginate<object, MediaSortKey>(db, filtered, params, MEDIA_LIST, selectMedia(org)), MEDIA_ROW);
}

/**
 * The modules of a page's files, compiled once (one SQL text for any number of ids): read with every media list page
 * (server/bench/content.ts, "media search (admin)").
 */
const modulesOfMediaRead = compiledRead<{ media_id: string; id: string; name: string }, { tenantId: string; ids: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return whereInJsonList(org, org.from('module_media as mm').join('modules as m', 'm.id', 'mm.module_id'), 'mm.media_id', param('ids'))
    .orderByRaw('lower(m.name) asc')
    .orderBy('m.id')
    .select('mm.media_id', 'm.id', 'm.name');
});

/** The modules each of the organization's files is tagged with, for a page of files in one query. */
export async function modulesOfMedia(db: Database, tenantId: string, mediaIds: string[]): Promise<Map<string, NamedRef[]>> {
  const byMedia = new Map<string, NamedRef[]>(mediaIds.map((id) => [id, []]));
  if (mediaIds.length === 0) return byMedia;
  const rows = await db.read(modulesOfMediaRead, { tenantId, ids: JSON.stringify(mediaIds) });
  for (const row of rows) byMedia.get(row.media_id)?.push({ id: row.id, name: row.name });
  return byMedia;
}

export interface MediaWithModules {
  media: MediaRow;
  modules: NamedRef[];
  /** A video's captions tracks. */
  captions: CaptionRow[];
}

export async function requireMedia(db: Database, tenantId: string, id: string): Promise<MediaRow> {
  const org = db.inTenant(tenantId);
  const row = await org.row<MediaRow>(selectMedia(org, true)(libraryOf(org).where('md.id', id)), MEDIA_ROW);
  if (!row) throw notFound(mediaMessages.notFound);
  return row;
}

export async function loadMedia(db: Database, tenantId: string, id: string): Promise<MediaWithModules> {
  const media = await requireMedia(db, tenantId, id);
  const modules = await modulesOfMedia(db, tenantId, [id]);
  const captions = media.type === 'video' ? await captionsOfMedia(db, tenantId, [id]) : undefined;
  return { media, modules: modules.get(id) ?? [], captions: captions?.get(id) ?? [] };
}

function fileColumns(file: ReceivedFile) {
  return {
    type: mediaKindOf(file.mimeType) as MediaType,
    mime_type: file.mimeType,
    size: file.size,
    storage_key: file.key,
    width: file.width ?? null,
    height: file.height ?? null,
  };
}

function thumbnailColumns(thumbnail: { key: string; mimeType: string; size: number } | undefined) {
  return { thumbnail_key: thumbnail?.key ?? null, thumbnail_mime_type: thumbnail?.mimeType ?? null, thumbnail_size: thumbnail?.size ?? null };
}

export interface NewMedia {
  name: string;
  file: ReceivedFile;
  /** An uploaded thumbnail (videos, pdfs, audio); images carry their server-made one. */
  thumbnail?: ReceivedFile;
}

/** Inserts the organization's library row of a received (and finished) upload; answers its id (the file's `mediaId`). */
export async function insertMedia(org: TenantDatabase, media: NewMedia): Promise<string> {
  const now = new Date().toISOString();
  await org.write(Media).insert({
    id: media.file.mediaId,
    name: media.name,
    ...fileColumns(media.file),
    ...thumbnailColumns(media.thumbnail ?? media.file.thumbnail),
    created_at: now,
    updated_at: now,
  });
  return media.file.mediaId;
}

export interface MediaChanges {
  name?: string;
  file?: ReceivedFile;
  thumbnail?: ReceivedFile;
}

/**
 * Renames and replaces; answers the row and the storage keys it no longer uses, which the caller deletes after
 * the commit. A new image brings its server-made thumbnail; a video, pdf or audio file keeps its thumbnail
 * unless a new one is sent.
 */
export async function updateMedia(db: Database, tenantId: string, id: string, changes: MediaChanges): Promise<MediaWithModules & { staleKeys: string[] }> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const row = await requireMedia(org.db, tenantId, id);
    const edits: Partial<Media> = {};
    const staleKeys: string[] = [];
    if (changes.name !== undefined && changes.name !== row.name) edits.name = changes.name;
    if (changes.file) {
      Object.assign(edits, fileColumns(changes.file));
      staleKeys.push(row.storage_key);
    }
    const thumbnail = changes.thumbnail ?? changes.file?.thumbnail;
    if (thumbnail) {
      Object.assign(edits, thumbnailColumns(thumbnail));
      if (row.thumbnail_key) staleKeys.push(row.thumbnail_key);
    }
    if (Object.keys(edits).length > 0)
      await org
        .write(Media)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return { ...(await loadMedia(org.db, tenantId, id)), staleKeys };
  });
}

/** Deletes the row (items and main images that used it lose it; its captions tracks go with it), then its stored files. */
export async function deleteMedia(db: Database, storage: Storage, tenantId: string, id: string): Promise<void> {
  const keys = await db.inTenant(tenantId).transaction(async (org) => {
    const found = await requireMedia(org.db, tenantId, id);
    const captions = await org.rows<{ storage_key: string }>(org.from('media_captions').where('media_id', id).select('storage_key'));
    await org.write(Media).deleteById(id);
    return [found.storage_key, found.thumbnail_key, ...captions.map((caption) => caption.storage_key)];
  });
  await deleteKeys(storage, keys);
}

/** Best effort: a key that cannot be removed now is an orphan, not an error for the person who asked. */
export async function deleteKeys(storage: Storage, keys: (string | null)[]): Promise<void> {
  await Promise.all(keys.filter((key): key is string => Boolean(key)).map((key) => storage.delete(key).catch(() => undefined)));
}

/** Replaces the modules the file is tagged with (modules of this organization, live or archived). */
export async function relateModules(db: Database, tenantId: string, id: string, moduleIds: string[]): Promise<MediaWithModules> {
  return db.inTenant(tenantId).transaction(async (org) => {
    await requireMedia(org.db, tenantId, id);
    const candidates = () => org.from('modules');
    const found = await existingIds(org, candidates, 'id', moduleIds);
    if (found.size !== moduleIds.length) throw fieldError('modules', messages.selected('modules'));
    await replaceRelations(org, {
      model: ModuleMedia,
      ownerColumn: 'media_id',
      ownerId: id,
      otherColumn: 'module_id',
      otherIds: moduleIds,
      managed: candidates().select('id'),
    });
    return loadMedia(org.db, tenantId, id);
  });
}
