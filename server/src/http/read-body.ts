/**
 * Reading JSON bodies that carry more than strings (flags, id lists): the SDK's form rules check every
 * field as sent (they answer "must be a string", "must be true or false", "must be an array"...), and only
 * the fields that were sent come back, so an update changes exactly those. `readForm` (input.ts) remains
 * the reader for all-string forms.
 */
import { validate, type FormRules } from '@tessera/sdk/rules';
import { validationFailed } from './errors.js';
import { parseFlag } from './input.js';

export type SentFields<F extends FormRules> = { [K in keyof F]?: unknown };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates the form's fields; answers those that were sent (null counts as not sent). Throws 422. */
export function readBody<F extends FormRules>(body: unknown, form: F): SentFields<F> {
  const input = isPlainObject(body) ? body : {};
  const sent: Record<string, unknown> = {};
  for (const field of Object.keys(form)) {
    if (input[field] !== undefined && input[field] !== null) sent[field] = input[field];
  }
  const errors = validate(sent, form);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return sent as SentFields<F>;
}

/** A validated flag field: true, false, or undefined when not sent. */
export function flagOf(value: unknown): boolean | undefined {
  return value === undefined ? undefined : parseFlag(value);
}

/** A validated text field, trimmed; undefined when not sent. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A validated id list, without duplicates. */
export function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.map((id) => String(id).toLowerCase()))] : [];
}
