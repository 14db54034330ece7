/** Members (tenant users) of core-platform.md 7.2, under /tenants/{tenantId}/tenant-users. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { answerCsv, presentedBatches, wantsCsv } from '../../http/csv.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { authenticated, sessionOf } from '../../http/authenticate.js';
import { fieldError, notFound } from '../../http/errors.js';
import { acceptInvitation, accountMessages, loadOwnMembership } from '../accounts/service.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { memberMessages, memberPolicy } from './policy.js';
import { MEMBER_CSV, presentMember, type MemberRow } from './presenter.js';
import * as members from './service.js';

const BASE = '/tenants/:tenantId/tenant-users';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get(BASE, inTenant, can(memberPolicy, 'list'), validate(queryForms.listTenantUsers, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listTenantUsers);
    const params = listParams(query, members.MEMBER_LIST);
    const present = (row: MemberRow) => presentMember(row, access);
    // Every member of the view, streamed (http/csv.ts).
    if (wantsCsv(ctx, query))
      return answerCsv(ctx, { name: 'members', columns: MEMBER_CSV, rows: presentedBatches(members.allMembers(db, access.tenant.id, params), present) });
    ctx.body = listBody(await members.listMembers(db, access.tenant.id, params), present);
  });

  router.post(BASE, inTenant, can(memberPolicy, 'add'), validate(forms.member), async (ctx) => {
    const access = accessOf(ctx);
    const { email, role = 'user' } = inputOf(ctx, forms.member);
    const loaded = await members.addMember(services, access.tenant, { email, role });
    ctx.status = 201;
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.get(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.loadMember(db, access.tenant.id, ctx.params.tenantUserId);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.patch(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'update'), validate(forms.memberUpdate), async (ctx) => {
    const access = accessOf(ctx);
    const input = inputOf(ctx, forms.memberUpdate);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (input.is_deleted !== undefined) memberPolicy.authorize(access.role, input.is_deleted ? 'archive' : 'restore');
    const changes = { role: input.role, isActive: input.is_active, isDeleted: input.is_deleted };
    const loaded = await members.updateMember(db, services.jobs, access, ctx.params.tenantUserId, changes);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.delete(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.updateMember(db, services.jobs, access, ctx.params.tenantUserId, { isDeleted: true });
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.post(`${BASE}/:tenantUserId/groups`, inTenant, can(memberPolicy, 'relateGroups'), validate(forms.memberGroups), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.relateGroups(db, access.tenant.id, ctx.params.tenantUserId, inputOf(ctx, forms.memberGroups).groups);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.post(`${BASE}/:tenantUserId/modules`, inTenant, can(memberPolicy, 'relateModules'), validate(forms.memberModules), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.relateModules(db, access.tenant.id, ctx.params.tenantUserId, inputOf(ctx, forms.memberModules).modules);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.get('/tenants/:tenantId/my-membership', inTenant, can(memberPolicy, 'viewOwn'), async (ctx) => {
    const access = accessOf(ctx);
    const membership = access.membershipId ? await loadOwnMembership(db, access.user, access.membershipId) : undefined;
    if (!membership) throw notFound(memberMessages.notFound);
    ctx.body = { data: membership };
  });

  /** The invited person accepts (ARCHITECTURE.md#member-invitations): logged in as the account the token names. */
  router.post('/accept-invitation', authenticated, validate(forms.acceptInvitation), async (ctx) => {
    const { user } = sessionOf(ctx);
    const membershipId = await acceptInvitation(services, user, inputOf(ctx, forms.acceptInvitation).token);
    const membership = await loadOwnMembership(db, user, membershipId);
    // Accepted in the transaction that just committed; gone only if the organization was archived since.
    if (!membership) throw fieldError('token', accountMessages.invitationInvalid);
    ctx.body = { data: membership };
  });

  return router;
}
