import type { EditorAction, EditorItem } from './editorState';

/**
 * Where keyboard focus goes after an editing action of the items editor, so it never falls to the page's body
 * (issue 14): after a move, the same move button (or the other one once the item reached an end, or the item's
 * title); after a delete, the item that took its place (or the one before, or its row); a new item's first
 * control.
 */
export type FocusRequest =
  { kind: 'moved'; id: string; button: 'up' | 'down' | 'title' } | { kind: 'title'; id: string } | { kind: 'new'; rowId: string | null };

/** The request an action makes, if any. */
export function focusAfter(action: EditorAction): FocusRequest | null {
  switch (action.type) {
    case 'moveUp':
      return { kind: 'moved', id: action.id, button: 'up' };
    case 'moveDown':
      return { kind: 'moved', id: action.id, button: 'down' };
    case 'moveTo':
      return { kind: 'moved', id: action.id, button: 'title' };
    case 'addRow':
      return { kind: 'new', rowId: null };
    case 'addChild':
      return { kind: 'new', rowId: action.rowId };
    default:
      return null;
  }
}

/** After deleting `id`: the item that takes its place, else the one before it, else its row; null: no item left. */
export function neighbourOf(rows: EditorItem[], id: string): string | null {
  const siblings = (list: EditorItem[]) => {
    const index = list.findIndex((item) => item.id === id);
    return index === -1 ? undefined : (list[index + 1] ?? list[index - 1])?.id;
  };
  if (rows.some((row) => row.id === id)) return siblings(rows) ?? null;
  const row = rows.find((candidate) => candidate.children.some((child) => child.id === id));
  if (!row) return null;
  return siblings(row.children) ?? row.id;
}

/** The newest item of a row (or the last row): where a new item lands. */
function newestIn(rows: EditorItem[], rowId: string | null): EditorItem | undefined {
  if (rowId === null) return rows.at(-1);
  return rows.find((row) => row.id === rowId)?.children.at(-1);
}

const enabled = (element: Element | null): element is HTMLElement => element instanceof HTMLElement && !element.hasAttribute('disabled');

/** Focuses what the request names in the page, answering whether it could (a lazy editor may not be there yet). */
export function applyFocus(request: FocusRequest, rows: EditorItem[]): boolean {
  const title = (id: string) => document.querySelector(`[data-title-for="${CSS.escape(id)}"]`);
  const button = (id: string, action: string) => document.querySelector(`[data-for="${CSS.escape(id)}"][data-action="${action}"]`);
  let target: Element | null = null;
  if (request.kind === 'moved') {
    const other = request.button === 'up' ? 'down' : 'up';
    const candidates = request.button === 'title' ? [title(request.id)] : [button(request.id, request.button), button(request.id, other), title(request.id)];
    target = candidates.find(enabled) ?? null;
  } else if (request.kind === 'title') {
    target = title(request.id);
  } else {
    const item = newestIn(rows, request.rowId);
    const field = item ? document.querySelector(`[data-first-field-for="${CSS.escape(item.id)}"]`) : null;
    // A paragraph's text area (after its toolbar), a row's title, a media item's Choose button.
    target = field ? (field.querySelector('textarea') ?? field.querySelector('input') ?? field.querySelector('button')) : null;
  }
  if (!(target instanceof HTMLElement)) return false;
  target.focus();
  return document.activeElement === target;
}
