/**
 * POST /tenants/{tenantId}/embed-sessions (ARCHITECTURE.md#embed-sessions): an integration client of the organization
 * with the role admin or master creates a single-use session for a person signed in to its intranet.
 */
import type { Context, Next } from 'koa';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { embedSessionMessages, embedSessionPolicy } from './policy.js';
import { clientOf } from './hot.js';
import { createEmbedSession } from './service.js';

declare module 'koa' {
  interface DefaultState {
    /** The integration client calling (after `byIntegrationClient`). */
    embedClientId?: string;
  }
}

/** 403 unless the caller is a live integration client of the organization: a person never creates embed sessions. */
async function byIntegrationClient(ctx: Context, next: Next): Promise<void> {
  const access = accessOf(ctx);
  const clientId = access.role === 'owner' ? undefined : await clientOf(ctx.services.db, access.tenant.id, access.user.id);
  if (!clientId) throw forbidden('forbidden', embedSessionMessages.clientsOnly);
  ctx.state.embedClientId = clientId;
  await next();
}

/** Counted per client (RATE_LIMIT_EMBED_SESSIONS): the 429 is in the access log under the client's account and organization. */
async function limitedPerClient(ctx: Context, next: Next): Promise<void> {
  await ctx.services.limiters.consume('embedSessions', ctx.state.embedClientId ?? '');
  await next();
}

export function routes(services: AppServices): Routes {
  const router = new Routes();

  router.post(
    '/tenants/:tenantId/embed-sessions',
    inTenant,
    can(embedSessionPolicy, 'create'),
    byIntegrationClient,
    limitedPerClient,
    validate(forms.embedSession),
    async (ctx) => {
      const access = accessOf(ctx);
      const client = { id: ctx.state.embedClientId ?? '', role: access.role };
      ctx.status = 201;
      ctx.body = { data: await createEmbedSession(services, access.tenant, client, inputOf(ctx, forms.embedSession)) };
    },
  );

  return router;
}
