/**
 * Modules of an organization: lists per viewer (ARCHITECTURE.md), create, edit, archive and restore,
 * their related media, groups and members, and each member's hidden modules.
 */
import { messages } from '@tessera/sdk/rules';
import { isArchived, planArchive, archiveMessages } from '../../http/archiving.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { nextPosition } from '../../db/ordering.js';
import { existingIds, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListParams, type Page } from '../../db/paginate.js';
import { Module } from '../../db/content-models.js';
import { normaliseRow, withColumns } from '../../db/model.js';
import { insertMedia } from '../media/service.js';
import { MEDIA_SUMMARY_FIELDS, mediaSummaryColumns } from '../media/summary.js';
import { MEMBER_NAME_SORT, MEMBER_PERSON_COLUMNS, MEMBER_ROW, presentMemberPerson, type MemberSummaryRow } from '../tenant-users/presenter.js';
import { contentMessages } from '../content/policy.js';
import type { ContentChanges, ContentInput } from '../content/input.js';
import { contentList, excludesHidden, type ContentListOptions, type ContentSortKey } from '../content/list.js';
import type { ModuleRelations, ModuleRow } from './presenter.js';
import { memberFlag, whereModuleVisible, type Reach, type Viewer, type ViewerScope } from '../content/visibility.js';

export const MODULE_LIST = contentList('m');

/** A module row as the lists and single reads select it: the model's columns, the caller's hidden flag and the counts. */
const MODULE_ROW = withColumns(Module, { booleanColumns: ['is_hidden'], numberColumns: ['components_count', 'media_count', 'members_count', 'groups_count'] });

function modulesOf(db: Knex, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  return whereModuleVisible(db, db('modules as m').leftJoin('media as mi', 'mi.id', 'm.image_id'), viewer, reach);
}

function counts(db: Knex) {
  return [
    db('components as cc').count('*').whereRaw('cc.module_id = m.id').whereNull('cc.deleted_at').as('components_count'),
    db('module_media as cmm').count('*').whereRaw('cmm.module_id = m.id').as('media_count'),
    db('module_tenant_users as cmt')
      .join('tenant_users as ctu', 'ctu.id', 'cmt.tenant_user_id')
      .count('*')
      .whereRaw('cmt.module_id = m.id')
      .whereNull('ctu.deleted_at')
      .as('members_count'),
    db('module_groups as cmg')
      .join('groups as cg', 'cg.id', 'cmg.group_id')
      .count('*')
      .whereRaw('cmg.module_id = m.id')
      .whereNull('cg.deleted_at')
      .as('groups_count'),
  ];
}

function selectModule(db: Knex, viewer: ViewerScope, short = false) {
  return (query: Knex.QueryBuilder) =>
    query.select(
      'm.id',
      'm.name',
      'm.description',
      'm.is_active',
      'm.position',
      'm.deleted_at',
      'm.created_at',
      'm.updated_at',
      ...mediaSummaryColumns('mi', 'image'),
      memberFlag(db, 'module_hidden', 'module_id', 'm.id', viewer.memberId, 'is_hidden'),
      ...(short ? [] : counts(db)),
    );
}

export async function listModules(db: Database, viewer: Viewer, params: ListParams<ContentSortKey>, options: ContentListOptions): Promise<Page<ModuleRow>> {
  const { knex } = db;
  const filtered = modulesOf(knex, viewer);
  if (viewer.seesAll) applyArchived(filtered, 'm.deleted_at', params.archived);
  if (params.active !== undefined) filtered.where('m.is_active', params.active);
  if (excludesHidden(viewer, params, options)) {
    filtered.whereNotExists(knex('module_hidden as h').whereRaw('h.module_id = m.id').where('h.tenant_user_id', viewer.memberId).select(knex.raw('1')));
  }
  const page = await paginate<object, ContentSortKey>(db, filtered, params, MODULE_LIST, selectModule(knex, viewer, options.short));
  return normalisedPage<ModuleRow>(page, MODULE_ROW);
}

export async function requireModule(db: Database, viewer: Viewer, id: string): Promise<ModuleRow> {
  const { knex } = db;
  const module = await db.first<object>(selectModule(knex, viewer)(modulesOf(knex, viewer, 'one').where('m.id', id)));
  if (!module) throw notFound(contentMessages.moduleNotFound);
  return normaliseRow<ModuleRow>(MODULE_ROW, module);
}

