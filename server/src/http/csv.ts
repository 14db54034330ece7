/**
 * CSV downloads (ARCHITECTURE.md#csv-downloads): the reports and lists a compliance team reads answer CSV on the same
 * route as their JSON, asked for with `format=csv` (the query forms' `format`) or `Accept: text/csv`, with the same
 * steps before it (who, may they, what they sent), so the same filters and authorization.
 *
 * The answer: RFC 4180 written by csv-stringify (CRLF line ends, a field holding a comma, a quote or a line end
 * quoted), UTF-8 with a byte-order mark (Excel reads the file as UTF-8 only with it), a header row, timestamps in ISO
 * 8601 (rows carry them as their models read them; a Date is written with `toISOString`), and formula injection
 * neutralised as OWASP advises: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'`
 * before it, so a spreadsheet shows it as text instead of running it. Numbers stay numbers (a negative one is not a
 * formula). `attachment; filename="<name>-<YYYY-MM-DD>.csv"`, never kept by a cache.
 *
 * Rows arrive in batches (a list's `listRows`, `db.batches`) and are written as they come, with backpressure: a batch
 * is read when the client has taken the previous ones, so 100,000 rows are never held. The first batch is read before
 * anything is answered, so a failure then is the usual error answer; once the headers are out a failure cannot be a
 * 500 any more, so the socket is destroyed: the client sees a download cut off (an incomplete chunked answer), never a
 * file that looks whole and is short. A client that goes away ends the reading.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Context } from 'koa';

/** What a CSV cell may hold: text, a number, a flag, a timestamp (a Date or its ISO string), or nothing (an empty cell). */
type CsvValue = string | number | boolean | Date | null | undefined;

/** A column of a CSV answer: its header and its cell of a row. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

export interface CsvAnswer<Row> {
  /** The file's name before its date: `members` → `members-2026-01-31.csv`. Letters, digits and dashes. */
  name: string;
  columns: readonly CsvColumn<Row>[];
  /** The rows: batches read as the client takes them (`listRows`), or the few rows of a report read whole. */
  rows: AsyncIterable<readonly Row[]> | readonly Row[];
}

/**
 * Whether the request asks for CSV: `format=csv` (its route's query form has read it), or `Accept` preferring
 * `text/csv` to JSON. Answers vary with `Accept` from then on, whichever is answered.
 */
export function wantsCsv(ctx: Context, input: { format?: 'csv' }): boolean {
  ctx.vary('Accept');
  return input.format === 'csv' || ctx.accepts('application/json', 'text/csv') === 'text/csv';
}

/** A cell starting like a formula: `=`, `+`, `-`, `@`, a tab, a carriage return (OWASP's CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made text: a `'` before it. */
function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** csv-stringify's options: RFC 4180 with a byte-order mark; how each kind of value is written. */
function csvOptions(headers: string[]) {
  return {
    bom: true,
    header: true,
    columns: headers,
    record_delimiter: 'windows' as const,
    // A line feed alone is not the record delimiter (CRLF), so csv-stringify would leave a cell holding one unquoted.
    quoted_match: /[\r\n]/,
    cast: {
      string: neutralised,
      date: (value: Date) => value.toISOString(),
      boolean: (value: boolean) => (value ? 'true' : 'false'),
    },
  };
}

/** The rows' cells, a row at a time, batch after batch. */
async function* records<Row>(rows: AsyncIterable<readonly Row[]>, columns: readonly CsvColumn<Row>[]): AsyncGenerator<CsvValue[]> {
  for await (const batch of rows) {
    for (const row of batch) yield columns.map((column) => column.value(row));
  }
}

/** Each batch's rows as the JSON answer presents them (the CSV's columns read the contract's entity). */
export async function* presentedBatches<Row, Item>(batches: AsyncIterable<readonly Row[]>, present: (row: Row) => Item): AsyncGenerator<Item[]> {
  for await (const batch of batches) yield batch.map(present);
}

/** The day of the download, for its file name. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The rows as one batch when they were read whole; batches otherwise. */
function batchesOf<Row>(rows: AsyncIterable<readonly Row[]> | readonly Row[]): AsyncIterable<readonly Row[]> {
  if (Symbol.asyncIterator in rows) return rows;
  return (async function* () {
    yield rows;
  })();
}

/**
 * Answers the rows as a CSV download (see above). Resolves when the last byte is written or the download ended: the
 * request stays in flight meanwhile, so a graceful shutdown waits for it.
 */
export async function answerCsv<Row>(ctx: Context, answer: CsvAnswer<Row>): Promise<void> {
  const batches = batchesOf(answer.rows)[Symbol.asyncIterator]();
  // The first batch before any answer: a failure now answers the usual error body.
  const first = await batches.next();
  ctx.status = 200;
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${answer.name}-${today()}.csv"`);
  ctx.set('Cache-Control', 'no-store');
  if (ctx.method === 'HEAD') {
    await batches.return?.();
    return;
  }
  const rest: AsyncIterable<readonly Row[]> = {
    [Symbol.asyncIterator]: () => batches,
  };
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* rest;
  })();
  // Written here, not by Koa: the request is in flight until the download ends, and a failure is handled below.
  ctx.respond = false;
  const { res } = ctx;
  // The client left while the first batch was read.
  if (res.destroyed || !res.socket || res.socket.destroyed) {
    await batches.return?.();
    return;
  }
  const source = Readable.from(records(all, answer.columns));
  const csv = stringify(csvOptions(answer.columns.map((column) => column.header)));
  await new Promise<void>((resolve) => {
    // The answer ended: written whole, cut off below, or the client went away (then the reading stops).
    res.once('close', () => {
      source.destroy();
      resolve();
    });
    pipeline(source, csv).catch((error: unknown) => {
      if (res.destroyed) return;
      ctx.state.log.error({ err: error, method: ctx.method, path: ctx.path }, 'CSV download failed after its headers were sent');
      // The headers are out: the socket is closed before the chunked answer's end, so the client sees the download
      // cut off. No error is handed to the socket: it is logged here, once.
      res.destroy();
    });
    // Backpressure: the stringifier, and through it the rows' batches, wait while the client has not taken the bytes.
    csv.pipe(res);
  });
}
