import { forms, messages } from '@tessera/sdk/rules';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../api/outcome';
import { TOO_MANY_REQUESTS } from '../api/outcome';
import { canSubmit, failureErrors, formReducer, initialFormState, OTHER, validateForm, valuesDiffer } from './formState';

const start = initialFormState({ email: '', password: '' });

function failure(status: number, errors?: Record<string, string[]>, routed = false): ApiFailure {
  return { ok: false, status, routed, error: { message: 'The given data was invalid.', code: 'validation_failed', errors } };
}

describe('formReducer', () => {
  it('goes idle -> saving -> success and resets the values on success', () => {
    const edited = formReducer(start, { type: 'edit', field: 'email', value: 'a@example.com' });
    expect(edited).toMatchObject({ status: 'idle', values: { email: 'a@example.com' } });
    const saving = formReducer(edited, { type: 'saving' });
    expect(saving.status).toBe('saving');
    expect(canSubmit(saving)).toBe(false);
    const done = formReducer(saving, { type: 'succeeded', values: { email: '', password: '' } });
    expect(done).toEqual({ status: 'success', errors: {}, values: { email: '', password: '' } });
  });

  it('goes saving -> errors and blocks submitting until the fields with errors are edited', () => {
    const failed = formReducer(formReducer(start, { type: 'saving' }), {
      type: 'failed',
      errors: { email: ['taken'], password: ['short'] },
    });
    expect(failed.status).toBe('errors');
    expect(canSubmit(failed)).toBe(false);
    const oneFixed = formReducer(failed, { type: 'edit', field: 'email', value: 'b@example.com' });
    expect(oneFixed.errors).toEqual({ password: ['short'] });
    expect(canSubmit(oneFixed)).toBe(false);
    const allFixed = formReducer(oneFixed, { type: 'edit', field: 'password', value: 'x' });
    expect(allFixed).toMatchObject({ status: 'idle', errors: {} });
    expect(canSubmit(allFixed)).toBe(true);
  });

  it('clears a shown success and the general failure when any field is edited', () => {
    const success = formReducer(start, { type: 'succeeded', values: start.values });
    expect(formReducer(success, { type: 'edit', field: 'email', value: 'a' }).status).toBe('idle');
    const generalFailure = formReducer(start, { type: 'failed', errors: { [OTHER]: ['Too many'] } });
    expect(formReducer(generalFailure, { type: 'edit', field: 'password', value: 'a' }).errors).toEqual({});
  });

  it('a failure without messages (routed elsewhere) returns to idle', () => {
    expect(formReducer(formReducer(start, { type: 'saving' }), { type: 'failed', errors: {} }).status).toBe('idle');
  });
});

describe('failureErrors', () => {
  it('puts 422 messages under visible fields and the rest in the form-failure alert', () => {
    const errors = failureErrors(failure(422, { email: ['The email has already been taken.'], token: ['Expired.'] }), ['email', 'password']);
    expect(errors).toEqual({ email: ['The email has already been taken.'], [OTHER]: ['Expired.'] });
  });

  it('shows the message of a 422 without field errors, and of other unrouted statuses', () => {
    expect(failureErrors(failure(422), ['email'])).toEqual({ [OTHER]: ['The given data was invalid.'] });
    expect(failureErrors(failure(409), ['email'])).toEqual({ [OTHER]: ['The given data was invalid.'] });
  });

  it('answers the too-many-requests text for 429 and nothing for a routed failure', () => {
    expect(failureErrors(failure(429), ['email'])).toEqual({ [OTHER]: [TOO_MANY_REQUESTS] });
    expect(failureErrors(failure(500, undefined, true), ['email'])).toEqual({});
  });
});

describe('validateForm', () => {
  it('uses the SDK rules and their messages', () => {
    const errors = validateForm({ email: 'nope', name: 'Ada 2', password: 'lowercase1', password_confirmation: 'other' }, forms.signUpScreen);
    expect(errors).toEqual({
      email: [messages.email],
      name: [messages.name],
      password: [messages.passwordUppercase],
      password_confirmation: [messages.passwordConfirmation],
    });
  });
});

describe('valuesDiffer', () => {
  it('compares text, flags and lists of ids', () => {
    const saved = { name: 'Acme', enable_bioreq: false, groups: ['a', 'b'] };
    expect(valuesDiffer({ ...saved }, saved)).toBe(false);
    expect(valuesDiffer({ ...saved, groups: ['a', 'b'] }, saved)).toBe(false);
    expect(valuesDiffer({ ...saved, name: 'Acme!' }, saved)).toBe(true);
    expect(valuesDiffer({ ...saved, enable_bioreq: true }, saved)).toBe(true);
    expect(valuesDiffer({ ...saved, groups: ['a'] }, saved)).toBe(true);
  });
});
