/**
 * Preview of unsaved items (spec 2.8 and 4): the editor hands its current list to the client items view
 * (`…/items?preview=1&dontFetch=1`) through sessionStorage, keyed by topic, and takes its own state back
 * when the author returns to editing. Session storage keeps the draft to this tab.
 */
import type { Item } from '@tessera/sdk';
import type { EditorItem, EditorState } from './editorState';

export interface PreviewDraft {
  /** The list as the client items view shows it (the API's item shape; unsaved items keep temporary ids). */
  items: Item[];
  /** The editor's own state, restored on the way back. */
  editor: Pick<EditorState, 'rows' | 'savedRows' | 'nextTemporaryId'>;
}

const draftKey = (topicId: string) => `tessera.items-preview.${topicId}`;

function itemOf(item: EditorItem, topicId: string, rowId: string | null, order: number): Item {
  return {
    id: item.id,
    topic_id: topicId,
    type: item.type,
    order,
    text: item.type === 'row' || item.type === 'paragraph' ? item.text : null,
    is_procedure: item.isProcedure,
    is_complete: false,
    row_id: rowId,
    media: item.media ? [item.media] : [],
    children: item.children.map((child, index) => itemOf(child, topicId, item.id, index)),
  };
}

/** The editor's rows as the API would answer them. */
function previewItemsOf(rows: EditorItem[], topicId: string): Item[] {
  return rows.map((row, order) => itemOf(row, topicId, null, order));
}

export function storePreviewDraft(topicId: string, state: EditorState): void {
  const draft: PreviewDraft = {
    items: previewItemsOf(state.rows, topicId),
    editor: { rows: state.rows, savedRows: state.savedRows, nextTemporaryId: state.nextTemporaryId },
  };
  sessionStorage.setItem(draftKey(topicId), JSON.stringify(draft));
}

function readDraft(topicId: string): PreviewDraft | null {
  try {
    const stored = sessionStorage.getItem(draftKey(topicId));
    return stored ? (JSON.parse(stored) as PreviewDraft) : null;
  } catch {
    return null;
  }
}

/** For the client items view in preview: the unsaved list to show instead of fetching (null when none). */
export function readPreviewItems(topicId: string): Item[] | null {
  return readDraft(topicId)?.items ?? null;
}

/** For the editor: its state as it went to preview (null when it did not). */
export function readEditorDraft(topicId: string): PreviewDraft['editor'] | null {
  return readDraft(topicId)?.editor ?? null;
}

/** Back in the editor, the draft has served: a later visit starts from the saved list. */
export function clearPreviewDraft(topicId: string): void {
  sessionStorage.removeItem(draftKey(topicId));
}
