/**
 * Errors that become the API's error body `{ message, code, errors?, request_id? }`.
 * Throw them anywhere below the error middleware.
 */
import type { ErrorCode } from '@tessera/sdk';
import type { FieldErrors } from '@tessera/sdk/rules';

export interface ErrorBody {
  message: string;
  /** One of the contract's codes (openapi ErrorCode): a new code is added there first. */
  code: ErrorCode;
  errors?: FieldErrors;
  request_id?: string;
  /** A password login refused because the address's organization enforces single sign-on: where to sign in. */
  sso_url?: string;
}

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return this.errors ? { message: this.message, code: this.code, errors: this.errors } : { message: this.message, code: this.code };
  }
}

const VALIDATION_MESSAGE = 'The given data was invalid.';

export function validationFailed(errors: FieldErrors): HttpError {
  return new HttpError(422, 'validation_failed', VALIDATION_MESSAGE, errors);
}

/** A 422 on one field, for the checks that need the database (taken email, unknown organization...). */
export function fieldError(field: string, message: string): HttpError {
  return validationFailed({ [field]: [message] });
}

export function unauthenticated(): HttpError {
  return new HttpError(401, 'unauthenticated', 'Unauthenticated.');
}

export function forbidden(code: ErrorCode, message: string): HttpError {
  return new HttpError(403, code, message);
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, 'not_found', message);
}

const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait and try again.';

export function rateLimited(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, 'rate_limited', RATE_LIMITED_MESSAGE, undefined, { 'Retry-After': String(seconds) });
}
