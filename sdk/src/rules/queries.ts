/**
 * The query strings of the API's reads, as forms (ARCHITECTURE.md#lists-and-query-conventions): the server parses
 * them with `validate(queryForms.x, 'query')` and answers 422 per field like a body; clients build their query
 * strings knowing the same rules. A query string carries strings only; the server reads an empty value as absent.
 *
 * Decided leniencies, each documented in the contract: an unknown `order` sorts by the list's default (a bookmarked
 * address keeps working after a sort key is renamed), `per_page` above 100 is read as 100, and a list's switches
 * (`short`, `show-hidden`, `include-inactive`) are on only for a true flag.
 */
import * as v from 'valibot';
import { ACCESS_REQUEST_STATUSES, documented, form, messages } from './core.js';
import { MEDIA_TYPES } from './files.js';

/** The states of a background job (the owner's Jobs screen lists one at a time). */
export const JOB_STATES = ['queued', 'running', 'failed'] as const;

/** The page size a list answers when asked for more. */
export const MAX_PER_PAGE = 100;
/** The longest search term a list takes. */
export const MAX_SEARCH_LENGTH = 255;

/**
 * A list's query-string switch (`?short=true`): true for a true flag, false for anything else or when absent (a
 * list never refuses a switch it does not understand). Query strings only carry strings.
 */
export function querySwitch() {
  return v.optional(
    v.pipe(
      documented<string>(),
      v.transform((value) => value === 'true' || value === '1'),
    ),
    '',
  );
}

/** A query value that may be left out (the server reads an empty one, `?active=`, as left out: http/validate.ts). */
function optionalQuery<S extends v.GenericSchema<string, unknown>>(schema: S) {
  return v.optional(schema);
}

/** A whole number of at least `min` (and at most 999,999,999), sent as digits. */
function wholeNumber(field: string, min: number) {
  return v.pipe(
    v.string(messages.integer(field)),
    v.regex(/^\d{1,9}$/, messages.integer(field)),
    v.transform(Number),
    v.minValue(min, messages.minNumber(field, min)),
  );
}

/** A flag sent in a query string (true/false, 1/0), as the body's flags read (`flag`). */
function queryFlag(field: string) {
  return optionalQuery(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], messages.boolean(field)),
      v.transform((value) => value === 'true' || value === '1'),
    ),
  );
}

/** One of a fixed set of values. */
export function queryChoice<const T extends readonly string[]>(field: string, allowed: T) {
  return optionalQuery(v.picklist(allowed, messages.selected(field)));
}

/**
 * A filter by the id of another row (a module, a topic), lower-cased. It filters like any value: an id that names no
 * row of the organization, a malformed one too, finds nothing (the report's filters always read so).
 */
export function filterId(field: string) {
  return optionalQuery(
    v.pipe(
      v.string(messages.string(field)),
      v.maxLength(MAX_SEARCH_LENGTH, messages.maxLength(field, MAX_SEARCH_LENGTH)),
      v.transform((id) => id.trim().toLowerCase()),
    ),
  );
}

/** A search term, trimmed; blank reads as none (null). */
export function searchTerm(field = 'search') {
  return v.optional(
    v.pipe(
      v.string(messages.string(field)),
      v.trim(),
      v.maxLength(MAX_SEARCH_LENGTH, messages.maxLength(field, MAX_SEARCH_LENGTH)),
      v.transform((term) => (term === '' ? null : term)),
    ),
    '',
  );
}

/**
 * The sort key asked for: one of the list's keys, `null` for a key the list does not have (sorted by the default,
 * ascending: the contract's fallback), absent when not asked (the default key in its default direction).
 */
function sortKey<const K extends readonly string[]>(keys: K) {
  return optionalQuery(
    v.pipe(
      v.string(messages.string('order')),
      v.transform((key) => ((keys as readonly string[]).includes(key) ? (key as K[number]) : null)),
    ),
  );
}

/**
 * The conventions every list shares (`paginate`, `page`, `per_page`, `order`, `desc`) with the list's sort keys, and
 * what the list adds: `searched`, `archivable`, `activeFilter` (each list's contract says which it takes) and its own
 * filters. The output is the request's list query; the server completes it with the list's defaults
 * (http/list-query.ts).
 */
/** A page of a list: `paginate`, `page` and `per_page` (a list with a fixed order, such as a log, has only these). */
export function pageEntries() {
  return {
    paginate: queryFlag('paginate'),
    page: optionalQuery(wholeNumber('page', 1)),
    per_page: optionalQuery(
      v.pipe(
        wholeNumber('per_page', 1),
        v.transform((size) => Math.min(size, MAX_PER_PAGE)),
      ),
    ),
  };
}

