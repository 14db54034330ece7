/**
 * What SCIM Users and Groups share: their `meta`, list paging (`startIndex`, `count`), the ListResponse envelope and
 * `attributes`/`excludedAttributes` (RFC 7644 section 3.4.2.5).
 */
import type { Filter } from 'scim2-parse-filter';
import type { TenantDatabase } from '../../db/database.js';
import type { Query } from '../../db/query.js';
import { invalidValue } from './errors.js';
import { parseFilter } from './filter.js';

export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** The most resources a page answers (ServiceProviderConfig's `filter.maxResults`). */
export const MAX_RESULTS = 200;

interface ScimMeta {
  resourceType: 'User' | 'Group';
  created: string;
  lastModified: string;
  location: string;
}

export type ScimResource = { schemas: string[]; id: string; meta: ScimMeta } & Record<string, unknown>;

export interface ListRequest {
  filter: Filter | null;
  startIndex: number;
  count: number;
  attributes: string[];
  excludedAttributes: string[];
}

function whole(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d{1,9}$/.test(text)) throw invalidValue(`${name} must be a whole number.`);
  return Number(text);
}

function names(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, ''))
    .filter(Boolean);
}

/** The list's query string: a startIndex below 1 is read as 1 and a negative count as 0 (RFC 7644 section 3.4.2.4). */
export function listRequest(query: Record<string, string | string[] | undefined>): ListRequest {
  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const filterText = one('filter');
  return {
    filter: filterText ? parseFilter(filterText) : null,
    startIndex: Math.max(1, whole('startIndex', one('startIndex'), 1)),
    count: Math.min(MAX_RESULTS, Math.max(0, whole('count', one('count'), MAX_RESULTS))),
    attributes: names(one('attributes')),
    excludedAttributes: names(one('excludedAttributes')),
  };
}

/** Whether an attribute is asked for (so a costly one, a group's members, is read only then). */
export function isAsked(request: Pick<ListRequest, 'attributes' | 'excludedAttributes'>, attribute: string): boolean {
  const name = attribute.toLowerCase();
  if (request.attributes.length > 0) return request.attributes.some((asked) => asked.toLowerCase().split('.')[0] === name);
  return !request.excludedAttributes.some((excluded) => excluded.toLowerCase() === name);
}

/** The resource with only the asked attributes (`id` and `schemas` always: RFC 7643 "returned: always"). */
export function shaped(resource: ScimResource, request: Pick<ListRequest, 'attributes' | 'excludedAttributes'>): Record<string, unknown> {
  const always = new Set(['schemas', 'id']);
  if (request.attributes.length > 0) {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resource)) {
      if (always.has(key)) kept[key] = value;
      for (const asked of request.attributes) {
        const [head, sub] = asked.split('.');
        if (head.toLowerCase() !== key.toLowerCase()) continue;
        if (!sub || typeof value !== 'object' || value === null || Array.isArray(value)) kept[key] = value;
        else {
          const part = Object.entries(value).find(([name]) => name.toLowerCase() === sub.toLowerCase());
          if (part) kept[key] = { ...(kept[key] as object | undefined), [part[0]]: part[1] };
        }
      }
    }
    return kept;
  }
  const copy: Record<string, unknown> = { ...resource };
  for (const excluded of request.excludedAttributes) {
    const [head, sub] = excluded.split('.');
    const key = Object.keys(copy).find((name) => name.toLowerCase() === head.toLowerCase());
    if (!key || always.has(key)) continue;
    const value = copy[key];
    if (!sub) delete copy[key];
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).filter(([name]) => name.toLowerCase() !== sub.toLowerCase()));
    }
  }
  return copy;
}

/**
 * `totalResults`: a first page holding fewer rows than asked holds every match, so the count is its length (Okta's
 * search before each create, `userName eq "…"&startIndex=1&count=100`, costs one query); otherwise one count.
 */
export async function totalOf(org: TenantDatabase, request: ListRequest, rowCount: number, matching: () => Query): Promise<number> {
  if (request.startIndex === 1 && request.count > 0 && rowCount < request.count) return rowCount;
  const [counted] = await org.rows<{ total: number | string }>(matching().count('* as total'));
  return Number(counted?.total ?? 0);
}

export function listResponse(resources: Record<string, unknown>[], total: number, startIndex: number) {
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** A SCIM boolean as providers send it: Entra ID writes "True"/"False". */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be true or false.`);
}

export function optionalText(value: unknown, attribute: string, max = 255): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${attribute} must be at most ${max} characters.`);
  return trimmed === '' ? null : trimmed;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
