import { styled } from '@tessera/widgets/stitches';
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox } from 'react-aria-components/Checkbox';
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody,
  TableHeader,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components/Table';
import { CheckMark } from './CheckMark';

// Busy is announced on the wrapper: react-aria's Table does not pass aria-busy on to its grid.
const Scroller = styled('div', { width: '100%', overflowX: 'auto', '&[aria-busy="true"] tbody': { opacity: 0.6 } });

const StyledTable = styled(AriaTable, {
  width: '100%',
  borderCollapse: 'collapse',
  backgroundColor: '$surface',
  fontSize: '$2',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const StyledColumn = styled(AriaColumn, {
  padding: '$2 $3',
  textAlign: 'left',
  fontWeight: '$bold',
  color: '$text',
  borderBottom: '2px solid $borderSubtle',
  whiteSpace: 'nowrap',
  outline: 'none',
  '&[data-allows-sorting]': { cursor: 'pointer' },
  '&[data-hovered][data-allows-sorting]': { color: '$primary' },
  '&[data-focus-visible]': { boxShadow: 'inset 0 0 0 3px rgba(37, 99, 235, 0.45)' },
});

const StyledRow = styled(AriaRow, {
  borderBottom: '1px solid $borderSubtle',
  outline: 'none',
  '&[data-href], &[data-actionable]': { cursor: 'pointer' },
  '&[data-hovered]': { backgroundColor: '$surfaceMuted' },
  '&[data-selected]': { backgroundColor: '$infoSurface' },
  // The row just acted on (a decided bioreq document): the success colour, with a mark for non-colour readers.
  '&[data-highlighted]': { backgroundColor: '$successSurface', boxShadow: 'inset 4px 0 0 $colors$success' },
  '&[data-focus-visible]': { boxShadow: 'inset 0 0 0 3px rgba(37, 99, 235, 0.45)' },
});

const StyledCell = styled(AriaCell, {
  padding: '$2 $3',
  verticalAlign: 'middle',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: 'inset 0 0 0 3px rgba(37, 99, 235, 0.45)' },
});

const Empty = styled('div', { padding: '$4', textAlign: 'center', color: '$textMuted' });

const SortMark = styled('span', { marginLeft: '$1', color: '$textMuted' });

/** The checkbox react-aria puts in selection cells; the table names it ("Select" / "Select All"). */
function SelectionCheckbox() {
  return (
    <AriaCheckbox slot="selection">
      {({ isSelected, isIndeterminate }) => <CheckMark aria-hidden="true">{isIndeterminate ? '–' : isSelected ? '✓' : null}</CheckMark>}
    </AriaCheckbox>
  );
}

export interface TableColumn<T> {
  id: string;
  title: string;
  render(row: T): ReactNode;
  /** The server's sort key; columns without one cannot be sorted. */
  sortKey?: string;
  /** The column whose text names the row for assistive technology (one per table). */
  isRowHeader?: boolean;
}

interface TableSort {
  order: string;
  desc: boolean;
}

export interface TableSelection {
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
}

export interface TableProps<T> {
  /** Names the table for assistive technology. */
  label: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  sort?: TableSort;
  onSort?(order: string, desc: boolean): void;
  /** The text of an empty table ("No users found..."). */
  emptyText: string;
  /** Row click (and Enter on a focused row); rows answering undefined do nothing. */
  rowAction?(row: T): (() => void) | undefined;
  /** Select mode: a checkbox per row and a row click toggles it. */
  selection?: TableSelection;
  isBusy?: boolean;
  /** Keys of rows shown in the success colour (the row just acted on). */
  highlighted?: ReadonlySet<string>;
}

function toDescriptor<T>(sort: TableSort | undefined, columns: TableColumn<T>[]): SortDescriptor | undefined {
  const column = sort && columns.find((candidate) => candidate.sortKey === sort.order);
  return column && sort ? { column: column.id, direction: sort.desc ? 'descending' : 'ascending' } : undefined;
}

function selectedIds(selection: Selection, rows: string[]): Set<string> {
  return selection === 'all' ? new Set(rows) : new Set([...selection].map(String));
}

/**
 * The portal's one data table (react-aria's Table, a keyboard-navigable grid): sortable column
 * headers (Enter or a click), an empty-state row, row actions and an optional select mode.
 */
export function Table<T>({ label, columns, rows, rowKey, sort, onSort, emptyText, rowAction, selection, isBusy, highlighted }: TableProps<T>) {
  const keys = rows.map(rowKey);
  return (
    <Scroller aria-busy={isBusy || undefined}>
      <StyledTable
        aria-label={label}
        sortDescriptor={toDescriptor(sort, columns)}
        onSortChange={(descriptor) => {
          const column = columns.find((candidate) => candidate.id === descriptor.column);
          if (column?.sortKey) onSort?.(column.sortKey, descriptor.direction === 'descending');
        }}
        selectionMode={selection ? 'multiple' : 'none'}
        selectionBehavior="toggle"
        selectedKeys={selection ? new Set(selection.selected) : undefined}
        onSelectionChange={(next) => selection?.onChange(selectedIds(next, keys))}
      >
        <TableHeader>
          {selection ? (
            <StyledColumn id="__selection" textValue="Select">
              <SelectionCheckbox />
            </StyledColumn>
          ) : null}
          {columns.map((column) => (
            <StyledColumn key={column.id} id={column.id} isRowHeader={column.isRowHeader} allowsSorting={Boolean(column.sortKey)}>
              {({ allowsSorting, sortDirection }) => (
                <>
                  {column.title}
                  {allowsSorting ? (
                    <SortMark aria-hidden="true">{sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}</SortMark>
                  ) : null}
                </>
              )}
            </StyledColumn>
          ))}
        </TableHeader>
        <TableBody renderEmptyState={() => <Empty>{emptyText}</Empty>}>
          {rows.map((row, index) => {
            const action = selection ? undefined : rowAction?.(row);
            return (
              <StyledRow
                key={keys[index]}
                id={keys[index]}
                onAction={action}
                data-actionable={action ? true : undefined}
                data-highlighted={highlighted?.has(keys[index]) || undefined}
              >
                {selection ? (
                  <StyledCell>
                    <SelectionCheckbox />
                  </StyledCell>
                ) : null}
                {columns.map((column) => (
                  <StyledCell key={column.id}>{column.render(row)}</StyledCell>
                ))}
              </StyledRow>
            );
          })}
        </TableBody>
      </StyledTable>
    </Scroller>
  );
}
