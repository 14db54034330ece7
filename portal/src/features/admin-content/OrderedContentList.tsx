import type { QueryKey } from '@tanstack/react-query';
import type { Abilities } from '@tessera/sdk';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApiOutcome } from '../../api/outcome';
import { formatDate } from '../../lib/dates';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList, type ListPage, type ListQuery } from '../../lists/useServerList';
import { Badge } from '../../ui/Badge';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import { RowMenu } from '../../ui/RowMenu';
import type { TableColumn } from '../../ui/Table';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { MoveDialogProps } from './ContentDialogs';
import type { ContentOrder, Reorder } from './contentCalls';
import { DescriptionTip } from './DescriptionTip';
import { canMoveDown, canMoveUp, moveRow, showsOrder, type Direction } from './ordering';
import { archivedMessage, restoredMessage } from '../../lists/doneMessages';

/** A component or a topic as its admin list shows it. */
export interface OrderedRow {
  id: string;
  name: string;
  description: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  abilities: Abilities;
}

export interface OrderedContentListProps<T extends OrderedRow> {
  tenantId: string;
  archived: boolean;
  /** "Component" or "Topic": the dialogs' titles and the actions' names. */
  noun: string;
  /** What a row lives in ("module", "component"): where a moved row went, in its toast. */
  parentNoun: string;
  /** The spec's texts of this list. */
  emptyText: string;
  copyQuestion: string;
  /** The count column (Topics of a component, Items of a topic). */
  countColumn: { id: string; title: string; render(row: T): ReactNode };
  /** The list's query key (`useServerList`): its family, tenant, parent and tab. */
  listKey: QueryKey;
  load(query: ListQuery<ContentOrder>): Promise<ApiOutcome<ListPage<T>>>;
  reorder: Reorder;
  archive(row: T): Promise<ApiOutcome<unknown>>;
  restore(row: T): Promise<ApiOutcome<unknown>>;
  copy(row: T): Promise<ApiOutcome<unknown>>;
  move(row: T, parentId: string): Promise<ApiOutcome<unknown>>;
  /** The row's current parent (a component's module, a topic's component). */
  parentOf(row: T): string;
  MoveDialog(props: MoveDialogProps): ReactNode;
  settingsPath(row: T): string;
  /** Where a row click goes (a component's topics, a topic's items). */
  openPath(row: T): string;
  /** The row's knowledge check admin page (a component's without one leads to its create page). */
  knowledgeCheckPath(row: T): string;
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  // Spec 2.9: inactive is highlighted as bad.
  return <Badge tone={isActive ? 'neutral' : 'bad'}>{isActive ? 'Active' : 'Inactive'}</Badge>;
}

/** Name with its description in a popover (hover or keyboard focus). */
export function NameCell({ name, description }: { name: string; description: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '8px' }}>
      {name}
      {description ? <DescriptionTip name={name} description={description} /> : null}
    </span>
  );
}

/**
 * The admin list of a module's components or a component's topics (spec 2.9): columns Name, Status, a count,
 * Created, Updated, Actions; active rows copy (after a question), move (a dialog), settings, archive, move up and
 * down (one bulk reorder; disabled on the first row of the first page and the last of the last), knowledge check;
 * archived rows only restore. A row click opens its children.
 */
