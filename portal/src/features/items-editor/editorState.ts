/**
 * The items editor's state (spec section 4): a topic's rows with their children, edited locally and
 * saved as one whole ordered list. Pure: the reducer and the helpers around it know nothing of React
 * or the server, so every transition is tested on its own.
 */
import type { Item, ItemInput, ItemType, MediaSummary } from '@tessera/sdk';

export type ChildType = Exclude<ItemType, 'row'>;

/** Inside a row the choices are paragraph, video, image, pdf, audio (spec section 4). */
export const CHILD_TYPES: readonly ChildType[] = ['paragraph', 'video', 'image', 'pdf', 'audio'];

export interface EditorItem {
  /** The server's id, or a temporary id (`tmp-…`) until the item is first saved. */
  id: string;
  type: ItemType;
  /** A row's title or a paragraph's Markdown; empty for media children. */
  text: string;
  /** Rows only. */
  isProcedure: boolean;
  /** Image, video, pdf and audio children: the chosen media file. */
  media: MediaSummary | null;
  isSaved: boolean;
  /** Messages of the last failed save (or of the check before it), shown on the item. */
  errors: string[];
  /** Rows only: their paragraphs and media, in order. */
  children: EditorItem[];
}

export interface EditorState {
  rows: EditorItem[];
  /** The list as last loaded or saved (less the saved items deleted since): the state is dirty when it differs. */
  savedRows: EditorItem[];
  savedSnapshot: string;
  /** Counter for temporary ids, unique within the page's life. */
  nextTemporaryId: number;
}

/** Where "move to" puts an item: before or after a row (rows) or a child (children), or into an empty row. */
export type MoveTarget = { place: 'before' | 'after'; id: string } | { place: 'into'; rowId: string };

export type EditorAction =
  | { type: 'loaded'; items: Item[] }
  | { type: 'addRow' }
  | { type: 'addChild'; rowId: string; childType: ChildType }
  | { type: 'setText'; id: string; text: string }
  | { type: 'setProcedure'; id: string; isProcedure: boolean }
  | { type: 'setMedia'; id: string; media: MediaSummary }
  | { type: 'moveUp'; id: string }
  | { type: 'moveDown'; id: string }
  | { type: 'moveTo'; id: string; target: MoveTarget }
  | { type: 'delete'; id: string }
  | { type: 'saveFailed'; errors: Record<string, string[]> };

const TEMPORARY_ID_PREFIX = 'tmp-';

function fromServerItem(item: Item): EditorItem {
  return {
    id: item.id,
    type: item.type,
    text: item.text ?? '',
    isProcedure: item.is_procedure,
    media: item.media[0] ?? null,
    isSaved: true,
    errors: [],
    children: item.children.map(fromServerItem),
  };
}

/** The state of a freshly loaded (or freshly saved) list: nothing unsaved. */
export function editorStateOf(items: Item[], nextTemporaryId = 1): EditorState {
  const rows = items.map(fromServerItem);
  return { rows, savedRows: rows, savedSnapshot: snapshotOf(rows), nextTemporaryId };
}

/** The state the editor had when it went to preview (its changes still unsaved). */
export function restoredEditorState(saved: Pick<EditorState, 'rows' | 'savedRows' | 'nextTemporaryId'>): EditorState {
  return { ...saved, savedSnapshot: snapshotOf(saved.savedRows) };
}

function newItem(id: string, type: ItemType): EditorItem {
  return { id, type, text: '', isProcedure: false, media: null, isSaved: false, errors: [], children: [] };
}

/**
 * The whole ordered list of the PUT (spec 4: rows first, then children): rows numbered among rows,
 * each child numbered among its row's children and naming its row (a temporary id for a new row).
 */
export function payloadOf(rows: EditorItem[]): ItemInput[] {
  const rowEntries: ItemInput[] = rows.map((row, order) => ({ id: row.id, type: 'row', order, text: row.text, is_procedure: row.isProcedure }));
  const childEntries: ItemInput[] = rows.flatMap((row) =>
    row.children.map((child, order): ItemInput => {
      const entry: ItemInput = { id: child.id, type: child.type, row_id: row.id, order };
      return child.type === 'paragraph' ? { ...entry, text: child.text } : { ...entry, media_id: child.media?.id ?? null };
    }),
  );
  return [...rowEntries, ...childEntries];
}

/** The ids of payloadOf's entries, by position: a 422 keyed `items.{n}` names the item at n. */
export function payloadIds(rows: EditorItem[]): string[] {
  return [...rows.map((row) => row.id), ...rows.flatMap((row) => row.children.map((child) => child.id))];
}

function snapshotOf(rows: EditorItem[]): string {
  return JSON.stringify(payloadOf(rows));
}

/** Spec 4: unsaved-changes detection for item lists. */
export function isDirty(state: EditorState): boolean {
  return snapshotOf(state.rows) !== state.savedSnapshot;
}

/** Every item, rows and children, with the row holding it (null for rows). */
function allItems(rows: EditorItem[]): { item: EditorItem; row: EditorItem | null }[] {
  return rows.flatMap((row) => [{ item: row, row: null }, ...row.children.map((child) => ({ item: child, row }))]);
}

function findItem(rows: EditorItem[], id: string): EditorItem | undefined {
  return allItems(rows).find((entry) => entry.item.id === id)?.item;
}

