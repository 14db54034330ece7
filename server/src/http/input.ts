/**
 * Reading request bodies: the JSON body parser (415 for other content types, 413 over the limit,
 * 400 for malformed JSON and for JSON that is not an object), and `pickStrings` for the token endpoint's grant fields. Bodies are checked
 * with the SDK's forms by `validate(form)` (validate.ts).
 */
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { messages, normalizeEmail, parseForm, type FieldErrors, type FormOutput, type FormSchema } from '@tessera/sdk/rules';
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

/**
 * Parses JSON bodies of POST, PUT and PATCH; a request without a body reads as `{}`; multipart is left streamed.
 * `jsonTypes`: the JSON media types read besides application/json (SCIM's application/scim+json). `formPaths`: the
 * paths whose POST may also be an HTML form (application/x-www-form-urlencoded, the SAML ACS), under the same limit.
 */
export function jsonBody(limit: number, jsonTypes: string[] = [], formPaths: readonly RegExp[] = []) {
  const parseForm = koaBody({ json: false, urlencoded: true, text: false, multipart: false, formLimit: limit, patchNode: false });
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limit,
    jsonStrict: true,
    patchNode: false,
    ...(jsonTypes.length > 0 ? { jsonTypes: ['application/json', ...jsonTypes] } : {}),
  });
  return async function parseJsonBody(ctx: Context, next: Next) {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || !hasBody(ctx)) {
      ctx.request.body = {};
      return next();
    }
    if (ctx.method === 'POST' && ctx.is('multipart/form-data')) {
      leaveMultipartStreamed(ctx);
      return next();
    }
    if (ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded') && formPaths.some((path) => path.test(ctx.path))) {
      return parseForm(ctx, next);
    }
    if (!ctx.is('application/json', '+json')) throw unsupportedMediaType();
    return parse(ctx, () => {
      // Every body the API reads is an object: an array or a bare value would read as no fields at all and answer
      // 200 having changed nothing.
      if (!isPlainObject(ctx.request.body)) throw notAnObject();
      return next();
    });
  };
}

function notAnObject(): HttpError {
  return new HttpError(400, 'bad_request', 'Send the body as a JSON object.');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only the named fields, each a string or absent; wrong types answer 422 with the SDK's "must be a string". */
export function pickStrings<K extends string>(body: unknown, fields: readonly K[]): { values: Partial<Record<K, string>>; errors: FieldErrors } {
  const input = isPlainObject(body) ? body : {};
  const values: Partial<Record<K, string>> = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') values[field] = value;
    else errors[field] = [messages.string(field)];
  }
  return { values, errors };
}

/** Reads a body with one of the SDK's forms (the all-text account forms); throws 422 with messages per field. */
export function readForm<S extends FormSchema>(body: unknown, form: S): FormOutput<S> {
  const result = parseForm(form, body);
  if (!result.success) throw validationFailed(result.errors);
  return result.output;
}

/** Flags arrive as true/false, 1/0, "1"/"0" or "true"/"false"; anything else is undefined. */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Emails are compared and stored lower-cased and trimmed (the SDK's rule, which the forms' output follows). */
export { normalizeEmail };