export function OrderedContentList<T extends OrderedRow>(props: OrderedContentListProps<T>) {
  const { tenantId, archived, noun, parentNoun, emptyText, copyQuestion, countColumn, MoveDialog } = props;
  const navigate = useNavigate();
  const list = useServerList({ key: props.listKey, load: props.load, defaultOrder: 'order' as ContentOrder });
  const actions = useRowActions();
  const [copying, setCopying] = useState<T | null>(null);
  const [moving, setMoving] = useState<T | null>(null);
  const ordered = showsOrder(list.query);

  const shift = (row: T, direction: Direction) =>
    void actions.run(row.id, () => moveRow(props.reorder, row.id, direction), {
      title: `${noun} moved ${direction}`,
      description: `“${row.name}” moved one place ${direction}.`,
    });

  // Settings and the order arrows stay on the row; the rest sit in its More menu, so a row is one line (issue 14).
  const activeActions = (row: T, index: number) => (
    <RowActions>
      {row.abilities.update ? (
        <RowLink to={props.settingsPath(row)} aria-label={`Settings of ${row.name}`}>
          Settings
        </RowLink>
      ) : null}
      {/* In the list's own order both moves show on every row, disabled at the ends (spec), so they stay in place. */}
      {ordered && list.meta ? (
        <>
          <RowButton aria-label={`Move ${row.name} up`} isDisabled={actions.isPending || !canMoveUp(index, list.meta)} onPress={() => shift(row, 'up')}>
            ▲ Up
          </RowButton>
          <RowButton
            aria-label={`Move ${row.name} down`}
            isDisabled={actions.isPending || !canMoveDown(index, list.rows.length, list.meta)}
            onPress={() => shift(row, 'down')}
          >
            ▼ Down
          </RowButton>
        </>
      ) : null}
      <RowMenu
        name={row.name}
        items={[
          { id: 'copy', label: 'Copy', isDisabled: actions.isPending, onAction: () => setCopying(row) },
          { id: 'move', label: 'Move', isDisabled: actions.isPending, onAction: () => setMoving(row) },
          // The component's check page; its loader sends a component without one to create.
          { id: 'knowledge-check', label: 'Knowledge Check', onAction: () => void navigate(props.knowledgeCheckPath(row)) },
          {
            id: 'archive',
            label: 'Archive',
            tone: 'danger',
            isDisabled: !row.abilities.archive || actions.isPending,
            onAction: () => void actions.run(row.id, () => props.archive(row), archivedMessage(noun, row.name)),
          },
        ]}
      />
    </RowActions>
  );

  const columns: TableColumn<T>[] = [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (row) => <NameCell name={row.name} description={row.description} /> },
    { id: 'status', title: 'Status', render: (row) => <StatusBadge isActive={row.is_active} /> },
    countColumn,
    { id: 'created', title: 'Created', sortKey: 'created', render: (row) => formatDate(row.created_at) },
    { id: 'updated', title: 'Updated', sortKey: 'updated', render: (row) => formatDate(row.updated_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (row) =>
        archived ? (
          <RowButton
            aria-label={`Restore ${row.name}`}
            isDisabled={!row.abilities.restore || actions.isPending}
            onPress={() => void actions.run(row.id, () => props.restore(row), restoredMessage(noun, row.name))}
          >
            Restore
          </RowButton>
        ) : (
          activeActions(row, list.rows.indexOf(row))
        ),
    },
  ];

  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={archived ? `Archived ${noun.toLowerCase()}s` : `${noun}s`}
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={emptyText}
        searchPlaceholder="Search by name"
        rowAction={archived ? undefined : (row) => () => navigate(props.openPath(row))}
      />
      <ConfirmDialog
        title={copying ? `Copy “${copying.name}”?` : `Copy ${noun}`}
        question={copyQuestion}
        confirmLabel="Continue"
        cancelLabel="Cancel"
        isOpen={copying !== null}
        isPending={actions.isPending}
        onCancel={() => setCopying(null)}
        onConfirm={() =>
          copying &&
          void actions
            .run(copying.id, () => props.copy(copying), {
              title: `${noun} copied`,
              description: `The copy of “${copying.name}” is at the end of the list.`,
            })
            .then(() => setCopying(null))
        }
      />
      {moving ? (
        <MoveDialog
          tenantId={tenantId}
          currentParentId={props.parentOf(moving)}
          isPending={actions.isPending}
          onCancel={() => setMoving(null)}
          onMove={(parentId) =>
            void actions
              .run(moving.id, () => props.move(moving, parentId), {
                title: `${noun} moved`,
                description: `“${moving.name}” is now at the end of the chosen ${parentNoun}.`,
              })
              .then(() => setMoving(null))
          }
        />
      ) : null}
    </Stack>
  );
}
