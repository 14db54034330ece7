/** The owner's account calls (core-platform.md 7.1): GET /users, PATCH and DELETE /users/{userId}. */
import { Routes } from '../../http/router.js';
import type { Context } from 'koa';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated, sessionOf } from '../../http/authenticate.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { roleOf } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { userPolicy } from './policy.js';
import { presentUser } from './presenter.js';
import * as users from './service.js';

/** The owner (after `can`) and their own account's id (nobody suspends or bans themself). */
function caller(ctx: Context) {
  return { role: roleOf(ctx), id: sessionOf(ctx).user.id };
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get('/users', authenticated, can(userPolicy, 'list'), validate(queryForms.listUsers, 'query'), async (ctx) => {
    const { role, id } = caller(ctx);
    const page = await users.listUsers(db, listParams(inputOf(ctx, queryForms.listUsers), users.USER_LIST));
    ctx.body = listBody(page, (row) => presentUser(row, role, id));
  });

  router.patch('/users/:userId', authenticated, can(userPolicy, 'suspend'), validate(forms.userUpdate), async (ctx) => {
    const { role, id } = caller(ctx);
    const input = inputOf(ctx, forms.userUpdate);
    const actions = users.actionsOf({ isActive: input.is_active, isDeleted: input.is_deleted });
    // Each action the body asks for is its own operation, checked once the body is validated.
    for (const action of actions) userPolicy.authorize(role, action);
    ctx.body = { data: presentUser(await users.changeUser(db, id, ctx.params.userId, actions), role, id) };
  });

  router.delete('/users/:userId', authenticated, can(userPolicy, 'ban'), async (ctx) => {
    const { role, id } = caller(ctx);
    ctx.body = { data: presentUser(await users.changeUser(db, id, ctx.params.userId, ['ban']), role, id) };
  });

  return router;
}
