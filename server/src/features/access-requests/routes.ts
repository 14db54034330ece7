import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated, sessionOf } from '../../http/authenticate.js';
import { readForm } from '../../http/input.js';
import { assertMayRequestAccess } from './policy.js';
import { createAccessRequest } from './service.js';

export function accessRequestRoutes(services: AppServices): Routes {
  const router = new Routes();
  router.post('/access-requests', authenticated, async (ctx) => {
    const { user } = sessionOf(ctx);
    assertMayRequestAccess(user);
    const input = readForm(ctx.request.body, forms.accessRequest);
    ctx.status = 201;
    ctx.body = { data: await createAccessRequest(services.knex, user, input.name) };
  });
  return router;
}
