import { describe, expect, it } from 'vitest';
import { forms, messages, passwordProblem, validate, validateField } from '../src/rules/index.js';

describe('password rule', () => {
  it.each([
    ['short1A', messages.passwordMin],
    ['ALLUPPER1', messages.passwordLowercase],
    ['alllower1', messages.passwordUppercase],
    ['NoDigitsHere', messages.passwordNumberOrSymbol],
    ['Demo-pass', null],
    ['Demopass1', null],
  ])('%s -> %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it('uses the spec texts verbatim', () => {
    expect(messages.passwordLowercase).toBe('The password must contain a lowercase letter.');
    expect(messages.passwordUppercase).toBe('The password must contain an uppercase letter.');
    expect(messages.passwordNumberOrSymbol).toBe('The password must contain a number or a special character.');
  });
});

describe('forms', () => {
  it('sign-up needs every field and checks each one', () => {
    expect(validate({}, forms.signUp)).toEqual({
      email: ['The email field is required.'],
      name: ['The name field is required.'],
      password: ['The password field is required.'],
      recaptcha_token: ['The recaptcha token field is required.'],
    });
    expect(
      validate({ email: 'nope', name: 'Ada 2', password: 'Demo-pass-1', recaptcha_token: 'x' }, forms.signUp),
    ).toEqual({ email: [messages.email], name: [messages.name] });
  });

  it('accepts letters of any script and spaces in names', () => {
    expect(validate({ name: 'Zoë Ångström' }, { name: forms.signUp.name })).toEqual({});
  });

  it('organization names allow digits, dashes, underscores, ampersands and spaces only', () => {
    expect(validate({ name: 'Acme & Sons_2-North' }, forms.organization)).toEqual({});
    expect(validate({ name: 'Acme!' }, forms.organization)).toEqual({
      name: [
        'The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.',
      ],
    });
  });

  it('the profile needs a matching confirmation only once a password is typed', () => {
    expect(validate({ name: 'Ada' }, forms.profile)).toEqual({});
    expect(validateField('password_confirmation', { password: 'Demo-pass-1' }, forms.profile)).toEqual([
      'The password confirmation field is required.',
    ]);
    expect(
      validateField('password_confirmation', { password: 'Demo-pass-1', password_confirmation: 'Demo-pass-2' }, forms.profile),
    ).toEqual([messages.passwordConfirmation]);
  });

  it('rejects non-string values with a message instead of throwing', () => {
    expect(validate({ email: 42, password: ['x'] }, forms.login)).toEqual({
      email: ['The email must be a string.'],
      password: ['The password must be a string.'],
    });
  });

  it('caps lengths', () => {
    const long = 'a'.repeat(256);
    expect(validate({ name: long }, forms.accessRequest).name).toEqual([
      'The name may not be greater than 255 characters.',
    ]);
  });
});
