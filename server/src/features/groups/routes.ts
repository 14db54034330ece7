/** Groups of core-platform.md 7.2, under /tenants/{tenantId}/groups. */
import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticate } from '../../http/authenticate.js';
import { listBody, readListParams } from '../../http/list-query.js';
import { flagOf, idsOf, readBody, textOf } from '../../http/read-body.js';
import { accessOf, requireTenant } from '../../http/tenant-access.js';
import { groupPolicy } from './policy.js';
import { presentGroup } from './presenter.js';
import * as groups from './service.js';

const BASE = '/tenants/:tenantId/groups';

export function groupRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const { knex } = db;
  const inTenant = [authenticate(db), requireTenant(knex)];

  router.get(BASE, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'list');
    const page = await groups.listGroups(db, access.tenant.id, readListParams(ctx.query, groups.GROUP_LIST));
    ctx.body = listBody(page, (row) => presentGroup(row, access.role));
  });

  router.post(BASE, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'create');
    const input = readBody(ctx.request.body, forms.group);
    const loaded = await groups.createGroup(knex, access.tenant.id, { name: textOf(input.name) as string, description: textOf(input.description) as string });
    ctx.status = 201;
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.get(`${BASE}/:groupId`, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'view');
    const loaded = await groups.loadGroup(knex, access.tenant.id, ctx.params.groupId);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.patch(`${BASE}/:groupId`, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'update');
    const input = readBody(ctx.request.body, forms.groupUpdate);
    const isDeleted = flagOf(input.is_deleted);
    if (isDeleted !== undefined) groupPolicy.authorize(access.role, isDeleted ? 'archive' : 'restore');
    const changes = { name: textOf(input.name), description: textOf(input.description), isDeleted };
    const loaded = await groups.updateGroup(knex, access.tenant.id, ctx.params.groupId, changes);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.delete(`${BASE}/:groupId`, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'archive');
    const loaded = await groups.updateGroup(knex, access.tenant.id, ctx.params.groupId, { isDeleted: true });
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/tenant-users`, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'relateMembers');
    const input = readBody(ctx.request.body, forms.groupMembers);
    const loaded = await groups.relateMembers(knex, access.tenant.id, ctx.params.groupId, idsOf(input.tenant_users));
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/modules`, ...inTenant, async (ctx) => {
    const access = accessOf(ctx);
    groupPolicy.authorize(access.role, 'relateModules');
    const input = readBody(ctx.request.body, forms.groupModules);
    const loaded = await groups.relateModules(knex, access.tenant.id, ctx.params.groupId, idsOf(input.modules));
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  return router;
}