export function listQuery<const K extends readonly string[], E extends v.ObjectEntries = Record<never, never>>(keys: K, entries?: E) {
  return form({
    ...pageEntries(),
    order: sortKey(keys),
    desc: queryFlag('desc'),
    ...(entries ?? ({} as E)),
  });
}

/** `search`: a term the rows contain. */
export const searched = { search: searchTerm() };
/** `archived`: archived rows instead of live ones. */
const archivable = { archived: queryFlag('archived') };
/** `active`: only active (or inactive) rows. */
const activeFilter = { active: queryFlag('active') };
/**
 * `format`: `csv` answers the read as a CSV download instead of JSON (`Accept: text/csv` does too): the reports and the
 * lists a compliance team reads (ARCHITECTURE.md#csv-downloads).
 */
export const csvFormat = { format: queryChoice('format', ['csv'] as const) };

/** A list's parsed query string (the output of one of `queryForms`' lists). */
export interface ListQueryInput<K extends string = string> {
  paginate?: boolean;
  page?: number;
  per_page?: number;
  order?: K | null;
  desc?: boolean;
  search?: string | null;
  archived?: boolean;
  active?: boolean;
}

const CONTENT_ORDERS = ['order', 'name', 'created', 'updated'] as const;
const BIOREQ_ORDERS = ['title', 'uploaded', 'downloaded', 'status', 'uploaded_by'] as const;

/** The review list and the uploader's own list of bioreq documents read the same query string; the review list's downloads as CSV too. */
const bioreqEntries = { ...searched, processed: queryFlag('processed') };

/**
 * The query strings of the platform's own reads, each named after its operation. A later resource keeps its query
 * forms beside its forms (webhooks.ts, sso.ts…); `npm run generate` gathers them all into `queryForms`
 * (generated/registry.ts), and contract-check.ts holds each to its operation's parameters.
 */
export const platformQueryForms = {
  listTenants: listQuery(['name', 'created', 'groups', 'modules', 'members'], { ...searched, ...archivable }),
  listUsers: listQuery(['name', 'email', 'created_at', 'created', 'joined', 'memberships'], { ...searched, ...archivable, ...activeFilter }),
  listTenantUsers: listQuery(['user', 'email', 'role', 'status', 'joined'], { ...searched, ...archivable, ...csvFormat }),
  /** The audit trail, newest first by default; `action` keeps the events whose action starts with it (`scim.user`). */
  listAuditEvents: listQuery(['created'], { action: searchTerm('action') }),
  listGroups: listQuery(['name', 'created', 'members'], { ...searched, ...archivable, ...csvFormat }),
  listTenantAccessRequests: listQuery(['requested', 'user', 'status'], { ...searched, ...archivable, status: queryChoice('status', ACCESS_REQUEST_STATUSES) }),
  listModules: listQuery(CONTENT_ORDERS, { ...searched, ...archivable, ...activeFilter, short: querySwitch(), 'show-hidden': querySwitch() }),
  listComponents: listQuery(CONTENT_ORDERS, { ...searched, ...archivable, ...activeFilter, short: querySwitch(), 'show-hidden': querySwitch() }),
  listTopics: listQuery(CONTENT_ORDERS, { ...searched, ...archivable, ...activeFilter, short: querySwitch() }),
  listFavoriteTopics: listQuery(CONTENT_ORDERS, { ...searched, ...archivable, ...activeFilter }),
  getContentTree: form({ 'include-inactive': querySwitch() }),
  listMedia: listQuery(['created', 'name', 'size', 'type'], { ...searched, type: queryChoice('type', MEDIA_TYPES), module: filterId('module') }),
  listSuggestions: listQuery(['sent', 'user'], { ...searched, ...activeFilter }),
  listBioreqDocuments: listQuery(BIOREQ_ORDERS, { ...bioreqEntries, ...csvFormat }),
  listOwnBioreqDocuments: listQuery(BIOREQ_ORDERS, bioreqEntries),
  getSnapshotReport: form(csvFormat),
  listJobs: form({ state: queryChoice('state', JOB_STATES) }),
  /** A signed media file URL's parameters; the signature check decides the rest (a failure is one 403). */
  getFile: form({ expires: v.string(), signature: v.string(), download: queryFlag('download') }),
  /** A signed bioreq file URL's parameters, with the account it was signed for. */
  getBioreqFile: form({ user: v.string(), expires: v.string(), signature: v.string() }),
} as const;
