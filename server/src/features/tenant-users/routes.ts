/** Members (tenant users) of core-platform.md 7.2, under /tenants/{tenantId}/tenant-users. */
import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import type { Role } from '../../db/models.js';
import { listBody, readListParams } from '../../http/list-query.js';
import { flagOf, idsOf, readBody, textOf } from '../../http/read-body.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { memberPolicy } from './policy.js';
import { presentMember } from './presenter.js';
import * as members from './service.js';

const BASE = '/tenants/:tenantId/tenant-users';

export function tenantUserRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { knex } = services;

  router.get(BASE, inTenant, can(memberPolicy, 'list'), async (ctx) => {
    const access = accessOf(ctx);
    const page = await members.listMembers(knex, access.tenant.id, readListParams(ctx.query, members.MEMBER_LIST));
    ctx.body = listBody(page, (row) => presentMember(row, access));
  });

  router.post(BASE, inTenant, can(memberPolicy, 'add'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.member);
    const role = (textOf(input.role) || 'user') as Role;
    const loaded = await members.addMember(services, access.tenant, { email: textOf(input.email) as string, role });
    ctx.status = 201;
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.get(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.loadMember(knex, access.tenant.id, ctx.params.tenantUserId);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.patch(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.memberUpdate);
    const isDeleted = flagOf(input.is_deleted);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (isDeleted !== undefined) memberPolicy.authorize(access.role, isDeleted ? 'archive' : 'restore');
    const changes = { role: (textOf(input.role) || undefined) as Role | undefined, isActive: flagOf(input.is_active), isDeleted };
    const loaded = await members.updateMember(knex, access, ctx.params.tenantUserId, changes);
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.delete(`${BASE}/:tenantUserId`, inTenant, can(memberPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await members.updateMember(knex, access, ctx.params.tenantUserId, { isDeleted: true });
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.post(`${BASE}/:tenantUserId/groups`, inTenant, can(memberPolicy, 'relateGroups'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.memberGroups);
    const loaded = await members.relateGroups(knex, access.tenant.id, ctx.params.tenantUserId, idsOf(input.groups));
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  router.post(`${BASE}/:tenantUserId/modules`, inTenant, can(memberPolicy, 'relateModules'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.memberModules);
    const loaded = await members.relateModules(knex, access.tenant.id, ctx.params.tenantUserId, idsOf(input.modules));
    ctx.body = { data: presentMember(loaded.member, access, loaded) };
  });

  return router;
}
