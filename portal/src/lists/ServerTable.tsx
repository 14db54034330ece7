import { styled } from '@tessera/widgets/stitches';
import type { ReactNode } from 'react';
import { Pagination } from '../ui/Pagination';
import { ReadFailed } from '../ui/ReadState';
import { SearchField } from '../ui/SearchField';
import { Table, type TableColumn, type TableSelection } from '../ui/Table';
import type { ServerList } from './useServerList';

const Layout = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3' });

const Toolbar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '$3' });

export interface ServerTableProps<T, O extends string> {
  /** Names the table and its paging ("Users" -> "Users pages"). */
  label: string;
  list: ServerList<T, O>;
  columns: TableColumn<T>[];
  rowKey(row: T): string;
  /** The spec's empty-state text ("No users found..."). */
  emptyText: string;
  /** The spec's search placeholder; lists without one have no search box. */
  searchPlaceholder?: string;
  rowAction?(row: T): (() => void) | undefined;
  selection?: TableSelection;
  /** Controls beside the search box (select mode, Remove All). */
  tools?: ReactNode;
  /** Keys of rows shown in the success colour. */
  highlighted?: ReadonlySet<string>;
}

/** The one server-paged table of the portal: search, sortable columns, empty state and paging. */
export function ServerTable<T, O extends string>({
  label,
  list,
  columns,
  rowKey,
  emptyText,
  searchPlaceholder,
  rowAction,
  selection,
  tools,
  highlighted,
}: ServerTableProps<T, O>) {
  const { meta } = list;
  return (
    <Layout>
      {searchPlaceholder || tools ? (
        <Toolbar>
          {searchPlaceholder ? (
            <SearchField placeholder={searchPlaceholder} value={list.searchText} onChange={list.changeSearch} onSubmit={list.submitSearch} />
          ) : (
            <span />
          )}
          {tools}
        </Toolbar>
      ) : null}
      <ReadFailed error={list.error} onRetry={list.reload} />
      {/* A first page that failed shows its failure alone (not an empty list's words). */}
      {list.error !== null && !meta ? null : (
        <Table
          label={label}
          columns={columns}
          rows={list.rows}
          rowKey={rowKey}
          sort={{ order: list.query.order, desc: list.query.desc }}
          onSort={list.sortBy}
          emptyText={list.isLoading && !meta ? 'Loading...' : emptyText}
          rowAction={rowAction}
          selection={selection}
          isBusy={list.isLoading}
          highlighted={highlighted}
        />
      )}
      {/* An empty list says so in the table; no "0–0 of 0" and no page buttons under it. */}
      {meta && meta.total > 0 ? (
        <Pagination
          label={`${label} pages`}
          page={meta.current_page}
          lastPage={meta.last_page}
          total={meta.total}
          perPage={meta.per_page}
          onPage={list.goToPage}
        />
      ) : null}
    </Layout>
  );
}
