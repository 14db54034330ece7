/**
 * Save errors of the items editor (spec sections 5 and 8): the API keys them by the entry's position in
 * the PUT (`items.3.text`); they are shown on the matching item, with the spec's wording for "required".
 * The same mapping serves the check made with the SDK's item forms before anything is sent.
 */
import type { ItemType } from '@tessera/sdk';
import { formErrors, forms, type FieldErrors, type FormSchema } from '@tessera/sdk/rules';
import { payloadIds, payloadOf, type EditorItem } from './editorState';

/** Spec section 8: the banner shown (scrolled to) after a failed save. */
export const SAVE_ERROR_BANNER = 'There was an issue saving. Please correct the error(s) below.';

const REQUIRED_MEDIA: Partial<Record<ItemType, string>> = {
  image: 'An image is required',
  video: 'A video is required',
  pdf: 'A pdf is required',
  audio: 'An audio file is required',
};

/**
 * Spec section 5: a message containing "required" becomes the media type's own message (an image not
 * yet saved: "You must supply an image."), or "This field is required"; other messages stay as they are.
 */
export function itemErrorMessage(type: ItemType, message: string, isSaved: boolean): string {
  if (!/required/i.test(message)) return message;
  if (type === 'image' && !isSaved) return 'You must supply an image.';
  return REQUIRED_MEDIA[type] ?? 'This field is required';
}

export interface MappedErrors {
  /** Messages by item id. */
  byItem: Record<string, string[]>;
  /** Messages that name no item (the list itself): shown in the form-failure alert. */
  other: string[];
}

const ITEM_KEY = /^items\.(\d+)\.\w+$/;

/** Maps position-keyed errors (`items.{n}.{field}`) onto the items of the list that was sent. */
export function mapSaveErrors(rows: EditorItem[], errors: FieldErrors): MappedErrors {
  const ids = payloadIds(rows);
  const types = new Map<string, { type: ItemType; isSaved: boolean }>();
  for (const row of rows) {
    types.set(row.id, row);
    for (const child of row.children) types.set(child.id, child);
  }
  const byItem: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const position = ITEM_KEY.exec(key)?.[1];
    const id = position === undefined ? undefined : ids[Number(position)];
    const item = id === undefined ? undefined : types.get(id);
    if (id === undefined || !item) {
      other.push(...messages);
      continue;
    }
    const mapped = messages.map((message) => itemErrorMessage(item.type, message, item.isSaved));
    byItem[id] = [...new Set([...(byItem[id] ?? []), ...mapped])];
  }
  return { byItem, other: [...new Set(other)] };
}

function formOf(type: ItemType): FormSchema {
  if (type === 'row') return forms.itemRow;
  if (type === 'paragraph') return forms.itemParagraph;
  return forms.itemMedia;
}

/** The SDK's item forms applied to the list before sending, keyed as the API keys them. */
export function checkItems(rows: EditorItem[]): FieldErrors {
  const errors: FieldErrors = {};
  payloadOf(rows).forEach((entry, position) => {
    for (const [field, messages] of Object.entries(formErrors(formOf(entry.type), entry))) errors[`items.${position}.${field}`] = messages;
  });
  return errors;
}
