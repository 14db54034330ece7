import type { ItemType } from '@tessera/sdk';
import type { EditorItem } from './editorState';

/** How an item type is named on buttons and headings. */
export const TYPE_LABELS: Record<ItemType, string> = {
  row: 'Row',
  paragraph: 'Paragraph',
  image: 'Image',
  video: 'Video',
  pdf: 'PDF',
  audio: 'Audio',
};

/** The short heading of that question, naming what goes ("Delete the row and its 2 items?"). */
export function deleteHeading(item: EditorItem): string {
  if (item.type === 'row') return item.children.length > 0 ? `Delete the row and its ${item.children.length} item(s)?` : 'Delete the row?';
  return `Delete the ${item.type}?`;
}

/** Spec section 8: the confirmation before deleting an item, or a row that holds items. */
export function deleteQuestion(item: EditorItem): string {
  if (item.type === 'row' && item.children.length > 0) return `You are about to delete a row with ${item.children.length} item(s). Are you sure?`;
  return `Are you sure you want to delete the ${item.type}?`;
}

/** "Row 2: Safety first" (or "Row 2" while it has no title): names a row in regions and in the move dialog. */
export function rowName(row: EditorItem, index: number): string {
  const title = row.text.trim();
  return title ? `Row ${index + 1}: ${title}` : `Row ${index + 1}`;
}
