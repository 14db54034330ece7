import { apiCall, type CallOptions, type RawResult } from '@portal/api/call';
import type { ApiOutcome } from '@portal/api/outcome';
import type { ListPage, ListQuery } from '@portal/lists/useServerList';

/**
 * How a fake call answers: a status with its body, no answer at all (the network is down), or never
 * (a call that stays in flight, to show a loading or saving state).
 */
export type FakeAnswer = { status: number; body?: unknown } | 'no-response' | 'never';

const VALIDATION_MESSAGE = 'The given data was invalid.';

/** A 422 as the server answers it: the messages per field. */
export function fieldErrors(errors: Record<string, string[]>): FakeAnswer {
  return { status: 422, body: { message: VALIDATION_MESSAGE, code: 'validation_failed', errors } };
}

/** What openapi-fetch resolves an SDK call to, for this status and body. */
function rawResult<T>(status: number, body: unknown): RawResult<T> {
  const response = new Response(null, { status });
  return response.ok ? { data: body as T, response } : { error: body, response };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers the way the portal's own calls do: through its apiCall, so 5xx and "no response" are routed
 * to the global error pages and the screen receives the same outcome it gets from the real server.
 */
export async function fakeCall<T>(answer: FakeAnswer, options: CallOptions & { delayMs?: number } = {}): Promise<ApiOutcome<T>> {
  if (answer === 'never') return new Promise(() => {});
  if (options.delayMs) await wait(options.delayMs);
  if (answer === 'no-response') return apiCall<T>(Promise.reject(new TypeError('Failed to fetch')), options);
  return apiCall<T>(Promise.resolve(rawResult<T>(answer.status, answer.body)), options);
}

export interface FakeListOptions<T> {
  rows: T[];
  perPage?: number;
  /** The server's search: whether a row matches the (trimmed) term. */
  matches(row: T, term: string): boolean;
  /** The list's sort keys (the contract's `order` values) and how each compares two rows. */
  sorts: Record<string, (a: T, b: T) => number>;
  /** Answer every request with this instead of a page (a failure, or 'never' for a load in flight). */
  answer?: FakeAnswer;
  delayMs?: number;
}

/**
 * A server-paged list held in memory: searches, sorts and pages like the API (the `data`/`meta` envelope),
 * and records every request so a story can show what was sent and when.
 */
export function createFakeList<T>({ perPage = 25, matches, sorts, answer, delayMs = 150, ...options }: FakeListOptions<T>) {
  let rows = [...options.rows];
  const requests: ListQuery[] = [];
  const listeners = new Set<() => void>();

  function page(query: ListQuery): ListPage<T> {
    const term = query.search.toLowerCase();
    const found = rows.filter((row) => !term || matches(row, term));
    const compare = sorts[query.order];
    const sorted = compare ? [...found].sort((a, b) => (query.desc ? compare(b, a) : compare(a, b))) : found;
    const lastPage = Math.max(1, Math.ceil(sorted.length / perPage));
    return {
      data: sorted.slice((query.page - 1) * perPage, query.page * perPage),
      meta: {
        current_page: query.page,
        last_page: lastPage,
        per_page: perPage,
        total: sorted.length,
        order: query.order,
        desc: query.desc,
        search: query.search || null,
      },
    };
  }

  return {
    requests,
    load(query: ListQuery): Promise<ApiOutcome<ListPage<T>>> {
      requests.push(query);
      listeners.forEach((listener) => listener());
      return fakeCall(answer ?? { status: 200, body: page(query) }, { delayMs });
    },
    /** A row action changed the server's rows (an archive took one away). */
    update(change: (current: T[]) => T[]) {
      rows = change(rows);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FakeList<T> = ReturnType<typeof createFakeList<T>>;

/** A tag picker's server search over a fixed list of choices (a little later, as a server would answer). */
export function fakeOptions<O extends { label: string }>(options: O[], delayMs = 100) {
  return {
    // A tag picker's search reads through the portal's cache: the options' labels name it.
    key: ['story-options', options.map((option) => option.label).join('|')],
    load: async (term: string): Promise<O[]> => {
      await wait(delayMs);
      return options.filter((option) => option.label.toLowerCase().includes(term.toLowerCase()));
    },
  };
}
