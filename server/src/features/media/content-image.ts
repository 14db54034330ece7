/**
 * The module and component forms (spec 7.2: name, description, is_active, image or image_id, image_name) sent
 * as JSON or as multipart with an `image` upload. An upload is checked as a library image (type from its bytes,
 * size, least dimensions; `crop_image` crops it), and `finish` runs the write with it: the caller inserts the
 * media row in the same transaction as the module or component, and a failure deletes the stored files.
 */
import type { Context } from 'koa';
import { parseFlag } from '../../http/input.js';
import { fileOf, finishFiles, receiveMultipart, withUpload, type UploadServices } from './upload.js';
import type { ReceivedFile } from '../../storage/received-file.js';

export interface ContentForm {
  /** The JSON body, or the multipart text fields. */
  body: unknown;
  /** The uploaded image, when one was sent. */
  image?: ReceivedFile;
  /** Checks and finishes the image, then runs `work`; on any failure nothing uploaded is kept. */
  finish<T>(work: () => Promise<T>): Promise<T>;
}

export async function readContentForm(ctx: Context, services: UploadServices, tenantId: string): Promise<ContentForm> {
  if (!ctx.is('multipart/form-data')) return { body: ctx.request.body, finish: (work) => work() };
  const form = await receiveMultipart(ctx, services, { tenantId, files: { image: { kind: 'image' } } });
  const image = fileOf(form, 'image');
  return {
    body: form.fields,
    image,
    finish: (work) =>
      withUpload(form, async () => {
        if (image) await finishFiles(services, tenantId, [image], { crop: parseFlag(form.fields.crop_image) });
        return work();
      }),
  };
}
