/** Webhook endpoints of an organization and their delivery log, under /tenants/{tenantId}/webhooks. */
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { webhookPolicy } from './policy.js';
import { presentDelivery, presentDeliveryDetail, presentWebhook } from './presenter.js';
import * as webhooks from './service.js';

const BASE = '/tenants/:tenantId/webhooks';
const ONE = `${BASE}/:webhookId`;
const DELIVERY = `${ONE}/deliveries/:deliveryId`;

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db, jobs } = services;
  const config = services.config.webhooks;

  router.get(BASE, inTenant, can(webhookPolicy, 'list'), validate(queryForms.listWebhooks, 'query'), async (ctx) => {
    const params = listParams(inputOf(ctx, queryForms.listWebhooks), webhooks.WEBHOOK_LIST);
    ctx.body = listBody(await webhooks.listWebhooks(db, accessOf(ctx).tenant.id, params), presentWebhook);
  });

  router.post(BASE, inTenant, can(webhookPolicy, 'create'), validate(forms.webhook), async (ctx) => {
    const access = accessOf(ctx);
    const created = await webhooks.createWebhook(db, config, access.tenant.id, access.user.id, inputOf(ctx, forms.webhook));
    ctx.status = 201;
    ctx.body = { data: { ...presentWebhook(created.row), secret: created.secret } };
  });

  router.get(ONE, inTenant, can(webhookPolicy, 'read'), async (ctx) => {
    ctx.body = { data: presentWebhook(await webhooks.loadWebhook(db.inTenant(accessOf(ctx).tenant.id), ctx.params.webhookId)) };
  });

  router.patch(ONE, inTenant, can(webhookPolicy, 'update'), validate(forms.webhookUpdate), async (ctx) => {
    const input = inputOf(ctx, forms.webhookUpdate);
    ctx.body = { data: presentWebhook(await webhooks.updateWebhook(db, config, accessOf(ctx).tenant.id, ctx.params.webhookId, input)) };
  });

  router.delete(ONE, inTenant, can(webhookPolicy, 'delete'), async (ctx) => {
    await webhooks.deleteWebhook(db, accessOf(ctx).tenant.id, ctx.params.webhookId);
    ctx.status = 204;
  });

  router.post(`${ONE}/secret`, inTenant, can(webhookPolicy, 'rotate'), async (ctx) => {
    ctx.body = { data: await webhooks.rotateSecret(db, config, accessOf(ctx).tenant.id, ctx.params.webhookId) };
  });

  router.get(`${ONE}/deliveries`, inTenant, can(webhookPolicy, 'deliveries'), validate(queryForms.listWebhookDeliveries, 'query'), async (ctx) => {
    const query = inputOf(ctx, queryForms.listWebhookDeliveries);
    const params = listParams(query, webhooks.DELIVERY_LIST);
    const page = await webhooks.listDeliveries(db, accessOf(ctx).tenant.id, ctx.params.webhookId, params, query.state);
    ctx.body = listBody(page, presentDelivery);
  });

  router.get(DELIVERY, inTenant, can(webhookPolicy, 'deliveries'), async (ctx) => {
    const { row, attempts } = await webhooks.getDelivery(db, accessOf(ctx).tenant.id, ctx.params.webhookId, ctx.params.deliveryId);
    ctx.body = { data: presentDeliveryDetail(row, attempts) };
  });

  router.post(`${DELIVERY}/replay`, inTenant, can(webhookPolicy, 'replay'), async (ctx) => {
    const delivery = await webhooks.replayDelivery(db, jobs, accessOf(ctx).tenant.id, ctx.params.webhookId, ctx.params.deliveryId);
    ctx.status = 202;
    ctx.body = { data: presentDelivery(delivery) };
  });

  return router;
}
