/**
 * `client.paginate(path, init)`: every item of a list, page after page, as an async iterable, for scripts
 * (`for await (const member of client.paginate('/tenants/{tenantId}/tenant-users', { params: { path: { tenantId } } }))`).
 * Any path whose GET answers the list envelope (`{ data: [...], meta: PaginationMeta }`) is accepted, with the same
 * parameters as `GET`; the page parameter is the iterator's. An error answer throws `TesseraApiError`, as `unwrap`.
 */
import type { Client, MaybeOptionalInit } from 'openapi-fetch';
import type { RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './generated/schema.js';
import { unwrap } from './unwrap.js';

type PaginationMeta = components['schemas']['PaginationMeta'];

interface ListAnswer {
  get: { responses: { 200: { content: { 'application/json': { data: unknown[]; meta: PaginationMeta } } } } };
}

/** The paths whose GET answers a page of a list. */
export type ListPath = { [Path in keyof paths]: paths[Path] extends ListAnswer ? Path : never }[keyof paths];

/** One item of a list path's pages. */
export type ListItem<Path extends ListPath> = paths[Path] extends ListAnswer
  ? paths[Path]['get']['responses'][200]['content']['application/json']['data'][number]
  : never;

type ListInit<Path extends ListPath> = MaybeOptionalInit<paths[Path], 'get'>;
/** Optional when the path needs no parameter (as openapi-fetch's own calls). */
type ListInitParam<Path extends ListPath> = RequiredKeysOf<ListInit<Path>> extends never ? [init?: ListInit<Path>] : [init: ListInit<Path>];

export type Paginate = <Path extends ListPath>(path: Path, ...init: ListInitParam<Path>) => AsyncIterable<ListItem<Path>>;

/** What paginate needs of the client: its GET, typed loosely here (the public signature above is the strict one). */
type LooseGet = (path: string, init: { params?: { query?: Record<string, unknown> } } & Record<string, unknown>) => ReturnType<Client<paths>['GET']>;

export function paginator(client: Pick<Client<paths>, 'GET'>): Paginate {
  const get = client.GET as unknown as LooseGet;
  return async function* paginate(path: string, init: { params?: { query?: Record<string, unknown> } } & Record<string, unknown> = {}) {
    for (let page = 1; ; page += 1) {
      const answer = (await unwrap(get(path, { ...init, params: { ...init.params, query: { ...init.params?.query, page } } }))) as {
        data: unknown[];
        meta: PaginationMeta;
      };
      yield* answer.data;
      if (answer.data.length === 0 || answer.meta.current_page >= answer.meta.last_page) return;
    }
  } as Paginate;
}
