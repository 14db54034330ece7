/**
 * The bioreq documents' hot reads (ARCHITECTURE.md#data-access), measured by server/bench/bioreq.ts (the reviewer's
 * Pending tab, page 1 and searched by title, and the Processed tab by title, over 100,000 documents): the list's total
 * counted apart and kept until the next commit, and a page's rows by their ids compiled once.
 */
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import { containsSearch } from '../../db/contains-search.js';
import type { Database } from '../../db/database.js';
import type { ListDefinition, RowsById } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { personColumns } from './presenter.js';

export type BioreqSortKey = 'title' | 'uploaded' | 'downloaded' | 'status' | 'uploaded_by';

export const BIOREQ_LIST: ListDefinition<BioreqSortKey> = {
  sorts: { title: 'lower(b.title)', uploaded: 'b.created_at', downloaded: 'b.downloaded_at', status: 'b.status', uploaded_by: 'lower(su.name)' },
  defaultOrder: 'uploaded',
  defaultDesc: true,
  tieBreaker: 'b.id',
  searchColumns: ['b.title'],
  // 100,000 documents: the page walks the sort's index and stops at its end; the count is kept until the next commit.
  total: 'keptCount',
  // Through the title's trigram index on SQLite (migration 20250116000000_bioreq), LIKE on PostgreSQL's GIN index.
  search: containsSearch({ copy: 'bioreq_search', copyKey: 'document_id', copyColumns: ['title'], key: 'b.id', columns: ['b.title'] }),
};

/** The organization's documents (`b`). */
export function documentsOf(org: TenantSql): Query {
  return org.from('bioreq_documents as b');
}

/**
 * The documents' people. Left joins on unique keys: the submitter always exists (a foreign key that cascades).
 * A list joins them only for its rows and for the submitter sort: SQLite leaves out unread left joins from a page's
 * keys, but not from its count (which then looked up three people per matching document).
 */
export function withPeople(query: Query): Query {
  return query
    .leftJoin('tenant_users as stu', 'stu.id', 'b.tenant_user_id')
    .leftJoin('users as su', 'su.id', 'stu.user_id')
    .leftJoin('users as ru', 'ru.id', 'b.reviewer_user_id')
    .leftJoin('users as du', 'du.id', 'b.decided_by_user_id');
}

export const DOCUMENT_COLUMNS = [
  'b.id',
  'b.tenant_id',
  'b.tenant_user_id',
  'b.title',
  'b.description',
  'b.storage_key',
  'b.mime_type',
  'b.size',
  'b.status',
  'b.message',
  'b.downloaded_at',
  'b.decided_at',
  'b.file_deleted_at',
  'b.created_at',
  'b.updated_at',
  ...personColumns('su', 's'),
  ...personColumns('ru', 'r'),
  ...personColumns('du', 'd'),
];

/** A document row with its people. */
export const selectDocument = (query: Query) => withPeople(query).select(DOCUMENT_COLUMNS);

/** A page's documents by id, with their people: compiled once (db/paginate.ts). */
const documentRowsRead = compiledRead<object, { tenantId: string; ids: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return whereInJsonList(org, selectDocument(documentsOf(org)), 'b.id', param('ids'));
});

/** The rows of a list page's document ids (paginate's `rowsById`), as read (the page normalises them). */
export function documentRowsById(db: Database, tenantId: string): RowsById<object> {
  return (ids) => db.read(documentRowsRead, { tenantId, ids: JSON.stringify(ids) });
}
