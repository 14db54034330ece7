/**
 * Reading request bodies: the JSON body parser (415 for other content types, 413 over the limit,
 * 400 for malformed JSON) and `readForm`, which type-checks fields before the SDK's shared rules run,
 * so that numbers, arrays or objects where strings belong answer 422 instead of failing later.
 */
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { messages, validate, type FieldErrors, type FormRules } from '@tessera/sdk/rules';
import { HttpError, validationFailed } from './errors.js';

function hasBody(ctx: Context): boolean {
  const length = ctx.get('Content-Length');
  if (length !== '') return Number(length) > 0;
  return ctx.get('Transfer-Encoding') !== '';
}

export function unsupportedMediaType(): HttpError {
  return new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
}

/**
 * Multipart bodies stay on the request stream for the routes that stream uploads (features/media/upload.ts reads
 * them and sets the body to the text fields); any other route that reads the body answers 415.
 */
function leaveMultipartStreamed(ctx: Context): void {
  Object.defineProperty(ctx.request, 'body', {
    configurable: true,
    enumerable: true,
    get() {
      throw unsupportedMediaType();
    },
    set(value: unknown) {
      Object.defineProperty(ctx.request, 'body', { value, writable: true, configurable: true, enumerable: true });
    },
  });
}

/** Parses JSON bodies of POST, PUT and PATCH; a request without a body reads as `{}`; multipart is left streamed. */
export function jsonBody(limit: number) {
  const parse = koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonLimit: limit, jsonStrict: true, patchNode: false });
  return async function parseJsonBody(ctx: Context, next: Next) {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || !hasBody(ctx)) {
      ctx.request.body = {};
      return next();
    }
    if (ctx.method === 'POST' && ctx.is('multipart/form-data')) {
      leaveMultipartStreamed(ctx);
      return next();
    }
    if (!ctx.is('application/json', '+json')) throw unsupportedMediaType();
    return parse(ctx, next);
  };
}

export type FormValues<F extends FormRules> = { [K in keyof F]?: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only the form's fields, each a string or absent; wrong types answer 422 with the SDK's "must be a string". */
export function pickStrings<F extends FormRules>(body: unknown, form: F): { values: FormValues<F>; errors: FieldErrors } {
  const input = isPlainObject(body) ? body : {};
  const values: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const field of Object.keys(form)) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') values[field] = value;
    else errors[field] = [messages.string(field)];
  }
  return { values: values as FormValues<F>, errors };
}

/**
 * Reads a body with one of the SDK's forms; throws 422 with messages per field. Absent optional
 * fields read as '' (the forms treat blank and absent alike).
 */
export function readForm<F extends FormRules>(body: unknown, form: F): { [K in keyof F]: string } {
  const { values, errors } = pickStrings(body, form);
  const ruleErrors = validate(values, form);
  const combined = { ...ruleErrors, ...errors };
  if (Object.keys(combined).length > 0) throw validationFailed(combined);
  const filled: Record<string, string> = {};
  for (const field of Object.keys(form)) filled[field] = (values as Record<string, string | undefined>)[field] ?? '';
  return filled as { [K in keyof F]: string };
}

/** Flags arrive as true/false, 1/0, "1"/"0" or "true"/"false"; anything else is undefined. */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
