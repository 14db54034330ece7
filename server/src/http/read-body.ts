/**
 * The reader the routes used before `validate(form)` (validate.ts): parses a body with one of the SDK's forms and
 * answers its typed output, or throws the API's 422. Kept, with the field helpers below, until every route
 * declares its `validate(form)` step; new code uses that step. See ARCHITECTURE.md, "Validation".
 */
import { parseForm, type FormOutput, type FormSchema } from '@tessera/sdk/rules';
import { validationFailed } from './errors.js';
import { parseFlag } from './input.js';

/** The fields of a form, each possibly left out (the shape route helpers accept from any content form). */
export type SentFields<F> = { [K in keyof F]?: unknown };

/** The form's output (only the fields that were sent are set); throws 422 with a message per failing field. */
export function readBody<S extends FormSchema>(body: unknown, form: S): FormOutput<S> {
  const result = parseForm(form, body);
  if (!result.success) throw validationFailed(result.errors);
  return result.output;
}

/** A flag field: true, false, or undefined when not sent. */
export function flagOf(value: unknown): boolean | undefined {
  return value === undefined ? undefined : parseFlag(value);
}

/** A text field, trimmed; undefined when not sent. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

/** An id list, without duplicates. */
export function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.map((id) => String(id).toLowerCase()))] : [];
}
