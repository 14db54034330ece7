/**
 * The route step that parses a request's input with one of the SDK's forms (@tessera/sdk/rules):
 *
 *   router.patch(path, ...inTenant, validate(forms.topicUpdate), async (ctx) => {
 *     const input = inputOf(ctx, forms.topicUpdate); // { name?: string; is_active?: boolean; order?: number; ... }
 *   });
 *
 * On failure it answers the API's 422 (`validation_failed`, every failing field with its message, the same ones
 * the portal and widgets show); on success the form's output (trimmed text, booleans from flags, numbers, ids
 * lower-cased) is kept on the context, and `inputOf` answers it typed by the form. See ARCHITECTURE.md,
 * "The request pipeline".
 */
import type { Context, Middleware, Next } from 'koa';
import { parseForm, type FormOutput, type FormSchema } from '@tessera/sdk/rules';
import { validationFailed } from './errors.js';

/** The request's parsed input: the form that parsed it and its output. */
interface ParsedInput {
  form: FormSchema;
  output: object;
}

declare module 'koa' {
  interface DefaultContext {
    /** What the route's `validate(form)` steps parsed (set by validate). */
    parsedInputs?: ParsedInput[];
  }
}

/** Where a step reads its input: the JSON (or multipart text) body, or the query string. */
export type InputSource = 'body' | 'query';

/**
 * The query string as the forms read it: one string per name (a repeated name counts once, its first value); an empty
 * value (`?active=`) is a parameter left out, as an HTML form sends one.
 */
function queryValues(ctx: Context): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== '') values[name] = first;
  }
  return values;
}

/**
 * Parses the body (or the query string) with `form`: 422 with every failing field's message, or the typed
 * output for `inputOf(ctx, form)` and the steps after this one. `refuse` answers a failure otherwise, where the
 * contract says so (a signed file URL: every failure is the same 403, naming nothing).
 */
export function validate<S extends FormSchema>(form: S, source: InputSource = 'body', refuse?: () => Error): Middleware {
  return async function validateInput(ctx: Context, next: Next) {
    const result = parseForm(form, source === 'query' ? queryValues(ctx) : ctx.request.body);
    if (!result.success) throw refuse ? refuse() : validationFailed(result.errors);
    ctx.parsedInputs = [...(ctx.parsedInputs ?? []), { form, output: result.output }];
    await next();
  };
}

/** validate() pairs each output with the form that produced it, so the form names the output's type. */
function isParsedBy<S extends FormSchema>(parsed: ParsedInput, form: S): parsed is { form: S; output: FormOutput<S> } {
  return parsed.form === form;
}

/** The input `validate(form)` parsed for this request; a route that did not declare that step is a programming error. */
export function inputOf<S extends FormSchema>(ctx: Context, form: S): FormOutput<S> {
  for (const parsed of ctx.parsedInputs ?? []) {
    if (isParsedBy(parsed, form)) return parsed.output;
  }
  throw new Error('inputOf(ctx, form): the route has no validate(form) step for this form.');
}
