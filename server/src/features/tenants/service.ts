/** Organizations: the owner's list, creation, editing, archive and restore. */
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/values.js';
import { newId } from '../../db/ids.js';
import { planArchive } from '../../http/archiving.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, bySelected, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { tenantMessages } from './policy.js';
import type { TenantRow } from './presenter.js';
import { withColumns } from '../../db/model.js';
import { Tenant } from '../../db/models.js';
import type { Query } from '../../db/query.js';
import { followName, uniqueSlug } from './slug.js';

export type TenantSortKey = 'name' | 'created' | 'groups' | 'modules' | 'members';

export const TENANT_LIST: ListDefinition<TenantSortKey> = {
  sorts: {
    name: 'lower(t.name)',
    created: 't.created_at',
    groups: bySelected('groups_count'),
    modules: bySelected('modules_count'),
    members: bySelected('members_count'),
  },
  defaultOrder: 'created',
  tieBreaker: 't.id',
  searchColumns: ['t.name'],
};

/** A tenant row as read: the model's columns and its counts. */
const TENANT_ROW = withColumns(Tenant, { numberColumns: ['groups_count', 'modules_count', 'members_count'] });

/** The tenant columns plus its live groups, modules and members, counted in the same query. */
function selectTenant(db: Database) {
  const tenantId = db.sql.ref('t.id');
  // The owner's list counts each organization's rows: the counted tables are read across organizations, each
  // held to the listed organization by its tenant_id.
  return (query: Query) =>
    query.select(
      't.id',
      't.name',
      't.slug',
      't.enable_bioreq',
      't.enable_embed_jit',
      't.deleted_at',
      't.created_at',
      't.updated_at',
      db.acrossTenants('groups as g').count('*').where('g.tenant_id', tenantId).whereNull('g.deleted_at').as('groups_count'),
      db.acrossTenants('modules as m').count('*').where('m.tenant_id', tenantId).whereNull('m.deleted_at').as('modules_count'),
      db
        .acrossTenants('tenant_users as tu')
        .count('*')
        .where('tu.tenant_id', tenantId)
        .whereNull('tu.deleted_at')
        .whereNull('tu.invited_at')
        .as('members_count'),
    );
}

export async function listTenants(db: Database, params: ListParams<TenantSortKey>): Promise<Page<TenantRow>> {
  const filtered = applyArchived(db.from('tenants as t'), 't.deleted_at', params.archived);
  return normalisedPage<TenantRow>(await paginate<object, TenantSortKey>(db, filtered, params, TENANT_LIST, selectTenant(db)), TENANT_ROW);
}

/** One organization by id, slug or former slug, archived ones included (the owner restores them). */
async function findTenant(db: Database, idOrSlug: string): Promise<TenantRow | undefined> {
  const query = db.from('tenants as t').where((scope) =>
    scope
      .where('t.id', idOrSlug)
      .orWhere('t.slug', idOrSlug)
      // A former slug names its organization: which one is what the lookup finds out.
      .orWhereIn('t.id', db.acrossTenants('tenant_slugs').where('slug', idOrSlug).select('tenant_id')),
  );
  return db.row<TenantRow>(selectTenant(db)(query), TENANT_ROW);
}

export async function requireTenantRow(db: Database, idOrSlug: string): Promise<TenantRow> {
  const tenant = await findTenant(db, idOrSlug);
  if (!tenant) throw notFound('This organization could not be found.');
  return tenant;
}

/** Names are unique in any letter case, archived organizations included (a restore must not collide). */
async function assertNameFree(db: Database, name: string, exceptId?: string): Promise<void> {
  const query = db.from('tenants').whereRaw('lower(name) = ?', [name.toLowerCase()]);
  if (exceptId) query.whereNot('id', exceptId);
  if (await db.row(query.select('id'))) throw fieldError('name', tenantMessages.nameTaken);
}

/** A lost race on the unique index answers the same 422 as the check before it. */
async function guardNameRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', tenantMessages.nameTaken);
    throw error;
  }
}

export async function createTenant(db: Database, input: { name: string; enableBioreq: boolean }): Promise<TenantRow> {
  return guardNameRace(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const now = new Date().toISOString();
      const id = newId();
      const slug = await uniqueSlug(tx, input.name);
      await tx.write(Tenant).insert({ id, name: input.name, slug, enable_bioreq: input.enableBioreq, deleted_at: null, created_at: now, updated_at: now });
      return requireTenantRow(tx, id);
    }),
  );
}

export interface TenantChanges {
  name?: string;
  enableBioreq?: boolean;
  /** Embed sessions make non-members members just in time (features/embed-sessions). */
  enableEmbedJit?: boolean;
  isDeleted?: boolean;
}

/** Edits, archives (`isDeleted: true`) or restores (`isDeleted: false`) an organization; the slug follows the name (slug.ts). */
export async function updateTenant(db: Database, idOrSlug: string, changes: TenantChanges): Promise<TenantRow> {
  return guardNameRace(() =>
    db.transaction(async (tx) => {
      const tenant = await requireTenantRow(tx, idOrSlug);
      const edits: Partial<Pick<Tenant, 'name' | 'enable_bioreq' | 'enable_embed_jit' | 'deleted_at'>> = {};
      if (changes.name !== undefined && changes.name !== tenant.name) {
        await assertNameFree(tx, changes.name, tenant.id);
        edits.name = changes.name;
        await followName(tx, tenant, changes.name);
      }
      if (changes.enableBioreq !== undefined) edits.enable_bioreq = changes.enableBioreq;
      if (changes.enableEmbedJit !== undefined) edits.enable_embed_jit = changes.enableEmbedJit;
      const plan = planArchive(tenant, changes.isDeleted, Object.keys(edits).length > 0, 'organization');
      if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
      if (Object.keys(edits).length > 0)
        await tx
          .write(Tenant)
          .findById(tenant.id)
          .patch({ ...edits, updated_at: new Date().toISOString() });
      return requireTenantRow(tx, tenant.id);
    }),
  );
}
