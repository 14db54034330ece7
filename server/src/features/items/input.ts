/**
 * Reading the items editor's whole list (PUT .../items): every entry is checked with the SDK's item forms and
 * errors are keyed by the entry's position in `items` (`items.3.text`), as the portal shows them on the
 * matching item (spec section 5). Whether media exist is the service's check, inside the transaction.
 */
import { formErrors, forms, ITEM_TYPES, messages, RELATION_MAX_ITEMS, type FieldErrors, type FormSchema } from '@tessera/sdk/rules';
import type { ItemType } from '../../db/content-models.js';
import { validationFailed } from '../../http/errors.js';
import { parseFlag } from '../../http/input.js';

export interface ItemEntry {
  /** Position in the list sent (the key of its errors). */
  index: number;
  /** The id sent: an existing item of the topic, or a temporary client id; null when none was sent. */
  clientId: string | null;
  type: ItemType;
  order: number;
  text: string | null;
  isProcedure: boolean;
  /** The row's id as sent (server or temporary), for children. */
  rowRef: string | null;
  mediaId: string | null;
}

const CLIENT_ID_MAX_LENGTH = 255;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function formOf(type: ItemType): FormSchema {
  if (type === 'row') return forms.itemRow;
  if (type === 'paragraph') return forms.itemParagraph;
  return forms.itemMedia;
}

/** The messages of one entry, by field. */
function entryErrors(entry: Record<string, unknown>): FieldErrors {
  if (!ITEM_TYPES.includes(entry.type as ItemType)) return { type: [messages.itemType] };
  const type = entry.type as ItemType;
  const errors = formErrors(formOf(type), entry);
  if (!isBlank(entry.id) && (typeof entry.id !== 'string' || entry.id.length > CLIENT_ID_MAX_LENGTH)) errors.id = [messages.string('id')];
  if (type === 'row') {
    if (!isBlank(entry.row_id)) errors.row_id = [messages.selected('row_id')];
  } else {
    if (isBlank(entry.row_id)) errors.row_id = [messages.required('row_id')];
    else if (typeof entry.row_id !== 'string') errors.row_id = [messages.string('row_id')];
    if (parseFlag(entry.is_procedure) === true) errors.is_procedure = [messages.rowOnly];
  }
  if (type !== 'row' && type !== 'paragraph' && !isBlank(entry.text) && typeof entry.text !== 'string') errors.text = [messages.string('text')];
  return errors;
}

function toEntry(raw: Record<string, unknown>, index: number): ItemEntry {
  const type = raw.type as ItemType;
  const text = typeof raw.text === 'string' ? (type === 'row' ? raw.text.trim() : raw.text) : null;
  return {
    index,
    clientId: isBlank(raw.id) ? null : String(raw.id),
    type,
    order: isBlank(raw.order) ? index : Number(raw.order),
    text: text === '' ? null : text,
    isProcedure: type === 'row' && parseFlag(raw.is_procedure) === true,
    rowRef: type === 'row' || isBlank(raw.row_id) ? null : String(raw.row_id),
    mediaId: type === 'row' || type === 'paragraph' || isBlank(raw.media_id) ? null : String(raw.media_id).toLowerCase(),
  };
}

/** Duplicate ids, and children whose row is not a row of this list. */
function listErrors(entries: ItemEntry[]): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.clientId === null) continue;
    if (seen.has(entry.clientId)) errors[`items.${entry.index}.id`] = [messages.selected('id')];
    seen.add(entry.clientId);
  }
  const rowIds = new Set(entries.filter((entry) => entry.type === 'row' && entry.clientId !== null).map((entry) => entry.clientId));
  for (const entry of entries) {
    if (entry.rowRef !== null && !rowIds.has(entry.rowRef)) errors[`items.${entry.index}.row_id`] = [messages.itemParent];
  }
  return errors;
}

/** The entries of a valid list; throws 422 with position-keyed messages otherwise. */
export function readItemList(body: unknown): ItemEntry[] {
  const items = isPlainObject(body) ? body.items : undefined;
  if (items === undefined || items === null) throw validationFailed({ items: [messages.required('items')] });
  if (!Array.isArray(items)) throw validationFailed({ items: [messages.array('items')] });
  if (items.length > RELATION_MAX_ITEMS) throw validationFailed({ items: [messages.maxItems('items', RELATION_MAX_ITEMS)] });
  const errors: FieldErrors = {};
  items.forEach((raw, index) => {
    const found = isPlainObject(raw) ? entryErrors(raw) : { type: [messages.itemType] };
    for (const [field, list] of Object.entries(found)) errors[`items.${index}.${field}`] = list;
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const entries = items.map((raw, index) => toEntry(raw as Record<string, unknown>, index));
  const relational = listErrors(entries);
  if (Object.keys(relational).length > 0) throw validationFailed(relational);
  return entries;
}
