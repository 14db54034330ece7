/**
 * The organization's side of access requests: the Pending / Declined / Archived lists and the
 * transitions (transitions.ts). Approving creates the membership (role user) or restores a removed one
 * in the same transaction, then emails the person.
 */
import type { AppServices } from '../../context.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { searchPeople } from '../../db/contains-search.js';
import { AccessRequest, TenantUser, type AccessRequestStatus } from '../../db/models.js';
import { withColumns } from '../../db/model.js';
import type { Query, TenantSql } from '../../db/query.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { TenantRef } from '../../http/tenant-access.js';
import { accessApprovedEmail } from '../../mail/templates.js';
import { queueMail } from '../../jobs/mail.js';
import { publishMemberEvent } from '../../events/members.js';
import { organizationUrl } from '../tenants/presenter.js';
import { USER_SUMMARY_COLUMNS, USER_SUMMARY_KINDS } from '../tenant-users/presenter.js';
import type { ManagedAccessRequestRow } from './manage-presenter.js';
import { accessRequestDecisionMessages, assertTransition, requestState, type RequestAction } from './transitions.js';

export type AccessRequestSortKey = 'requested' | 'user' | 'status';

export const ACCESS_REQUEST_LIST: ListDefinition<AccessRequestSortKey> = {
  sorts: { requested: 'ar.created_at', user: 'lower(u.name)', status: 'ar.status' },
  defaultOrder: 'requested',
  tieBreaker: 'ar.id',
  searchColumns: ['u.name', 'u.email'],
  search: searchPeople({ userId: 'ar.user_id', name: 'u.name', email: 'u.email' }),
};

function requestsOf(org: TenantSql): Query {
  return org.from('access_requests as ar').join('users as u', 'u.id', 'ar.user_id');
}

/** A request row as read: the model's columns and its person's (`USER_SUMMARY_COLUMNS`). */
const REQUEST_ROW = withColumns(AccessRequest, USER_SUMMARY_KINDS);

const selectRequest = (query: Query) => query.select('ar.id', 'ar.status', 'ar.deleted_at', 'ar.created_at', 'ar.updated_at', ...USER_SUMMARY_COLUMNS);

export async function listAccessRequests(
  db: Database,
  tenantId: string,
  params: ListParams<AccessRequestSortKey>,
  status: AccessRequestStatus | undefined,
): Promise<Page<ManagedAccessRequestRow>> {
  const filtered = applyArchived(requestsOf(db.inTenant(tenantId)), 'ar.deleted_at', params.archived);
  if (status) filtered.where('ar.status', status);
  const page = await paginate<object, AccessRequestSortKey>(db, filtered, params, ACCESS_REQUEST_LIST, selectRequest);
  return normalisedPage<ManagedAccessRequestRow>(page, REQUEST_ROW);
}

async function requireRequest(org: TenantDatabase, id: string): Promise<ManagedAccessRequestRow> {
  const request = await org.row<ManagedAccessRequestRow>(selectRequest(requestsOf(org).where('ar.id', id)), REQUEST_ROW);
  if (!request) throw notFound(accessRequestDecisionMessages.notFound);
  return request;
}

/** A restored request must not become a second open request of the same person. */
async function assertNoOtherOpenRequest(org: TenantDatabase, request: ManagedAccessRequestRow): Promise<void> {
  const other = await org.row(
    org
      .from('access_requests')
      .where({ user_id: request.user_id })
      .whereNot('id', request.id)
      .whereIn('status', ['pending', 'declined'])
      .whereNull('deleted_at')
      .select('id'),
  );
  if (other) throw fieldError('is_deleted', accessRequestDecisionMessages.otherOpenRequest);
}

/**
 * The person becomes a member with role user; a removed membership is restored as user. An invitation waiting for
 * the person is accepted with the role it was given: they asked to join, which is their consent. Answers the
 * membership that joined (null when the person already was a member).
 */
async function grantMembership(org: TenantDatabase, userId: string, now: string): Promise<string | null> {
  const membership = await org.row<Pick<TenantUser, 'id' | 'deleted_at' | 'invited_at'>>(
    org.from('tenant_users').where({ user_id: userId }).select('id', 'deleted_at', 'invited_at'),
    TenantUser,
  );
  if (!membership) {
    const id = newId();
    await org.write(TenantUser).insert({
      id,
      user_id: userId,
      role: 'user',
      is_active: true,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    return id;
  }
  if (membership.deleted_at) {
    await org.write(TenantUser).findById(membership.id).patch({ role: 'user', is_active: true, deleted_at: null, invited_at: null, updated_at: now });
    return membership.id;
  }
  if (membership.invited_at) {
    await org.write(TenantUser).findById(membership.id).patch({ invited_at: null, updated_at: now });
    return membership.id;
  }
  return null;
}

const CHANGES: Record<RequestAction, (now: string) => Partial<Pick<AccessRequest, 'status' | 'deleted_at'>>> = {
  approve: () => ({ status: 'approved' }),
  decline: () => ({ status: 'declined' }),
  archive: (now) => ({ deleted_at: now }),
  restore: () => ({ deleted_at: null }),
};

/** Several actions of one request apply in this order (a restore, then a decision, then an archive). */
const ACTION_ORDER: RequestAction[] = ['restore', 'approve', 'decline', 'archive'];

export function actionsOf(input: { status?: string; isDeleted?: boolean }): RequestAction[] {
  const actions: RequestAction[] = [];
  if (input.isDeleted === false) actions.push('restore');
  if (input.status === 'approved') actions.push('approve');
  if (input.status === 'declined') actions.push('decline');
  if (input.isDeleted === true) actions.push('archive');
  return ACTION_ORDER.filter((action) => actions.includes(action));
}

type Services = Pick<AppServices, 'db' | 'jobs' | 'log' | 'config'>;

export async function decide(services: Services, tenant: TenantRef, id: string, actions: RequestAction[]): Promise<ManagedAccessRequestRow> {
  const request = await services.db.inTenant(tenant.id).transaction(async (org) => {
    let current = await requireRequest(org, id);
    for (const action of actions) {
      assertTransition(action, requestState(current));
      if (action === 'restore') await assertNoOtherOpenRequest(org, current);
      const now = new Date().toISOString();
      const joined = action === 'approve' ? await grantMembership(org, current.user_id, now) : null;
      if (joined) await publishMemberEvent(services.jobs, org, 'member.joined', joined);
      await org
        .write(AccessRequest)
        .findById(id)
        .patch({ ...CHANGES[action](now), updated_at: now });
      current = await requireRequest(org, id);
    }
    if (actions.includes('approve')) {
      await queueMail(services, org, accessApprovedEmail(current.user_email, current.user_name, tenant.name, organizationUrl(services.config, tenant.slug)));
    }
    return current;
  });
  return request;
}
