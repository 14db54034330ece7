/**
 * NUL characters never reach a query. PostgreSQL refuses them in text (a 500 from deep inside a query), SQLite
 * cuts strings at them in places, and no training content or name needs one. Every string of a JSON body and of
 * the query string is checked once here, before any route runs: 422 naming the fields. A path carrying one
 * (`%00`) names nothing that exists: 404.
 */
import type { Context, Next } from 'koa';
import { notFound, validationFailed } from './errors.js';
import type { FieldErrors } from '@tessera/sdk/rules';

const NUL = '\u0000';
const MAX_DEPTH = 32;

const nullCharacterMessage = (field: string) => `The ${field.replace(/_/g, ' ')} must not contain a null character.`;

/** Dotted paths (`items.3.text`) of the strings in `value` that contain NUL, keys included. */
function fieldsWithNul(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(path || 'body');
  } else if (Array.isArray(value) && depth < MAX_DEPTH) {
    value.forEach((entry, index) => fieldsWithNul(entry, path ? `${path}.${index}` : String(index), depth + 1, found));
  } else if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) {
    for (const [key, entry] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) found.push(field.replaceAll(NUL, ''));
      else fieldsWithNul(entry, field, depth + 1, found);
    }
  }
  return found;
}

/** Throws 422 when any string of `values` contains NUL. */
export function refuseNulCharacters(...values: unknown[]): void {
  const fields = values.flatMap((value) => fieldsWithNul(value));
  if (fields.length === 0) return;
  const errors: FieldErrors = {};
  for (const field of fields) errors[field] = [nullCharacterMessage(field)];
  throw validationFailed(errors);
}

/** After the body parser: the path, the query string and the JSON body. */
export async function refuseNulInRequest(ctx: Context, next: Next): Promise<void> {
  if (/%00/i.test(ctx.path)) throw notFound();
  // A multipart body is still a stream here; upload routes check their text fields as they read them.
  const body = ctx.is('multipart/form-data') ? undefined : ctx.request.body;
  refuseNulCharacters(ctx.query, body);
  await next();
}
