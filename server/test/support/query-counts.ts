/**
 * No N+1: the SQL queries a request makes, counted with knex's 'query' event on the in-process server. The session
 * lookup of every authenticated request is a compiled read not announced to knex (http/session.ts), so the counts
 * leave it out.
 *
 * A list's own test proves its page costs the same for one row as for many with `expectFlatListQueries`, naming its
 * operation: list-query-coverage.test.ts fails while a list of the contract has no such check.
 */
import { expect } from 'vitest';
import { assertOperation, type OperationId } from './operations.js';
import type { TestServer } from './server.js';

/** The queries `call` makes on `server`'s database. */
export async function countQueries(server: TestServer, call: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  const onQuery = () => {
    queries += 1;
  };
  server.app.knex.on('query', onQuery);
  try {
    await call();
  } finally {
    server.app.knex.off('query', onQuery);
  }
  return queries;
}

export interface FlatListCheck {
  /** The list's operationId: the path must resolve to it. */
  operation: OperationId;
  /** The list's address (relative to /api) for a page of `size` rows. */
  path: (size: number) => string;
  token: string;
  /** A page size the seeded rows fill (at least 2). */
  rows: number;
  /** The most queries a page may make (the page's keys, its rows, the total). */
  atMost?: number;
}

/**
 * The list answers a page of `rows` rows with no more queries than a page of one row, at most `atMost` (default 3).
 * Returns the one row's count. (A list may keep its total until the next commit: the second page can cost less.)
 */
export async function expectFlatListQueries(server: TestServer, check: FlatListCheck): Promise<number> {
  assertOperation(check.operation, { method: 'GET', path: check.path(1) });
  const pageOf = async (size: number) => {
    let status = 0;
    let length = 0;
    const queries = await countQueries(server, async () => {
      const response = await server.api.get(check.path(size), { token: check.token });
      status = response.status;
      length = (response.body as { data?: unknown[] }).data?.length ?? 0;
    });
    expect(status, `GET ${check.path(size)}`).toBe(200);
    return { queries, length };
  };
  const one = await pageOf(1);
  const many = await pageOf(check.rows);
  expect(many.length, `the seeded rows fill a page of ${check.rows}`).toBe(check.rows);
  expect(many.queries, `${check.operation}: queries for ${check.rows} rows against 1`).toBeLessThanOrEqual(one.queries);
  expect(one.queries).toBeLessThanOrEqual(check.atMost ?? 3);
  return one.queries;
}
