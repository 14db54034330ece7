import { describe, expect, it } from 'vitest';
import { describeLoginFailure } from './loginOutcome.js';

const failure = (status: number, message: string, errors?: Record<string, string[]>) =>
  ({ ok: false, status, error: { message, code: 'validation_failed', errors } }) as const;

describe('describeLoginFailure', () => {
  it('keeps 422 messages per field', () => {
    expect(describeLoginFailure(failure(422, 'Invalid.', { email: ['The email field is required.'] }))).toEqual({
      fieldErrors: { email: ['The email field is required.'] },
      generalError: null,
    });
  });

  it('tells a suspended account from wrong credentials by the server message', () => {
    expect(describeLoginFailure(failure(401, 'This account is SUSPENDED by the owner')).generalError).toBe('Your account has been suspended.');
    expect(describeLoginFailure(failure(401, 'Nope')).generalError).toBe('The email and/or password are incorrect.');
  });

  it('answers 429 with the rate-limit text and anything else with the generic failure', () => {
    expect(describeLoginFailure(failure(429, 'Slow down')).generalError).toBe('Too many attempts. Please wait and try again.');
    expect(describeLoginFailure(failure(500, 'Boom')).generalError).toBe('Something went wrong.');
    expect(describeLoginFailure(failure(0, 'No response from server.')).generalError).toBe('Something went wrong.');
    expect(describeLoginFailure(failure(422, 'Invalid.')).generalError).toBe('Something went wrong.');
  });
});
