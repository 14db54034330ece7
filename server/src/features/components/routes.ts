/** Components of core-platform.md 7.2, under /tenants/{tenantId}/modules/{moduleId}/components. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { Context } from 'koa';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { readBody } from '../../http/read-body.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { readContentForm } from '../media/content-image.js';
import { contentChanges, listOptions } from '../content/input.js';
import { requireMembership } from '../content/policy.js';
import { setHidden } from '../modules/service.js';
import { ComponentHidden } from '../../db/content-models.js';
import { viewerOf } from '../content/visibility.js';
import { componentPolicy } from './policy.js';
import { presentComponent, type ComponentRow } from './presenter.js';
import * as components from './service.js';
import { requireComponent } from './hot.js';

const BASE = '/tenants/:tenantId/modules/:moduleId/components';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const signer = services.signer;

  const answer = (ctx: Context, row: ComponentRow, status = 200) => {
    ctx.status = status;
    ctx.body = { data: presentComponent(row, accessOf(ctx).role, signer) };
  };

  router.get(BASE, inTenant, can(componentPolicy, 'list'), validate(queryForms.listComponents, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listComponents);
    const params = listParams(query, components.COMPONENT_LIST);
    const options = listOptions(query);
    const page = await components.listComponents(db, viewerOf(access), ctx.params.moduleId, params, options);
    ctx.body = listBody(page, (row) => presentComponent(row, access.role, signer));
  });

  router.post(BASE, inTenant, can(componentPolicy, 'create'), async (ctx) => {
    const access = accessOf(ctx);
    const form = await readContentForm(ctx, services, access.tenant.id);
    const created = await form.finish(() => {
      // Multipart text fields arrive with the upload, so the form is parsed here, not by a `validate` step.
      const input = readBody(form.body, forms.component);
      const created = { ...contentChanges(input, form.image), name: input.name, description: input.description };
      return components.createComponent(db, viewerOf(access), ctx.params.moduleId, created);
    });
    answer(ctx, created, 201);
  });

  router.patch(BASE, inTenant, can(componentPolicy, 'reorder'), validate(forms.componentOrder), async (ctx) => {
    const access = accessOf(ctx);
    const { components: order } = inputOf(ctx, forms.componentOrder);
    const page = await components.reorderComponents(db, viewerOf(access), ctx.params.moduleId, order);
    ctx.body = listBody(page, (row) => presentComponent(row, access.role, signer));
  });

  // Literal segments (hidden, copy, move) before `:componentId` (the spec's paths overlap).
  for (const [method, hidden] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method](`${BASE}/hidden/:componentId`, inTenant, can(componentPolicy, 'hide'), async (ctx) => {
      const access = accessOf(ctx);
      const memberId = requireMembership(access);
      const viewer = viewerOf(access);
      const { moduleId, componentId } = ctx.params;
      await requireComponent(db, viewer, moduleId, componentId);
      await setHidden(db, ComponentHidden, 'component_id', componentId, memberId, hidden);
      answer(ctx, await requireComponent(db, viewer, moduleId, componentId));
    });
  }

  router.post(`${BASE}/copy/:componentId`, inTenant, can(componentPolicy, 'copy'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await components.copyComponent(db, viewerOf(access), ctx.params.moduleId, ctx.params.componentId), 201);
  });

  router.post(`${BASE}/move/:componentId`, inTenant, can(componentPolicy, 'move'), validate(forms.componentMove), async (ctx) => {
    const access = accessOf(ctx);
    const target = inputOf(ctx, forms.componentMove).module_id;
    answer(ctx, await components.moveComponent(db, viewerOf(access), ctx.params.moduleId, ctx.params.componentId, target));
  });

  // The second form of the component path (spec 7.2): admin routes name a component without its module.
  router.get('/tenants/:tenantId/components/:componentId', inTenant, can(componentPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await requireComponent(db, viewerOf(access), null, ctx.params.componentId));
  });

  router.get(`${BASE}/:componentId`, inTenant, can(componentPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await requireComponent(db, viewerOf(access), ctx.params.moduleId, ctx.params.componentId));
  });

  router.post(`${BASE}/:componentId`, inTenant, can(componentPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const viewer = viewerOf(access);
    // 404 before an upload is read.
    await requireComponent(db, viewer, ctx.params.moduleId, ctx.params.componentId);
    const form = await readContentForm(ctx, services, access.tenant.id);
    const updated = await form.finish(() => {
      const input = readBody(form.body, forms.componentUpdate);
      // The body decides the operation (archive or restore), so this check follows the body's validation.
      if (input.is_deleted !== undefined) componentPolicy.authorize(access.role, input.is_deleted ? 'archive' : 'restore');
      return components.updateComponent(db, viewer, ctx.params.moduleId, ctx.params.componentId, contentChanges(input, form.image));
    });
    answer(ctx, updated);
  });

  router.delete(`${BASE}/:componentId`, inTenant, can(componentPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await components.updateComponent(db, viewerOf(access), ctx.params.moduleId, ctx.params.componentId, { isDeleted: true }));
  });

  return router;
}
