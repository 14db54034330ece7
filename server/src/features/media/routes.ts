/** The media library of core-platform.md 7.2, under /tenants/{tenantId}/media. */
import { Routes } from '../../http/router.js';
import { MEDIA_TYPES, forms, messages, parseForm, type FileKind, queryForms } from '@tessera/sdk/rules';
import type { Context } from 'koa';
import type { AppServices } from '../../context.js';
import type { MediaType } from '../../db/content-models.js';
import { newId } from '../../db/ids.js';
import { fieldError, validationFailed } from '../../http/errors.js';
import { listBody, listParams } from '../../http/list-query.js';
import { readBody } from '../../http/read-body.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import * as captions from './captions.js';
import { mediaPolicy } from './policy.js';
import { presentMedia } from './presenter.js';
import * as media from './service.js';
import { fileOf, finishFiles, libraryKind, receiveMultipart, typeMessage, unacceptableFile, withUpload, type MultipartForm } from './upload.js';
import type { ReceivedFile } from '../../storage/received-file.js';

const BASE = '/tenants/:tenantId/media';

function mediaTypeOf(value: unknown): MediaType | undefined {
  return typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value) ? (value as MediaType) : undefined;
}

/** The `type` a form declares must be the kind the bytes turned out to be (else 406 with that kind's message). */
function checkDeclaredType(form: MultipartForm, file: ReceivedFile): void {
  const declared = form.fields.type;
  if (declared === undefined || declared === '') return;
  const kind = mediaTypeOf(declared);
  if (!kind) throw fieldError('type', messages.selected('type'));
  if (kind !== file.kind) throw unacceptableFile('file', typeMessage(kind));
}

