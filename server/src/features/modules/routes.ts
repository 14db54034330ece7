/** Modules of core-platform.md 7.2, under /tenants/{tenantId}/modules. */
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
import { contentTreeBody } from './hot.js';
import { contentChanges, listOptions } from '../content/input.js';
import { requireMembership } from '../content/policy.js';
import { modulePolicy } from './policy.js';
import { presentModule } from './presenter.js';
import * as modules from './service.js';
import { ModuleHidden } from '../../db/content-models.js';
import { viewerOf } from '../content/visibility.js';

const BASE = '/tenants/:tenantId/modules';

type ModuleRelation = (typeof modules.MODULE_RELATIONS)[keyof typeof modules.MODULE_RELATIONS];

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const signer = services.signer;

  const answer = (ctx: Context, { module, relations }: modules.ModuleWithRelations, status = 200) => {
    ctx.status = status;
    ctx.body = { data: presentModule(module, accessOf(ctx).role, signer, relations) };
  };

  router.get(
    '/tenants/:tenantId/my-membership/content-tree',
    inTenant,
    can(modulePolicy, 'list'),
    validate(queryForms.getContentTree, 'query'),
    async (ctx) => {
      const access = accessOf(ctx);
      const query = inputOf(ctx, queryForms.getContentTree);
      const body = await contentTreeBody(db, viewerOf(access), { includeInactive: query['include-inactive'] });
      ctx.type = 'json';
      ctx.vary('Accept-Encoding');
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = body.gzip;
      } else {
        ctx.body = body.json;
      }
    },
  );

  router.get(BASE, inTenant, can(modulePolicy, 'list'), validate(queryForms.listModules, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listModules);
    const page = await modules.listModules(db, viewerOf(access), listParams(query, modules.MODULE_LIST), listOptions(query));
    ctx.body = listBody(page, (row) => presentModule(row, access.role, signer));
  });

  router.post(BASE, inTenant, can(modulePolicy, 'create'), async (ctx) => {
    const access = accessOf(ctx);
    const form = await readContentForm(ctx, services, access.tenant.id);
    const created = await form.finish(() => {
      // Multipart text fields arrive with the upload, so the form is parsed here, not by a `validate` step.
      const input = readBody(form.body, forms.module);
      return modules.createModule(db, viewerOf(access), { ...contentChanges(input, form.image), name: input.name, description: input.description });
    });
    answer(ctx, created, 201);
  });

  // The literal `hidden` segment before `:moduleId` (the spec's paths overlap).
  for (const [method, hidden] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method](`${BASE}/hidden/:moduleId`, inTenant, can(modulePolicy, 'hide'), async (ctx) => {
      const access = accessOf(ctx);
      const memberId = requireMembership(access);
      const viewer = viewerOf(access);
      await modules.requireModule(db, viewer, ctx.params.moduleId);
      await modules.setHidden(db, ModuleHidden, 'module_id', ctx.params.moduleId, memberId, hidden);
      answer(ctx, await modules.loadModule(db, viewer, ctx.params.moduleId));
    });
  }

  router.get(`${BASE}/:moduleId`, inTenant, can(modulePolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await modules.loadModule(db, viewerOf(access), ctx.params.moduleId));
  });

  router.post(`${BASE}/:moduleId`, inTenant, can(modulePolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const viewer = viewerOf(access);
    // 404 before an upload is read.
    await modules.requireModule(db, viewer, ctx.params.moduleId);
    const form = await readContentForm(ctx, services, access.tenant.id);
    const updated = await form.finish(() => {
      const input = readBody(form.body, forms.moduleUpdate);
      // The body decides the operation (archive or restore), so this check follows the body's validation.
      if (input.is_deleted !== undefined) modulePolicy.authorize(access.role, input.is_deleted ? 'archive' : 'restore');
      return modules.updateModule(db, viewer, ctx.params.moduleId, contentChanges(input, form.image));
    });
    answer(ctx, updated);
  });

  router.delete(`${BASE}/:moduleId`, inTenant, can(modulePolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await modules.updateModule(db, viewerOf(access), ctx.params.moduleId, { isDeleted: true }));
  });

  const relate = async (ctx: Context, target: ModuleRelation, ids: string[]) =>
    answer(ctx, await modules.relate(db, viewerOf(accessOf(ctx)), ctx.params.moduleId, target, ids));

  router.post(`${BASE}/:moduleId/media`, inTenant, can(modulePolicy, 'relateMedia'), validate(forms.moduleMedia), async (ctx) => {
    await relate(ctx, modules.MODULE_RELATIONS.media, inputOf(ctx, forms.moduleMedia).media);
  });

  router.post(`${BASE}/:moduleId/groups`, inTenant, can(modulePolicy, 'relateGroups'), validate(forms.moduleGroups), async (ctx) => {
    await relate(ctx, modules.MODULE_RELATIONS.groups, inputOf(ctx, forms.moduleGroups).groups);
  });

  router.post(`${BASE}/:moduleId/tenant-users`, inTenant, can(modulePolicy, 'relateMembers'), validate(forms.moduleMembers), async (ctx) => {
    await relate(ctx, modules.MODULE_RELATIONS.members, inputOf(ctx, forms.moduleMembers).tenant_users);
  });

  return router;
}
