/** The content forms' service inputs (create, change), from the forms' parsed input (modules, components), and the list options. */
import { messages, type forms, type FormOutput, type queryForms } from '@tessera/sdk/rules';
import { fieldError } from '../../http/errors.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import type { ContentListOptions } from './list.js';

/** A library image uploaded with a content form, named by `image_name`. */
interface ImageUpload {
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

/** What the content forms (`forms.module`, `forms.moduleUpdate`, `forms.component`...) parse into. */
type ContentFormOutput = Pick<FormOutput<typeof forms.moduleUpdate>, 'name' | 'description' | 'is_active' | 'is_deleted' | 'image_id' | 'image_name'>;

/** An uploaded image becomes a library image named by `image_name` (required with an upload, spec section 5). */
function imageUploadOf(input: ContentFormOutput, image: ReceivedFile | undefined): ContentChanges['imageUpload'] {
  if (!image) return undefined;
  if (!input.image_name) throw fieldError('image_name', messages.required('image_name'));
  return { file: image, name: input.image_name };
}

/** A content form's parsed input as the service's changes (`image_id`: null clears the image, absent leaves it). */
export function contentChanges(input: ContentFormOutput, image?: ReceivedFile): ContentChanges {
  return {
    imageUpload: imageUploadOf(input, image),
    name: input.name,
    description: input.description,
    isActive: input.is_active,
    isDeleted: input.is_deleted,
    imageId: input.image_id,
  };
}

/** The content lists' switches, as `validate(queryForms.listModules, 'query')` (or components') parsed them. */
export function listOptions(query: FormOutput<typeof queryForms.listModules>): ContentListOptions {
  return { short: query.short, showHidden: query['show-hidden'] };
}
