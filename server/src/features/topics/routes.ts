/** Topics of core-platform.md 7.2, under /tenants/{tenantId}/components/{componentId}/topics, and the caller's favourites. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { Context } from 'koa';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { requireMembership } from '../content/policy.js';
import { viewerOf } from '../content/visibility.js';
import { topicPolicy } from './policy.js';
import { presentTopic, type TopicRow } from './presenter.js';
import * as topics from './service.js';

const BASE = '/tenants/:tenantId/components/:componentId/topics';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  const answer = (ctx: Context, row: TopicRow, status = 200) => {
    ctx.status = status;
    ctx.body = { data: presentTopic(row, accessOf(ctx).role) };
  };

  router.get(
    '/tenants/:tenantId/my-membership/favorite-topics',
    inTenant,
    can(topicPolicy, 'list'),
    validate(queryForms.listFavoriteTopics, 'query'),
    async (ctx) => {
      const access = accessOf(ctx);
      const page = await topics.listFavoriteTopics(db, viewerOf(access), listParams(inputOf(ctx, queryForms.listFavoriteTopics), topics.TOPIC_LIST));
      ctx.body = listBody(page, (row) => presentTopic(row, access.role));
    },
  );

  router.get(BASE, inTenant, can(topicPolicy, 'list'), validate(queryForms.listTopics, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listTopics);
    const params = listParams(query, topics.TOPIC_LIST);
    const { short } = query;
    const page = await topics.listTopics(db, viewerOf(access), ctx.params.componentId, params, { short });
    ctx.body = listBody(page, (row) => presentTopic(row, access.role));
  });

  router.post(BASE, inTenant, can(topicPolicy, 'create'), validate(forms.topic), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await topics.createTopic(db, viewerOf(access), ctx.params.componentId, inputOf(ctx, forms.topic)), 201);
  });

  router.patch(BASE, inTenant, can(topicPolicy, 'reorder'), validate(forms.topicOrder), async (ctx) => {
    const access = accessOf(ctx);
    const page = await topics.reorderTopics(db, viewerOf(access), ctx.params.componentId, inputOf(ctx, forms.topicOrder).topics);
    ctx.body = listBody(page, (row) => presentTopic(row, access.role));
  });

  for (const [method, favorite] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method](`${BASE}/favorites/:topicId`, inTenant, can(topicPolicy, 'favorite'), async (ctx) => {
      const access = accessOf(ctx);
      const memberId = requireMembership(access);
      answer(ctx, await topics.setFavorite(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId, memberId, favorite));
    });
  }

  router.post(`${BASE}/copy/:topicId`, inTenant, can(topicPolicy, 'copy'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await topics.copyTopic(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId), 201);
  });

  router.post(`${BASE}/move/:topicId`, inTenant, can(topicPolicy, 'move'), validate(forms.topicMove), async (ctx) => {
    const access = accessOf(ctx);
    const target = inputOf(ctx, forms.topicMove).component_id;
    answer(ctx, await topics.moveTopic(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId, target));
  });

  // Admin routes (topics/:topic/edit, topics/:topic/items) name a topic without its component.
  router.get('/tenants/:tenantId/topics/:topicId', inTenant, can(topicPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await topics.requireTopic(db, viewerOf(access), null, ctx.params.topicId));
  });

  router.get(`${BASE}/:topicId`, inTenant, can(topicPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await topics.requireTopic(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId));
  });

  router.patch(`${BASE}/:topicId`, inTenant, can(topicPolicy, 'update'), validate(forms.topicUpdate), async (ctx) => {
    const access = accessOf(ctx);
    const input = inputOf(ctx, forms.topicUpdate);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (input.is_deleted !== undefined) topicPolicy.authorize(access.role, input.is_deleted ? 'archive' : 'restore');
    const changes = { name: input.name, description: input.description, isActive: input.is_active, isDeleted: input.is_deleted, order: input.order };
    answer(ctx, await topics.updateTopic(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId, changes));
  });

  router.delete(`${BASE}/:topicId`, inTenant, can(topicPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await topics.updateTopic(db, viewerOf(access), ctx.params.componentId, ctx.params.topicId, { isDeleted: true }));
  });

  return router;
}
