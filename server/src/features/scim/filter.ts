/**
 * SCIM filters (RFC 7644 section 3.4.2.2) to the repository's query API. scim2-parse-filter parses the text into its
 * AST; this module walks the AST and adds knex `where` calls with bound values to the resource's query: a filter is
 * never SQL text. An attribute the resource does not map, an operator it cannot answer, or text that does not
 * parse is 400 `invalidFilter`.
 */
import { parse, type Filter } from 'scim2-parse-filter';
import type { Query } from '../../db/query.js';
import { invalidFilter } from './errors.js';

type Value = boolean | null | number | string;

/** How one SCIM attribute reads in SQL: its column and kind. */
interface MappedAttribute {
  column: string;
  /** `lowercased`: stored lower-cased, compared with the value lower-cased (its index serves); `caseless`: lower(column). */
  kind: 'text' | 'lowercased' | 'caseless' | 'boolean' | 'date';
  /** A condition of its own instead of a column compare (a group's `members.value`). */
  where?: (query: Query, op: string, value: Value) => void;
}

/** A resource's filterable attributes, by lower-cased name (SCIM attribute names are case-insensitive). */
export type AttributeMap = Record<string, MappedAttribute>;

/** `%` and `_` of a compared value are literal characters. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const LIKE_PATTERNS: Record<string, (value: string) => string> = {
  co: (value) => `%${escapeLike(value)}%`,
  sw: (value) => `${escapeLike(value)}%`,
  ew: (value) => `%${escapeLike(value)}`,
};

const ORDERINGS: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=' };

function attributeOf(map: AttributeMap, path: string): MappedAttribute {
  // A fully qualified name (`urn:ietf:params:scim:schemas:core:2.0:User:userName`) names the same attribute.
  const name = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '').toLowerCase();
  const attribute = map[name];
  if (!attribute) throw invalidFilter(`The attribute "${path}" cannot be filtered on.`);
  return attribute;
}

function typedValue(attribute: MappedAttribute, value: Value): Value | Date {
  if (attribute.kind === 'boolean') {
    if (typeof value !== 'boolean') throw invalidFilter('Compare a boolean attribute with true or false.');
    return value;
  }
  if (attribute.kind === 'date') {
    const date = typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw invalidFilter('Compare a date attribute with an ISO 8601 date-time.');
    return date;
  }
  if (typeof value !== 'string') throw invalidFilter('Compare a text attribute with a quoted string.');
  return attribute.kind === 'text' ? value : value.toLowerCase();
}

function compare(query: Query, attribute: MappedAttribute, op: string, raw: Value): void {
  if (attribute.where) return attribute.where(query, op, raw);
  const { column } = attribute;
  if (op === 'pr') {
    query.whereNotNull(column);
    return;
  }
  if (raw === null) {
    if (op === 'eq') query.whereNull(column);
    else if (op === 'ne') query.whereNotNull(column);
    else throw invalidFilter(`"${op}" cannot compare with null.`);
    return;
  }
  const value = typedValue(attribute, raw);
  const target = attribute.kind === 'caseless' ? `lower(${column})` : column;
  if (op === 'eq') query.whereRaw(`${target} = ?`, [value]);
  else if (op === 'ne') query.where((either) => void either.whereRaw(`${target} <> ?`, [value]).orWhereNull(column));
  else if (LIKE_PATTERNS[op] && typeof value === 'string') {
    query.whereRaw(`${target} like ? escape '\\'`, [LIKE_PATTERNS[op](value)]);
  } else if (ORDERINGS[op] && attribute.kind !== 'boolean') query.where(column, ORDERINGS[op], value);
  else throw invalidFilter(`"${op}" cannot be used on this attribute.`);
}

/**
 * `emails[type eq "work"]`, `members[value eq "…"]`: the inner filter on the attribute's sub-attributes
 * (`emails.type`, `members.value`). The parser reads `emails[type eq "work"].value eq "x"` as this AND
 * `emails.value eq "x"`.
 */
function valuePath(query: Query, map: AttributeMap, filter: Extract<Filter, { op: '[]' }>): void {
  const prefix = `${filter.attrPath.toLowerCase()}.`;
  const inner: AttributeMap = {};
  for (const [name, attribute] of Object.entries(map)) if (name.startsWith(prefix)) inner[name.slice(prefix.length)] = attribute;
  if (Object.keys(inner).length === 0) throw invalidFilter(`The attribute "${filter.attrPath}" cannot be filtered on.`);
  apply(query, inner, filter.valFilter);
}

function apply(query: Query, map: AttributeMap, filter: Filter): void {
  switch (filter.op) {
    case 'and':
      for (const part of filter.filters) query.where((scope) => void apply(scope, map, part));
      return;
    case 'or':
      query.where((scope) => {
        for (const part of filter.filters) scope.orWhere((either) => void apply(either, map, part));
      });
      return;
    case 'not':
      query.whereNot((scope) => void apply(scope, map, filter.filter));
      return;
    case '[]':
      return valuePath(query, map, filter);
    default:
      return compare(query, attributeOf(map, filter.attrPath), filter.op, filter.op === 'pr' ? null : filter.compValue);
  }
}

/** The filter's AST, or 400 `invalidFilter`. */
export function parseFilter(text: string): Filter {
  if (text.length > 2000) throw invalidFilter('The filter is too long.');
  try {
    return parse(text);
  } catch (error) {
    throw invalidFilter(`The filter could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Adds the filter's conditions to the query (the query keeps its own scope: the organization's rows). */
export function applyFilter(query: Query, map: AttributeMap, filter: Filter): Query {
  query.where((scope) => void apply(scope, map, filter));
  return query;
}
