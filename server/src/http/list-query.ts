/**
 * Lists, the request's side: a list's query string as its form (`queryForms` of @tessera/sdk/rules, parsed by the
 * route's `validate(form, 'query')` step) completed with the list's defaults, and the `{ data, meta }` envelope. The
 * page itself is read by `paginate` (db/paginate.ts).
 */
import type { PaginationMeta } from '@tessera/sdk';
import type { ListQueryInput } from '@tessera/sdk/rules';
import type { ListDefinition, ListParams, Page } from '../db/paginate.js';

const DEFAULT_PAGE_SIZE = 25;

/**
 * The page a route's list query asks for, with the list's defaults: the first page of 25, the default sort key in its
 * default direction (an unknown key, read as null, sorts by the default key ascending, as before the key was asked).
 */
export function listParams<Key extends string>(query: ListQueryInput<Key>, definition: ListDefinition<Key>): ListParams<Key> {
  return {
    paginate: query.paginate ?? true,
    page: query.page ?? 1,
    perPage: query.per_page ?? DEFAULT_PAGE_SIZE,
    order: query.order ?? definition.defaultOrder,
    desc: query.desc ?? (query.order === undefined ? Boolean(definition.defaultDesc) : false),
    search: query.search ?? null,
    archived: query.archived ?? false,
    active: query.active,
  };
}

/** The list envelope with rows turned into the contract's shape. */
export function listBody<Row, Item>(page: Page<Row>, present: (row: Row) => Item): { data: Item[]; meta: PaginationMeta } {
  return { data: page.rows.map(present), meta: page.meta };
}
