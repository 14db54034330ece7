/**
 * Reading the items editor's whole list (PUT .../items) with the SDK's `forms.itemList`: every entry is checked
 * with its type's form and errors are keyed by the entry's position in `items` (`items.3.text`), as the portal
 * shows them on the matching item (spec section 5). Whether media exist is the service's check, inside the
 * transaction. Here the checked entries become the service's input.
 */
import { forms, type FormOutput } from '@tessera/sdk/rules';
import type { ItemType } from '../../db/content-models.js';

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

/** The service's entries of a list `forms.itemList` parsed (the `validate(forms.itemList)` step's output). */
export function itemEntriesOf(input: FormOutput<typeof forms.itemList>): ItemEntry[] {
  return input.items.map((item, index) => ({
    index,
    clientId: item.id,
    type: item.type,
    order: item.order,
    text: item.text,
    isProcedure: item.is_procedure,
    rowRef: item.row_id,
    mediaId: item.media_id,
  }));
}
