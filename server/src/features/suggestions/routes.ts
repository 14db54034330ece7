/**
 * Suggestions (core-platform.md 7.2 and the call the spec's list lacks): POST sends one; GET list, GET one,
 * PATCH is_active and DELETE are the organization's inbox under /tenants/{tenantId}/suggestions.
 */
import { Routes } from '../../http/router.js';
import { forms, SUGGESTION_MAX_IMAGES, queryForms } from '@tessera/sdk/rules';
import type { Context, Next } from 'koa';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { readBody } from '../../http/read-body.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { presentMediaSummary } from '../media/summary.js';
import { receiveImages, withUpload } from '../media/upload.js';
import { requireMembership } from '../content/policy.js';
import { viewerOf } from '../content/visibility.js';
import { suggestionPolicy } from './policy.js';
import { presentSuggestion } from './presenter.js';
import { resolveRelatedContent } from './related-content.js';
import * as suggestions from './service.js';

const BASE = '/tenants/:tenantId/suggestions';

/** A learner's uploads are counted per membership (authors upload through the library, behind their role): 429 beyond. */
async function countLearnerUpload(ctx: Context, next: Next): Promise<void> {
  const access = accessOf(ctx);
  if (access.role === 'user' && access.membershipId && ctx.is('multipart/form-data')) {
    await ctx.services.limiters.consume('memberUploads', access.membershipId);
  }
  await next();
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const signer = services.signer;

  const present = (ctx: Context, suggestion: suggestions.SuggestionWithMedia) =>
    presentSuggestion(
      suggestion,
      suggestion.media.map((media) => presentMediaSummary(media, signer)),
      accessOf(ctx).role,
    );

  router.get(BASE, inTenant, can(suggestionPolicy, 'list'), validate(queryForms.listSuggestions, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const page = await suggestions.listSuggestions(db, access.tenant.id, listParams(inputOf(ctx, queryForms.listSuggestions), suggestions.SUGGESTION_LIST));
    ctx.body = listBody(page, (row) => present(ctx, row));
  });

  // JSON, or multipart with `images[]` streamed through the media upload pipeline (stored, then discarded if
  // anything after fails, so a refused suggestion leaves no file behind).
  router.post(BASE, inTenant, can(suggestionPolicy, 'create'), countLearnerUpload, async (ctx) => {
    const access = accessOf(ctx);
    const memberId = requireMembership(access);
    const upload = ctx.is('multipart/form-data') ? await receiveImages(ctx, services, { tenantId: access.tenant.id, max: SUGGESTION_MAX_IMAGES }) : null;
    const send = async () => {
      // JSON or the text fields of an upload: the form is parsed here, once the images are stored.
      const input = readBody(upload ? upload.fields : ctx.request.body, forms.suggestion);
      const related = await resolveRelatedContent(db, viewerOf(access), {
        module_id: input.module_id ?? null,
        component_id: input.component_id ?? null,
        topic_id: input.topic_id ?? null,
      });
      return suggestions.createSuggestion(db, { tenantId: access.tenant.id, memberId, text: input.text, related, images: upload?.images ?? [] });
    };
    const created = upload ? await withUpload(upload, send) : await send();
    ctx.status = 201;
    ctx.body = { data: present(ctx, created) };
  });

  router.get(`${BASE}/:suggestionId`, inTenant, can(suggestionPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    ctx.body = { data: present(ctx, await suggestions.requireSuggestion(db, access.tenant.id, ctx.params.suggestionId)) };
  });

  router.patch(`${BASE}/:suggestionId`, inTenant, can(suggestionPolicy, 'update'), validate(forms.suggestionUpdate), async (ctx) => {
    const access = accessOf(ctx);
    const unread = inputOf(ctx, forms.suggestionUpdate).is_active;
    ctx.body = { data: present(ctx, await suggestions.markSuggestion(db, access.tenant.id, ctx.params.suggestionId, unread)) };
  });

  router.delete(`${BASE}/:suggestionId`, inTenant, can(suggestionPolicy, 'delete'), async (ctx) => {
    const access = accessOf(ctx);
    await suggestions.deleteSuggestion(db, services.storage, access.tenant.id, ctx.params.suggestionId);
    ctx.status = 204;
  });

  return router;
}
