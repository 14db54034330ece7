/** The content forms' service inputs (create, change), reading those forms (modules, components), and the list options. */
import type { ParsedUrlQuery } from 'node:querystring';
import { parseFlag } from '../../http/input.js';
import { queryValue } from '../../http/list-query.js';
import { messages } from '@tessera/sdk/rules';
import { fieldError } from '../../http/errors.js';
import { flagOf, textOf, type SentFields } from '../../http/read-body.js';
import type { ReceivedFile } from '../media/upload.js';
import type { ContentListOptions } from './list.js';

/** A library image uploaded with a content form, named by `image_name`. */
export interface ImageUpload {
  file: ReceivedFile;
  name: string;
}

export interface ContentInput {
  name: string;
  description: string;
  isActive?: boolean;
  imageId?: string | null;
  /** Wins over `imageId`: its library row is inserted in the same transaction. */
  imageUpload?: ImageUpload;
}

export interface ContentChanges {
  name?: string;
  description?: string;
  isActive?: boolean;
  isDeleted?: boolean;
  /** undefined leaves the image; null clears it. */
  imageId?: string | null;
  /** A new image uploaded with the form (wins over `imageId`). */
  imageUpload?: ImageUpload;
}

type ContentFields = SentFields<{ name: []; description: []; is_active: []; is_deleted: []; image_id: []; image_name: [] }>;

/** `image_id` may be sent as null or '' to clear the image (readBody drops nulls, so look at the raw body). */
function imageIdOf(body: unknown, input: ContentFields): string | null | undefined {
  const raw = (body as Record<string, unknown> | null)?.image_id;
  if (raw === null || raw === '') return null;
  return typeof input.image_id === 'string' ? input.image_id.toLowerCase() : undefined;
}

/** An uploaded image becomes a library image named by `image_name` (required with an upload, spec section 5). */
function imageUploadOf(input: ContentFields, image: ReceivedFile | undefined): ContentChanges['imageUpload'] {
  if (!image) return undefined;
  const name = textOf(input.image_name);
  if (!name) throw fieldError('image_name', messages.required('image_name'));
  return { file: image, name };
}

export function contentChanges(body: unknown, input: ContentFields, image?: ReceivedFile): ContentChanges {
  return {
    imageUpload: imageUploadOf(input, image),
    name: textOf(input.name),
    description: textOf(input.description),
    isActive: flagOf(input.is_active),
    isDeleted: flagOf(input.is_deleted),
    imageId: imageIdOf(body, input),
  };
}

export function listOptions(query: ParsedUrlQuery): ContentListOptions {
  return { short: parseFlag(queryValue(query, 'short')) ?? false, showHidden: parseFlag(queryValue(query, 'show-hidden')) ?? false };
}

/** A validated bulk reorder (`forms.componentOrder` / `forms.topicOrder`). */
export function orderEntries(value: unknown): { id: string; order: number }[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: { id: string; order: unknown }) => ({ id: String(entry.id).toLowerCase(), order: Number(entry.order) }));
}
