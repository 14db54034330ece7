/**
 * The places "move to" offers (spec section 4): a row moves before or after another row; a child moves
 * before or after another child, or into an empty row. The dialog lists every row with the item types
 * under it, so the author sees where the item lands.
 */
import type { EditorItem, MoveTarget } from './editorState';
import { rowName, TYPE_LABELS } from './itemLabels';

interface MoveChoice {
  /** Accessible name of the choice, naming the place. */
  label: string;
  /** Visible text of the button. */
  text: string;
  target: MoveTarget;
}

interface MoveChoiceChild {
  /** "Paragraph 1 in Row 2: Title". */
  name: string;
  /** "Paragraph 1": the item type as listed under its row. */
  label: string;
  choices: MoveChoice[];
}

export interface MoveChoiceRow {
  id: string;
  name: string;
  /** Choices placing a row before or after this row, or a child into it while it is empty. */
  choices: MoveChoice[];
  /** The items under the row, each with the choices next to it (none when a row is moving). */
  children: MoveChoiceChild[];
}

function beforeAfter(id: string, name: string): MoveChoice[] {
  return [
    { label: `Before ${name}`, text: 'Before', target: { place: 'before', id } },
    { label: `After ${name}`, text: 'After', target: { place: 'after', id } },
  ];
}

function childName(child: EditorItem, index: number, row: string): string {
  return `${TYPE_LABELS[child.type]} ${index + 1} in ${row}`;
}

export function moveChoices(rows: EditorItem[], moving: EditorItem): MoveChoiceRow[] {
  const movingRow = moving.type === 'row';
  return rows.map((row, rowIndex) => {
    const name = rowName(row, rowIndex);
    const children = row.children.map((child, index) => ({
      name: childName(child, index, name),
      label: `${TYPE_LABELS[child.type]} ${index + 1}`,
      choices: movingRow || child.id === moving.id ? [] : beforeAfter(child.id, childName(child, index, name)),
    }));
    let choices: MoveChoice[] = [];
    if (movingRow && row.id !== moving.id) choices = beforeAfter(row.id, name);
    if (!movingRow && row.children.length === 0) choices = [{ label: `Into ${name}`, text: 'Into this row', target: { place: 'into', rowId: row.id } }];
    return { id: row.id, name, choices, children };
  });
}
