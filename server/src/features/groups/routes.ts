/** Groups of core-platform.md 7.2, under /tenants/{tenantId}/groups. */
import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { listBody, readListParams } from '../../http/list-query.js';
import { flagOf, idsOf, readBody, textOf } from '../../http/read-body.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { groupPolicy } from './policy.js';
import { presentGroup } from './presenter.js';
import * as groups from './service.js';

const BASE = '/tenants/:tenantId/groups';

export function groupRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { knex } = services;

  router.get(BASE, inTenant, can(groupPolicy, 'list'), async (ctx) => {
    const access = accessOf(ctx);
    const page = await groups.listGroups(knex, access.tenant.id, readListParams(ctx.query, groups.GROUP_LIST));
    ctx.body = listBody(page, (row) => presentGroup(row, access.role));
  });

  router.post(BASE, inTenant, can(groupPolicy, 'create'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.group);
    const loaded = await groups.createGroup(knex, access.tenant.id, { name: textOf(input.name) as string, description: textOf(input.description) as string });
    ctx.status = 201;
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.get(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.loadGroup(knex, access.tenant.id, ctx.params.groupId);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.patch(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.groupUpdate);
    const isDeleted = flagOf(input.is_deleted);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (isDeleted !== undefined) groupPolicy.authorize(access.role, isDeleted ? 'archive' : 'restore');
    const changes = { name: textOf(input.name), description: textOf(input.description), isDeleted };
    const loaded = await groups.updateGroup(knex, access.tenant.id, ctx.params.groupId, changes);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.delete(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.updateGroup(knex, access.tenant.id, ctx.params.groupId, { isDeleted: true });
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/tenant-users`, inTenant, can(groupPolicy, 'relateMembers'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.groupMembers);
    const loaded = await groups.relateMembers(knex, access.tenant.id, ctx.params.groupId, idsOf(input.tenant_users));
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/modules`, inTenant, can(groupPolicy, 'relateModules'), async (ctx) => {
    const access = accessOf(ctx);
    const input = readBody(ctx.request.body, forms.groupModules);
    const loaded = await groups.relateModules(knex, access.tenant.id, ctx.params.groupId, idsOf(input.modules));
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  return router;
}