/** Applies `change` to the item with `id`, wherever it is. */
function updateItem(rows: EditorItem[], id: string, change: (item: EditorItem) => EditorItem): EditorItem[] {
  return rows.map((row) => {
    if (row.id === id) return change(row);
    if (!row.children.some((child) => child.id === id)) return row;
    return { ...row, children: row.children.map((child) => (child.id === id ? change(child) : child)) };
  });
}

function swap<T>(list: T[], index: number, other: number): T[] {
  if (index < 0 || other < 0 || index >= list.length || other >= list.length) return list;
  const next = [...list];
  [next[index], next[other]] = [next[other], next[index]];
  return next;
}

/** Moves an item one place among its siblings (a row among rows, a child within its row). */
function moveBy(rows: EditorItem[], id: string, step: -1 | 1): EditorItem[] {
  const rowIndex = rows.findIndex((row) => row.id === id);
  if (rowIndex !== -1) return swap(rows, rowIndex, rowIndex + step);
  return rows.map((row) => {
    const index = row.children.findIndex((child) => child.id === id);
    return index === -1 ? row : { ...row, children: swap(row.children, index, index + step) };
  });
}

function insertAt<T>(list: T[], index: number, entry: T): T[] {
  return [...list.slice(0, index), entry, ...list.slice(index)];
}

function moveRowTo(rows: EditorItem[], moving: EditorItem, target: MoveTarget): EditorItem[] {
  if (target.place === 'into') return rows;
  const rest = rows.filter((row) => row.id !== moving.id);
  const index = rest.findIndex((row) => row.id === target.id);
  if (index === -1) return rows;
  return insertAt(rest, target.place === 'before' ? index : index + 1, moving);
}

function moveChildTo(rows: EditorItem[], moving: EditorItem, target: MoveTarget): EditorItem[] {
  const rest = rows.map((row) => ({ ...row, children: row.children.filter((child) => child.id !== moving.id) }));
  const destination =
    target.place === 'into'
      ? rest.find((row) => row.id === target.rowId && row.children.length === 0)
      : rest.find((row) => row.children.some((child) => child.id === target.id));
  if (!destination) return rows;
  const index = target.place === 'into' ? 0 : destination.children.findIndex((child) => child.id === target.id) + (target.place === 'after' ? 1 : 0);
  return rest.map((row) => (row === destination ? { ...row, children: insertAt(row.children, index, moving) } : row));
}

/**
 * Moves an item to a chosen place. A row can only be moved relative to rows; a child goes before or
 * after another child, or into an empty row.
 */
function moveTo(rows: EditorItem[], id: string, target: MoveTarget): EditorItem[] {
  const moving = findItem(rows, id);
  if (!moving || (target.place !== 'into' && target.id === id)) return rows;
  return moving.type === 'row' ? moveRowTo(rows, moving, target) : moveChildTo(rows, moving, target);
}

function remove(rows: EditorItem[], id: string): EditorItem[] {
  return rows.filter((row) => row.id !== id).map((row) => ({ ...row, children: row.children.filter((child) => child.id !== id) }));
}

function temporaryId(state: EditorState): [string, number] {
  return [`${TEMPORARY_ID_PREFIX}${state.nextTemporaryId}`, state.nextTemporaryId + 1];
}

/** Editing an item clears its API errors (spec section 4). */
function edited(change: Partial<EditorItem>) {
  return (item: EditorItem): EditorItem => ({ ...item, ...change, errors: [] });
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      return editorStateOf(action.items, state.nextTemporaryId);
    case 'addRow': {
      const [id, nextTemporaryId] = temporaryId(state);
      return { ...state, rows: [...state.rows, newItem(id, 'row')], nextTemporaryId };
    }
    case 'addChild': {
      const [id, nextTemporaryId] = temporaryId(state);
      const rows = state.rows.map((row) => (row.id === action.rowId ? { ...row, children: [...row.children, newItem(id, action.childType)] } : row));
      return { ...state, rows, nextTemporaryId };
    }
    case 'setText':
      return { ...state, rows: updateItem(state.rows, action.id, edited({ text: action.text })) };
    case 'setProcedure':
      return { ...state, rows: updateItem(state.rows, action.id, (item) => (item.type === 'row' ? { ...item, isProcedure: action.isProcedure } : item)) };
    case 'setMedia':
      return { ...state, rows: updateItem(state.rows, action.id, edited({ media: action.media })) };
    case 'moveUp':
      return { ...state, rows: moveBy(state.rows, action.id, -1) };
    case 'moveDown':
      return { ...state, rows: moveBy(state.rows, action.id, 1) };
    case 'moveTo':
      return { ...state, rows: moveTo(state.rows, action.id, action.target) };
    case 'delete': {
      const item = findItem(state.rows, action.id);
      if (!item) return state;
      const rows = remove(state.rows, action.id);
      if (!item.isSaved) return { ...state, rows };
      // A saved item is deleted on the server at once: it is gone from the saved list too, not a change to save.
      const savedRows = remove(state.savedRows, action.id);
      return { ...state, rows, savedRows, savedSnapshot: snapshotOf(savedRows) };
    }
    case 'saveFailed': {
      const withErrors = (item: EditorItem): EditorItem => ({ ...item, errors: action.errors[item.id] ?? [] });
      return { ...state, rows: state.rows.map((row) => ({ ...withErrors(row), children: row.children.map(withErrors) })) };
    }
  }
}
