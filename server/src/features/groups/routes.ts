/** Groups of core-platform.md 7.2, under /tenants/{tenantId}/groups. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { answerCsv, presentedBatches, wantsCsv } from '../../http/csv.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { groupPolicy } from './policy.js';
import { GROUP_CSV, presentGroup, type GroupRow } from './presenter.js';
import * as groups from './service.js';

const BASE = '/tenants/:tenantId/groups';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get(BASE, inTenant, can(groupPolicy, 'list'), validate(queryForms.listGroups, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listGroups);
    const params = listParams(query, groups.GROUP_LIST);
    const present = (row: GroupRow) => presentGroup(row, access.role);
    // Every group of the view, streamed (http/csv.ts).
    if (wantsCsv(ctx, query))
      return answerCsv(ctx, { name: 'groups', columns: GROUP_CSV, rows: presentedBatches(groups.allGroups(db, access.tenant.id, params), present) });
    ctx.body = listBody(await groups.listGroups(db, access.tenant.id, params), present);
  });

  router.post(BASE, inTenant, can(groupPolicy, 'create'), validate(forms.group), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.createGroup(db, access.tenant.id, inputOf(ctx, forms.group));
    ctx.status = 201;
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.get(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.loadGroup(db, access.tenant.id, ctx.params.groupId);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.patch(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'update'), validate(forms.groupUpdate), async (ctx) => {
    const access = accessOf(ctx);
    const input = inputOf(ctx, forms.groupUpdate);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (input.is_deleted !== undefined) groupPolicy.authorize(access.role, input.is_deleted ? 'archive' : 'restore');
    const changes = { name: input.name, description: input.description, isDeleted: input.is_deleted };
    const loaded = await groups.updateGroup(db, access.tenant.id, ctx.params.groupId, changes);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.delete(`${BASE}/:groupId`, inTenant, can(groupPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.updateGroup(db, access.tenant.id, ctx.params.groupId, { isDeleted: true });
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/tenant-users`, inTenant, can(groupPolicy, 'relateMembers'), validate(forms.groupMembers), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.relateMembers(db, access.tenant.id, ctx.params.groupId, inputOf(ctx, forms.groupMembers).tenant_users);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  router.post(`${BASE}/:groupId/modules`, inTenant, can(groupPolicy, 'relateModules'), validate(forms.groupModules), async (ctx) => {
    const access = accessOf(ctx);
    const loaded = await groups.relateModules(db, access.tenant.id, ctx.params.groupId, inputOf(ctx, forms.groupModules).modules);
    ctx.body = { data: presentGroup(loaded.group, access.role, loaded) };
  });

  return router;
}
