/** Items of core-platform.md 7.2, under /tenants/{tenantId}/topics/{topicId}/items. */
import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { requireMembership } from '../content/policy.js';
import { viewerOf } from '../content/visibility.js';
import { itemEntriesOf } from './input.js';
import { itemMessages, itemPolicy } from './policy.js';
import { captionsOfMedia } from '../media/captions.js';
import { presentItemTree, videoIdsOf, type ItemRow } from './presenter.js';
import * as items from './service.js';
import { itemRows } from './hot.js';

const BASE = '/tenants/:tenantId/topics/:topicId/items';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const signer = services.signer;
  /** The tree, with every shown video's captions tracks read in one query. */
  const tree = async (tenantId: string, rows: ItemRow[]) => presentItemTree(rows, signer, await captionsOfMedia(db, tenantId, videoIdsOf(rows)));

  router.get(BASE, inTenant, can(itemPolicy, 'list'), async (ctx) => {
    const access = accessOf(ctx);
    ctx.body = { data: await tree(access.tenant.id, await items.listItems(db, viewerOf(access), ctx.params.topicId)) };
  });

  router.put(BASE, inTenant, can(itemPolicy, 'save'), validate(forms.itemList), async (ctx) => {
    const access = accessOf(ctx);
    const entries = itemEntriesOf(inputOf(ctx, forms.itemList));
    const viewer = viewerOf(access);
    const ids = await items.saveItems(db, viewer, ctx.params.topicId, entries);
    ctx.body = { data: await tree(access.tenant.id, await itemRows(db, viewer, ctx.params.topicId)), meta: { ids } };
  });

  for (const [method, complete] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method](`${BASE}/completed/:itemId`, inTenant, can(itemPolicy, 'complete'), async (ctx) => {
      const access = accessOf(ctx);
      const memberId = requireMembership(access);
      const viewer = viewerOf(access);
      const { topicId, itemId } = ctx.params;
      await items.setComplete(db, services.jobs, viewer, topicId, itemId, memberId, complete);
      const row = (await tree(viewer.tenantId, await itemRows(db, viewer, topicId))).find((item) => item.id === itemId);
      if (!row) throw notFound(itemMessages.notFound);
      ctx.body = { data: row };
    });
  }

  router.delete(`${BASE}/:itemId`, inTenant, can(itemPolicy, 'delete'), async (ctx) => {
    const access = accessOf(ctx);
    const viewer = viewerOf(access);
    await items.deleteItem(db, viewer, ctx.params.topicId, ctx.params.itemId);
    ctx.body = { data: await tree(viewer.tenantId, await itemRows(db, viewer, ctx.params.topicId)) };
  });

  return router;
}
