/** The owner's User Management: the account list and the suspend / reactivate / ban / restore transitions. */
import type { Database } from '../../db/database.js';
import { searchPeople } from '../../db/contains-search.js';
import { notFound } from '../../http/errors.js';
import { applyArchived, bySelected, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { revokeAccountGrants } from '../../db/oidc-payloads.js';
import { assertTransition, type UserAction } from './policy.js';
import type { ManagedUserRow } from './presenter.js';
import { withColumns } from '../../db/model.js';
import { User } from '../../db/models.js';
import type { Query } from '../../db/query.js';

export type UserSortKey = 'name' | 'email' | 'created_at' | 'created' | 'joined' | 'memberships';

/** `created` is the spec's key for `created_at` (section 9 sort key map); `joined` the portal's column name. */
export const USER_LIST: ListDefinition<UserSortKey> = {
  sorts: {
    name: 'lower(u.name)',
    email: 'u.email',
    created_at: 'u.created_at',
    created: 'u.created_at',
    joined: 'u.created_at',
    memberships: bySelected('memberships_count'),
  },
  defaultOrder: 'created_at',
  defaultDesc: true,
  tieBreaker: 'u.id',
  searchColumns: ['u.name', 'u.email'],
  search: searchPeople({ userId: 'u.id', name: 'u.name', email: 'u.email' }),
};

/** An account row as the owner's list reads it: the model's columns and the count of its live memberships. */
const MANAGED_USER_ROW = withColumns(User, { numberColumns: ['memberships_count'] });

function selectUser(db: Database) {
  return (query: Query) =>
    query.select(
      'u.id',
      'u.name',
      'u.email',
      'u.is_owner',
      'u.is_active',
      'u.confirmed_at',
      'u.deleted_at',
      'u.created_at',
      'u.updated_at',
      // The owner's list counts each account's memberships in every organization.
      db
        .acrossTenants('tenant_users as tu')
        .join('tenants as t', 't.id', 'tu.tenant_id')
        .count('*')
        .where('tu.user_id', db.sql.ref('u.id'))
        .whereNull('tu.deleted_at')
        .whereNull('tu.invited_at')
        .whereNull('t.deleted_at')
        .as('memberships_count'),
    );
}

/** Views (spec section 4): active = active and not banned, suspended = inactive and not banned, banned = archived. */
export async function listUsers(db: Database, params: ListParams<UserSortKey>): Promise<Page<ManagedUserRow>> {
  // Integration clients' accounts (features/integration-clients) are managed there, not among people.
  const filtered = applyArchived(db.from('users as u').where('u.is_service_account', false), 'u.deleted_at', params.archived);
  if (!params.archived && params.active !== undefined) filtered.where('u.is_active', params.active);
  return normalisedPage<ManagedUserRow>(await paginate<object, UserSortKey>(db, filtered, params, USER_LIST, selectUser(db)), MANAGED_USER_ROW);
}

async function requireUser(db: Database, id: string): Promise<ManagedUserRow> {
  const user = await db.row<ManagedUserRow>(selectUser(db)(db.from('users as u').where('u.id', id).andWhere('u.is_service_account', false)), MANAGED_USER_ROW);
  if (!user) throw notFound('This user could not be found.');
  return user;
}

const CHANGES: Record<UserAction, (now: string) => Partial<Pick<User, 'is_active' | 'deleted_at'>>> = {
  suspend: () => ({ is_active: false }),
  reactivate: () => ({ is_active: true }),
  ban: (now) => ({ deleted_at: now }),
  restore: () => ({ deleted_at: null }),
};

/** The order several actions of one request apply in: restore before reactivate, suspend before ban. */
const ACTION_ORDER: UserAction[] = ['restore', 'reactivate', 'suspend', 'ban'];

/**
 * Applies the actions in order, each checked against the state the previous one left. Suspending or
 * banning ends every login of the account in the same transaction (authenticate also refuses the account).
 */
export async function changeUser(db: Database, callerId: string, id: string, actions: UserAction[]): Promise<ManagedUserRow> {
  return db.transaction(async (tx) => {
    let user = await requireUser(tx, id);
    for (const action of ACTION_ORDER.filter((candidate) => actions.includes(candidate))) {
      assertTransition(callerId, user, action);
      const now = new Date().toISOString();
      await tx
        .write(User)
        .findById(id)
        .patch({ ...CHANGES[action](now), updated_at: now });
      if (action === 'suspend' || action === 'ban') await revokeAccountGrants(tx, id);
      user = await requireUser(tx, id);
    }
    return user;
  });
}

/** The actions a PATCH body asks for. */
export function actionsOf(input: { isActive?: boolean; isDeleted?: boolean }): UserAction[] {
  const actions: UserAction[] = [];
  if (input.isDeleted === false) actions.push('restore');
  if (input.isActive === true) actions.push('reactivate');
  if (input.isActive === false) actions.push('suspend');
  if (input.isDeleted === true) actions.push('ban');
  return actions;
}
