import type { ComponentPropsWithoutRef } from 'react';
import { styled } from '../stitches.js';

// The table scrolls inside its own box: a page (or a partner's narrow column) never scrolls sideways because a
// row is wider than the screen (four columns at 375 px were).
const Scroller = /* @__PURE__ */ styled('div', { maxWidth: '100%', overflowX: 'auto' });

const StyledTable = /* @__PURE__ */ styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$2',
  '& th, & td': { padding: '$2 $3', borderBottom: '1px solid $borderSubtle', textAlign: 'left', verticalAlign: 'top' },
  '& th': { color: '$textMuted', fontWeight: '$bold' },
  variants: {
    // The row's click is a pointer shortcut: the row also holds a button for keyboards.
    clickableRows: {
      true: { '& tbody tr': { cursor: 'pointer' }, '& tbody tr:hover': { backgroundColor: '$surfaceMuted' } },
    },
    // The row's buttons stay in view while the other columns scroll under them: in a narrow column a learner
    // should not have to swipe sideways to find Unstar.
    actionsLast: {
      true: {
        '& th:last-child, & td:last-child': {
          position: 'sticky',
          right: 0,
          backgroundColor: '$surface',
          boxShadow: 'inset 1px 0 0 $colors$borderSubtle',
        },
      },
    },
  },
});

export interface TableProps extends ComponentPropsWithoutRef<'table'> {
  /** Each row opens its item when clicked. */
  clickableRows?: boolean;
  /** The last column holds each row's actions: it stays in view when the table scrolls sideways. */
  actionsLast?: boolean;
}

/** A widget's data table, in a box that scrolls sideways when the table is wider than its room. */
export function Table(props: TableProps) {
  return (
    <Scroller>
      <StyledTable {...props} />
    </Scroller>
  );
}