/** The module's graph as its single read shows it: its media, live groups and live members (ARCHITECTURE.md#data-access). */
async function relationsOf(db: Knex, id: string): Promise<ModuleRelations> {
  const media = await Module.relatedQuery('media', db)
    .for(id)
    .orderBy('media.created_at')
    .orderBy('media.id')
    .select(MEDIA_SUMMARY_FIELDS.map((field) => `media.${field}`));
  const groups = await Module.relatedQuery('groups', db)
    .for(id)
    .whereNull('groups.deleted_at')
    .orderByRaw('lower(groups.name) asc')
    .select('groups.id', 'groups.name');
  const members = await db('module_tenant_users as mt')
    .join('tenant_users as tu', 'tu.id', 'mt.tenant_user_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('mt.module_id', id)
    .whereNull('tu.deleted_at')
    .orderByRaw(`${MEMBER_NAME_SORT} asc`)
    .orderBy('tu.id')
    .select('tu.id', 'tu.role', 'tu.is_active', ...MEMBER_PERSON_COLUMNS);
  return {
    media,
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    members: members.map((raw: object) => {
      const row = normaliseRow<MemberSummaryRow>(MEMBER_ROW, raw);
      return { id: row.id, role: row.role, is_active: row.is_active, user: presentMemberPerson(row) };
    }),
  };
}

export interface ModuleWithRelations {
  module: ModuleRow;
  relations: ModuleRelations;
}

export async function loadModule(db: Database, viewer: Viewer, id: string): Promise<ModuleWithRelations> {
  const module = await requireModule(db, viewer, id);
  return { module, relations: await relationsOf(db.knex, id) };
}

/** A library image of the organization, for `image_id` (null clears the image). */
async function checkImage(db: Knex, tenantId: string, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return;
  const image = await db('media').where({ id: imageId, tenant_id: tenantId, type: 'image' }).first('id');
  if (!image) throw fieldError('image_id', messages.selected('image_id'));
}

/** The image id a create or edit sets: a new library row for an upload, else a checked library image. */
export async function resolveImageId(db: Knex, tenantId: string, input: Pick<ContentInput, 'imageId' | 'imageUpload'>): Promise<string | null | undefined> {
  if (input.imageUpload) return insertMedia(db, { tenantId, name: input.imageUpload.name, file: input.imageUpload.file });
  await checkImage(db, tenantId, input.imageId);
  return input.imageId;
}

export async function createModule(db: Database, viewer: Viewer, input: ContentInput): Promise<ModuleWithRelations> {
  const id = newId();
  await db.transaction(async ({ knex: trx }) => {
    const imageId = await resolveImageId(trx, viewer.tenantId, input);
    const now = new Date().toISOString();
    await Module.query(trx).insert({
      id,
      tenant_id: viewer.tenantId,
      name: input.name,
      description: input.description,
      is_active: input.isActive ?? true,
      position: await nextPosition(trx, 'modules', 'tenant_id', viewer.tenantId),
      image_id: imageId ?? null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  return loadModule(db, viewer, id);
}

/** The column edits of a module or component update; restore reactivates (spec section 4). */
export async function planContentEdits(
  db: Knex,
  tenantId: string,
  row: Pick<Module, 'name' | 'description' | 'is_active' | 'deleted_at'>,
  changes: ContentChanges,
  thing: string,
) {
  const edits: Partial<Pick<Module, 'name' | 'description' | 'is_active' | 'image_id' | 'deleted_at'>> = {};
  if (changes.name !== undefined && changes.name !== row.name) edits.name = changes.name;
  if (changes.description !== undefined && changes.description !== row.description) edits.description = changes.description;
  if (changes.isActive !== undefined && changes.isActive !== row.is_active) edits.is_active = changes.isActive;
  if (changes.imageId !== undefined || changes.imageUpload) edits.image_id = await resolveImageId(db, tenantId, changes);
  const plan = planArchive(row, changes.isDeleted, Object.keys(edits).length > 0, thing);
  if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
  if (plan.restored) edits.is_active = changes.isActive ?? true;
  return edits;
}

export async function updateModule(db: Database, viewer: Viewer, id: string, changes: ContentChanges): Promise<ModuleWithRelations> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    const module = await requireModule(tx, viewer, id);
    const edits = await planContentEdits(trx, viewer.tenantId, module, changes, 'module');
    if (Object.keys(edits).length > 0)
      await Module.query(trx)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return loadModule(tx, viewer, id);
  });
}

interface RelationTarget {
  table: string;
  otherColumn: string;
  field: string;
  /** The other side's rows this organization may relate. */
  candidates: (trx: Knex, tenantId: string) => Knex.QueryBuilder;
}

export const MODULE_RELATIONS = {
  media: {
    table: 'module_media',
    otherColumn: 'media_id',
    field: 'media',
    candidates: (trx, tenantId) => trx('media').where('tenant_id', tenantId).select('id'),
  },
  groups: {
    table: 'module_groups',
    otherColumn: 'group_id',
    field: 'groups',
    candidates: (trx, tenantId) => trx('groups').where('tenant_id', tenantId).whereNull('deleted_at').select('id'),
  },
  members: {
    table: 'module_tenant_users',
    otherColumn: 'tenant_user_id',
    field: 'tenant_users',
    candidates: (trx, tenantId) => trx('tenant_users').where('tenant_id', tenantId).whereNull('deleted_at').select('id'),
  },
} satisfies Record<string, RelationTarget>;

/** Replaces one of the module's related sets (relations to archived rows are kept, see db/relations.ts). */
export async function relate(db: Database, viewer: Viewer, id: string, target: RelationTarget, ids: string[]): Promise<ModuleWithRelations> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    const module = await requireModule(tx, viewer, id);
    if (isArchived(module)) throw fieldError('is_deleted', archiveMessages('module').archived);
    const found = await existingIds(() => target.candidates(trx, viewer.tenantId), 'id', ids);
    if (found.size !== ids.length) throw fieldError(target.field, messages.selected(target.field));
    await replaceRelations(trx, {
      table: target.table,
      ownerColumn: 'module_id',
      ownerId: id,
      otherColumn: target.otherColumn,
      otherIds: ids,
      managed: target.candidates(trx, viewer.tenantId),
    });
    return loadModule(tx, viewer, id);
  });
}

/** Hides (or shows again) a module for one member; idempotent. */
export async function setHidden(
  knex: Knex,
  table: 'module_hidden' | 'component_hidden',
  column: string,
  rowId: string,
  memberId: string,
  hidden: boolean,
): Promise<void> {
  if (hidden)
    await knex(table)
      .insert({ [column]: rowId, tenant_user_id: memberId, created_at: new Date() })
      .onConflict([column, 'tenant_user_id'])
      .ignore();
  else
    await knex(table)
      .where({ [column]: rowId, tenant_user_id: memberId })
      .delete();
}
