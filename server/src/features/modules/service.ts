/**
 * Modules of an organization: lists per viewer (ARCHITECTURE.md), create, edit, archive and restore,
 * their related media, groups and members, and each member's hidden modules.
 */
import { messages } from '@tessera/sdk/rules';
import { isArchived, planArchive, archiveMessages } from '../../http/archiving.js';
import { newId } from '../../db/ids.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { nextPosition } from '../../db/ordering.js';
import { existingIds, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { ComponentHidden, Media, Module, ModuleGroup, ModuleHidden, ModuleMedia, ModuleMember } from '../../db/content-models.js';
import { Group } from '../../db/models.js';
import { withColumns, type LinkModel } from '../../db/model.js';
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

function modulesOf(org: TenantSql, viewer: ViewerScope, reach: Reach = 'many'): Query {
  return whereModuleVisible(org, org.from('modules as m').leftJoin('media as mi', 'mi.id', 'm.image_id'), viewer, reach);
}

function counts(org: TenantSql) {
  return [
    org.reached('components as cc').count('*').whereRaw('cc.module_id = m.id').whereNull('cc.deleted_at').as('components_count'),
    org.reached('module_media as cmm').count('*').whereRaw('cmm.module_id = m.id').as('media_count'),
    org
      .reached('module_tenant_users as cmt')
      .join('tenant_users as ctu', 'ctu.id', 'cmt.tenant_user_id')
      .count('*')
      .whereRaw('cmt.module_id = m.id')
      .whereNull('ctu.deleted_at')
      .as('members_count'),
    org
      .reached('module_groups as cmg')
      .join('groups as cg', 'cg.id', 'cmg.group_id')
      .count('*')
      .whereRaw('cmg.module_id = m.id')
      .whereNull('cg.deleted_at')
      .as('groups_count'),
  ];
}

function selectModule(org: TenantSql, viewer: ViewerScope, short = false) {
  return (query: Query) =>
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
      memberFlag(org, 'module_hidden', 'module_id', 'm.id', viewer.memberId, 'is_hidden'),
      ...(short ? [] : counts(org)),
    );
}

export async function listModules(db: Database, viewer: Viewer, params: ListParams<ContentSortKey>, options: ContentListOptions): Promise<Page<ModuleRow>> {
  const org = db.inTenant(viewer.tenantId);
  const filtered = modulesOf(org, viewer);
  if (viewer.seesAll) applyArchived(filtered, 'm.deleted_at', params.archived);
  if (params.active !== undefined) filtered.where('m.is_active', params.active);
  if (excludesHidden(viewer, params, options)) {
    filtered.whereNotExists(org.from('module_hidden as h').whereRaw('h.module_id = m.id').where('h.tenant_user_id', viewer.memberId).select(org.raw('1')));
  }
  const page = await paginate<object, ContentSortKey>(db, filtered, params, MODULE_LIST, selectModule(org, viewer, options.short));
  return normalisedPage<ModuleRow>(page, MODULE_ROW);
}

export async function requireModule(db: Database, viewer: Viewer, id: string): Promise<ModuleRow> {
  const org = db.inTenant(viewer.tenantId);
  const module = await org.row<ModuleRow>(selectModule(org, viewer)(modulesOf(org, viewer, 'one').where('m.id', id)), MODULE_ROW);
  if (!module) throw notFound(contentMessages.moduleNotFound);
  return module;
}

