import type { LoginResult } from '@tessera/sdk';
import type { FieldErrors } from '@tessera/sdk/rules';
import { loginMessages } from './messages.js';

export interface LoginProblem {
  fieldErrors: FieldErrors;
  generalError: string | null;
}

type FailedLogin = Extract<LoginResult, { ok: false }>;

/** Turns a failed login answer into what the form shows (spec section 8, Login). */
export function describeLoginFailure(result: FailedLogin): LoginProblem {
  const { status, error } = result;
  if (status === 422 && error.errors && Object.keys(error.errors).length > 0) {
    return { fieldErrors: error.errors, generalError: null };
  }
  if (status === 401) {
    const suspended = /suspended/i.test(error.message);
    return { fieldErrors: {}, generalError: suspended ? loginMessages.suspended : loginMessages.incorrectCredentials };
  }
  if (status === 429) return { fieldErrors: {}, generalError: loginMessages.tooManyAttempts };
  return { fieldErrors: {}, generalError: loginMessages.failure };
}