/** A video needs a thumbnail; an image makes its own (a sent one is dropped). */
async function thumbnailFor(form: MultipartForm, kind: FileKind, services: AppServices, required: boolean): Promise<ReceivedFile | undefined> {
  const thumbnail = fileOf(form, 'thumbnail');
  if (kind === 'image') {
    if (thumbnail) await services.storage.delete(thumbnail.key);
    return undefined;
  }
  if (!thumbnail && required && kind === 'video') throw validationFailed({ thumbnail: [messages.required('thumbnail')] });
  return thumbnail;
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const signer = services.signer;
  const storage = services.storage;

  const answer = (ctx: Context, { media: row, modules, captions: tracks }: media.MediaWithModules, status = 200) => {
    ctx.status = status;
    ctx.body = { data: presentMedia(row, modules, accessOf(ctx).role, signer, tracks) };
  };

  router.get(BASE, inTenant, can(mediaPolicy, 'list'), validate(queryForms.listMedia, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listMedia);
    const page = await media.listMedia(db, access.tenant.id, listParams(query, media.MEDIA_LIST), { type: query.type, moduleId: query.module });
    const modules = await media.modulesOfMedia(
      db,
      access.tenant.id,
      page.rows.map((row) => row.id),
    );
    // Every listed video's captions in one query (none when the page has no video).
    const tracks = await captions.captionsOfMedia(
      db,
      access.tenant.id,
      page.rows.filter((row) => row.type === 'video').map((row) => row.id),
    );
    ctx.body = listBody(page, (row) => presentMedia(row, modules.get(row.id) ?? [], access.role, signer, tracks.get(row.id)));
  });

  router.post(BASE, inTenant, can(mediaPolicy, 'create'), async (ctx) => {
    const access = accessOf(ctx);
    const tenantId = access.tenant.id;
    const form = await receiveMultipart(ctx, services, {
      tenantId,
      mediaId: newId(),
      files: { file: { kind: libraryKind }, thumbnail: { kind: 'thumbnail' } },
    });
    const id = await withUpload(form, async () => {
      // The text fields arrive with the upload, so the form is parsed here, not by a `validate` step.
      const input = readBody(form.fields, forms.media);
      const file = fileOf(form, 'file');
      if (!file) throw validationFailed({ file: [messages.required('file')] });
      checkDeclaredType(form, file);
      const thumbnail = await thumbnailFor(form, file.kind, services, true);
      await finishFiles(services, tenantId, thumbnail ? [file, thumbnail] : [file], { crop: input.crop_image });
      return media.insertMedia(db.inTenant(tenantId), { name: input.name, file, thumbnail });
    });
    answer(ctx, await media.loadMedia(db, tenantId, id), 201);
  });

  router.get(`${BASE}/:mediaId`, inTenant, can(mediaPolicy, 'view'), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await media.loadMedia(db, access.tenant.id, ctx.params.mediaId));
  });

  router.post(`${BASE}/:mediaId`, inTenant, can(mediaPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const tenantId = access.tenant.id;
    // 404 before the body is read; JSON or multipart (a replaced file), so the form is parsed here, not by a step.
    const current = await media.requireMedia(db, tenantId, ctx.params.mediaId);
    const kind = current.type as MediaType;
    if (!ctx.is('multipart/form-data')) {
      const input = readBody(ctx.request.body, forms.mediaUpdate);
      answer(ctx, await media.updateMedia(db, tenantId, current.id, { name: input.name }));
      return;
    }
    // A replacement is of the file's own kind: its type never changes.
    const form = await receiveMultipart(ctx, services, { tenantId, mediaId: current.id, files: { file: { kind }, thumbnail: { kind: 'thumbnail' } } });
    const updated = await withUpload(form, async () => {
      const input = readBody(form.fields, forms.mediaUpdate);
      const file = fileOf(form, 'file');
      const thumbnail = await thumbnailFor(form, kind, services, false);
      const received = [file, thumbnail].filter((one): one is ReceivedFile => one !== undefined);
      await finishFiles(services, tenantId, received, { crop: input.crop_image });
      return media.updateMedia(db, tenantId, current.id, { name: input.name, file, thumbnail });
    });
    await media.deleteKeys(storage, updated.staleKeys);
    answer(ctx, updated);
  });

  router.delete(`${BASE}/:mediaId`, inTenant, can(mediaPolicy, 'delete'), async (ctx) => {
    const access = accessOf(ctx);
    await media.deleteMedia(db, storage, access.tenant.id, ctx.params.mediaId);
    ctx.status = 204;
  });

  router.post(`${BASE}/:mediaId/modules`, inTenant, can(mediaPolicy, 'relateModules'), validate(forms.mediaModules), async (ctx) => {
    const access = accessOf(ctx);
    answer(ctx, await media.relateModules(db, access.tenant.id, ctx.params.mediaId, inputOf(ctx, forms.mediaModules).modules));
  });

  // A video's captions tracks: authored with the media (its update policy).
  router.post(`${BASE}/:mediaId/captions`, inTenant, can(mediaPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const tenantId = access.tenant.id;
    // 404 and "not a video" before the body is read.
    const current = await media.requireMedia(db, tenantId, ctx.params.mediaId);
    if (current.type !== 'video') {
      ctx.set('Connection', 'close');
      throw fieldError('media', messages.captionNotVideo);
    }
    const form = await receiveMultipart(ctx, services, { tenantId, mediaId: current.id, files: { file: { kind: 'caption' } }, typeStatus: 422 });
    const row = await withUpload(form, async () => {
      // Every failing field at once: the text fields and a missing file.
      const parsed = parseForm(forms.mediaCaption, form.fields);
      const file = fileOf(form, 'file');
      const errors = parsed.success ? {} : { ...parsed.errors };
      if (!file) errors.file = [messages.required('file')];
      if (!parsed.success || !file) throw validationFailed(errors);
      await finishFiles(services, tenantId, [file]);
      const input = parsed.output;
      return captions.insertCaption(db, tenantId, {
        mediaId: current.id,
        file,
        language: input.language,
        label: input.label,
        isDefault: input.is_default === true,
      });
    });
    ctx.status = 201;
    ctx.body = { data: captions.presentCaption(row, signer) };
  });

  router.delete(`${BASE}/:mediaId/captions/:captionId`, inTenant, can(mediaPolicy, 'update'), async (ctx) => {
    const access = accessOf(ctx);
    const current = await media.requireMedia(db, access.tenant.id, ctx.params.mediaId);
    await captions.deleteCaption(db, storage, access.tenant.id, current.id, ctx.params.captionId);
    ctx.status = 204;
  });

  return router;
}
