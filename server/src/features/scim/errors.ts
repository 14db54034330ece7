/**
 * SCIM's own error shape (RFC 7644 section 3.12): every answer of /scim/v2 that is not a success, 401, 404, 405, 413
 * and 500 included, is `{ schemas: [Error], status: "400", scimType?, detail }` as `application/scim+json`.
 */
import type { Context, Next } from 'koa';
import { HttpError } from '../../http/errors.js';

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** The `scimType`s this endpoint answers (RFC 7644 table 9). */
export type ScimType = 'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'mutability' | 'noTarget' | 'tooMany';

export class ScimError extends Error {
  override name = 'ScimError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
export const noTarget = (detail: string) => new ScimError(400, detail, 'noTarget');
export const scimNotFound = (detail = 'Resource not found.') => new ScimError(404, detail);

/** The status and detail of any error below: ours, the API's HttpError (body parser, router), or a library's 4xx. */
function scimErrorOf(error: unknown): ScimError | undefined {
  if (error instanceof ScimError) return error;
  if (error instanceof HttpError) {
    if (error.status === 401) return new ScimError(401, 'A valid SCIM token is required (Authorization: Bearer <token>).');
    if (error.status === 422) return invalidValue(Object.values(error.errors ?? {}).flat()[0] ?? error.message);
    return new ScimError(error.status, error.message, error.status === 400 ? 'invalidSyntax' : undefined);
  }
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ScimError(
      status,
      status === 413 ? 'The request body is too large.' : 'The request could not be read.',
      status === 400 ? 'invalidSyntax' : undefined,
    );
  }
  return undefined;
}

function scimErrorBody(error: ScimError) {
  return { schemas: [ERROR_SCHEMA], status: String(error.status), ...(error.scimType ? { scimType: error.scimType } : {}), detail: error.detail };
}

/** Turns every error of the SCIM branch into SCIM's error body; a 500 logs its stack under the request id. */
export async function scimErrors(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const known = scimErrorOf(error) ?? internalError(ctx, error);
    ctx.status = known.status;
    ctx.body = scimErrorBody(known);
    ctx.type = SCIM_CONTENT_TYPE;
    if (error instanceof HttpError) ctx.set(error.headers);
    if (known.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="scim"');
  }
}

function internalError(ctx: Context, error: unknown): ScimError {
  ctx.state.log.error({ err: error, method: ctx.method, path: ctx.path }, 'unexpected error');
  return new ScimError(500, `Server error (request ${ctx.state.requestId}).`);
}