/** The module's relations as its single read shows them: its media, live groups and live members, a query each. */
async function relationsOf(org: TenantDatabase, id: string): Promise<ModuleRelations> {
  const media = await org.rows<ModuleRelations['media'][number]>(
    org
      .reached('module_media as mm')
      .join('media', 'media.id', 'mm.media_id')
      .where('mm.module_id', id)
      .orderBy('media.created_at')
      .orderBy('media.id')
      .select(MEDIA_SUMMARY_FIELDS.map((field) => `media.${field}`)),
    Media,
  );
  const groups = await org.rows<{ id: string; name: string }>(
    org
      .reached('module_groups as mg')
      .join('groups', 'groups.id', 'mg.group_id')
      .where('mg.module_id', id)
      .whereNull('groups.deleted_at')
      .orderByRaw('lower(groups.name) asc')
      .select('groups.id', 'groups.name'),
    Group,
  );
  const members = await org.rows<MemberSummaryRow>(
    org
      .reached('module_tenant_users as mt')
      .join('tenant_users as tu', 'tu.id', 'mt.tenant_user_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .where('mt.module_id', id)
      .whereNull('tu.deleted_at')
      .orderByRaw(`${MEMBER_NAME_SORT} asc`)
      .orderBy('tu.id')
      .select('tu.id', 'tu.role', 'tu.is_active', ...MEMBER_PERSON_COLUMNS),
    MEMBER_ROW,
  );
  return {
    media,
    groups,
    members: members.map((row) => ({ id: row.id, role: row.role, is_active: row.is_active, user: presentMemberPerson(row) })),
  };
}

export interface ModuleWithRelations {
  module: ModuleRow;
  relations: ModuleRelations;
}

export async function loadModule(db: Database, viewer: Viewer, id: string): Promise<ModuleWithRelations> {
  const module = await requireModule(db, viewer, id);
  return { module, relations: await relationsOf(db.inTenant(viewer.tenantId), id) };
}

/** A library image of the organization, for `image_id` (null clears the image). */
async function checkImage(org: TenantDatabase, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return;
  const image = await org.row(org.from('media').where({ id: imageId, type: 'image' }).select('id'));
  if (!image) throw fieldError('image_id', messages.selected('image_id'));
}

/** The image id a create or edit sets: a new library row for an upload, else a checked library image. */
export async function resolveImageId(org: TenantDatabase, input: Pick<ContentInput, 'imageId' | 'imageUpload'>): Promise<string | null | undefined> {
  if (input.imageUpload) return insertMedia(org, { name: input.imageUpload.name, file: input.imageUpload.file });
  await checkImage(org, input.imageId);
  return input.imageId;
}

export async function createModule(db: Database, viewer: Viewer, input: ContentInput): Promise<ModuleWithRelations> {
  const id = newId();
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    const imageId = await resolveImageId(org, input);
    const now = new Date().toISOString();
    await org.write(Module).insert({
      id,
      name: input.name,
      description: input.description,
      is_active: input.isActive ?? true,
      position: await nextPosition(org, 'modules', 'tenant_id', viewer.tenantId),
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
  org: TenantDatabase,
  row: Pick<Module, 'name' | 'description' | 'is_active' | 'deleted_at'>,
  changes: ContentChanges,
  thing: string,
) {
  const edits: Partial<Pick<Module, 'name' | 'description' | 'is_active' | 'image_id' | 'deleted_at'>> = {};
  if (changes.name !== undefined && changes.name !== row.name) edits.name = changes.name;
  if (changes.description !== undefined && changes.description !== row.description) edits.description = changes.description;
  if (changes.isActive !== undefined && changes.isActive !== row.is_active) edits.is_active = changes.isActive;
  if (changes.imageId !== undefined || changes.imageUpload) edits.image_id = await resolveImageId(org, changes);
  const plan = planArchive(row, changes.isDeleted, Object.keys(edits).length > 0, thing);
  if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
  if (plan.restored) edits.is_active = changes.isActive ?? true;
  return edits;
}

export async function updateModule(db: Database, viewer: Viewer, id: string, changes: ContentChanges): Promise<ModuleWithRelations> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    const module = await requireModule(org.db, viewer, id);
    const edits = await planContentEdits(org, module, changes, 'module');
    if (Object.keys(edits).length > 0)
      await org
        .write(Module)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return loadModule(org.db, viewer, id);
  });
}

interface RelationTarget {
  model: typeof LinkModel;
  otherColumn: string;
  field: string;
  /** The other side's rows this organization may relate (selecting nothing yet). */
  candidates: (org: TenantSql) => Query;
}

export const MODULE_RELATIONS = {
  media: { model: ModuleMedia, otherColumn: 'media_id', field: 'media', candidates: (org) => org.from('media') },
  groups: { model: ModuleGroup, otherColumn: 'group_id', field: 'groups', candidates: (org) => org.from('groups').whereNull('deleted_at') },
  members: {
    model: ModuleMember,
    otherColumn: 'tenant_user_id',
    field: 'tenant_users',
    candidates: (org) => org.from('tenant_users').whereNull('deleted_at'),
  },
} satisfies Record<string, RelationTarget>;

/** Replaces one of the module's related sets (relations to archived rows are kept, see db/relations.ts). */
export async function relate(db: Database, viewer: Viewer, id: string, target: RelationTarget, ids: string[]): Promise<ModuleWithRelations> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    const module = await requireModule(org.db, viewer, id);
    if (isArchived(module)) throw fieldError('is_deleted', archiveMessages('module').archived);
    const found = await existingIds(org, () => target.candidates(org), 'id', ids);
    if (found.size !== ids.length) throw fieldError(target.field, messages.selected(target.field));
    await replaceRelations(org, {
      model: target.model,
      ownerColumn: 'module_id',
      ownerId: id,
      otherColumn: target.otherColumn,
      otherIds: ids,
      managed: target.candidates(org).select('id'),
    });
    return loadModule(org.db, viewer, id);
  });
}

/** Hides (or shows again) a module or component for one member; idempotent. */
export async function setHidden(
  db: Database,
  model: typeof ModuleHidden | typeof ComponentHidden,
  column: 'module_id' | 'component_id',
  rowId: string,
  memberId: string,
  hidden: boolean,
): Promise<void> {
  if (hidden)
    await db.insertRows(model, [{ [column]: rowId, tenant_user_id: memberId, created_at: new Date() }], {
      onConflict: [column, 'tenant_user_id'],
      ignore: true,
    });
  else
    await db
      .write(model)
      .where({ [column]: rowId, tenant_user_id: memberId })
      .delete();
}
