/**
 * The image choice of the module and component forms, checked with `forms.contentScreen`: `image` holds the
 * picked file's name (the file itself is an {@link ImageUpload}), `image_id` the library image.
 */
export type ImageFields = { image_source: string; image: string; image_name: string; image_id: string };

export const NO_IMAGE_CHOICE: ImageFields = { image_source: '', image: '', image_name: '', image_id: '' };

/** A picked file and, once cropped, the png the cropper made of it (sent instead of the original). */
export interface ImageUpload {
  original: File;
  cropped: Blob | null;
}

export type ContentFields = { name: string; description: string; is_active?: boolean };

/** An API body of a module or component create or update: JSON, or multipart when an image is uploaded. */
export type ContentPayload =
  { kind: 'json'; body: { name: string; description: string; is_active?: boolean; image_id?: string } } | { kind: 'multipart'; form: FormData };

/** The file sent: the original, or the cropped png named after it ("site.jpg" -> "site.png"). */
function uploadedFile(upload: ImageUpload): File {
  if (!upload.cropped) return upload.original;
  const dot = upload.original.name.lastIndexOf('.');
  return new File([upload.cropped], `${dot > 0 ? upload.original.name.slice(0, dot) : upload.original.name}.png`, { type: 'image/png' });
}

/**
 * The body of the create or update call: the fields as JSON, with `image_id` for a library image; or, when a
 * file is uploaded, multipart with `image` (the cropped png when there is one) and `image_name`.
 */
export function contentPayload(fields: ContentFields, image: ImageFields, upload: ImageUpload | null): ContentPayload {
  const name = fields.name.trim();
  const description = fields.description.trim();
  if (image.image_source === 'upload' && upload) {
    const form = new FormData();
    form.set('name', name);
    form.set('description', description);
    if (fields.is_active !== undefined) form.set('is_active', fields.is_active ? '1' : '0');
    form.set('image', uploadedFile(upload));
    form.set('image_name', image.image_name.trim());
    return { kind: 'multipart', form };
  }
  const body: { name: string; description: string; is_active?: boolean; image_id?: string } = { name, description };
  if (fields.is_active !== undefined) body.is_active = fields.is_active;
  if (image.image_source === 'library') body.image_id = image.image_id;
  return { kind: 'json', body };
}

/** openapi-fetch options sending a payload: a FormData body goes as it is (the browser sets its boundary). */
export function payloadOptions(payload: ContentPayload) {
  return payload.kind === 'json'
    ? { body: payload.body }
    : // The contract types the JSON body; the multipart form carries the same fields plus the file.
      { body: payload.form as never, bodySerializer: (form: unknown) => form as FormData };
}
