/** The owner's account calls (core-platform.md 7.1): GET /users, PATCH and DELETE /users/{userId}. */
import { Routes } from '../../http/router.js';
import type { Context } from 'koa';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticate, sessionOf } from '../../http/authenticate.js';
import { listBody, readListParams } from '../../http/list-query.js';
import { flagOf, readBody } from '../../http/read-body.js';
import { platformRole } from '../../http/tenant-access.js';
import { userPolicy } from './policy.js';
import { presentUser } from './presenter.js';
import * as users from './service.js';

type Operation = keyof typeof userPolicy.rules;

function caller(ctx: Context, operation: Operation) {
  const { user } = sessionOf(ctx);
  const role = platformRole(user);
  userPolicy.authorize(role, operation);
  return { role, id: user.id };
}

export function userRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const { knex } = db;
  const requireSession = authenticate(db);

  router.get('/users', requireSession, async (ctx) => {
    const { role, id } = caller(ctx, 'list');
    const page = await users.listUsers(db, readListParams(ctx.query, users.USER_LIST));
    ctx.body = listBody(page, (row) => presentUser(row, role, id));
  });

  router.patch('/users/:userId', requireSession, async (ctx) => {
    const { role, id } = caller(ctx, 'suspend');
    const input = readBody(ctx.request.body, forms.userUpdate);
    const actions = users.actionsOf({ isActive: flagOf(input.is_active), isDeleted: flagOf(input.is_deleted) });
    for (const action of actions) userPolicy.authorize(role, action);
    ctx.body = { data: presentUser(await users.changeUser(knex, id, ctx.params.userId, actions), role, id) };
  });

  router.delete('/users/:userId', requireSession, async (ctx) => {
    const { role, id } = caller(ctx, 'ban');
    ctx.body = { data: presentUser(await users.changeUser(knex, id, ctx.params.userId, ['ban']), role, id) };
  });

  return router;
}
