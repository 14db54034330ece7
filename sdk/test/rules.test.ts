import { describe, expect, it } from 'vitest';
import {
  canonicalLanguageTag,
  fieldMessages,
  form,
  formErrors,
  forms,
  isWebVtt,
  messages,
  parseForm,
  passwordProblem,
  type FormSchema,
} from '../src/rules/index.js';

const validate = (values: Record<string, unknown>, schema: FormSchema) => formErrors(schema, values);
const validateField = (field: string, values: Record<string, unknown>, schema: FormSchema) => fieldMessages(schema, field, values);

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
    expect(validate({ email: 'nope', name: 'Ada 2', password: 'Demo-pass-1', recaptcha_token: 'x' }, forms.signUp)).toEqual({
      email: [messages.email],
      name: [messages.name],
    });
  });

  it('accepts letters of any script and spaces in names', () => {
    expect(validate({ name: 'Zoë Ångström' }, form({ name: forms.signUp.entries.name }))).toEqual({});
  });

  it('organization names allow digits, dashes, underscores, ampersands and spaces only', () => {
    expect(validate({ name: 'Acme & Sons_2-North' }, forms.organization)).toEqual({});
    expect(validate({ name: 'Acme!' }, forms.organization)).toEqual({
      name: ['The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.'],
    });
  });

  it('the profile needs a matching confirmation only once a password is typed', () => {
    expect(validate({ name: 'Ada' }, forms.profile)).toEqual({});
    expect(validateField('password_confirmation', { password: 'Demo-pass-1' }, forms.profile)).toEqual(['The password confirmation field is required.']);
    expect(validateField('password_confirmation', { password: 'Demo-pass-1', password_confirmation: 'Demo-pass-2' }, forms.profile)).toEqual([
      messages.passwordConfirmation,
    ]);
  });

  it('rejects non-string values with a message instead of throwing', () => {
    expect(validate({ email: 42, password: ['x'] }, forms.login)).toEqual({
      email: ['The email must be a string.'],
      password: ['The password must be a string.'],
    });
  });

  it('caps lengths', () => {
    const long = 'a'.repeat(256);
    expect(validate({ name: long }, forms.accessRequest).name).toEqual(['The name may not be greater than 255 characters.']);
  });
});

describe('people and organization forms', () => {
  const id = '0190f5d2-6b1e-7c3a-9d4e-5f6a7b8c9d0e';

  it('a group needs a name and a description', () => {
    expect(validate({}, forms.group)).toEqual({
      name: ['The name field is required.'],
      description: ['The description field is required.'],
    });
    expect(validate({ name: 'Night shift', description: 'Works at night' }, forms.group)).toEqual({});
  });

  it('updates leave absent fields alone but refuse blank ones', () => {
    expect(validate({}, forms.groupUpdate)).toEqual({});
    expect(validate({ name: ' ' }, forms.groupUpdate)).toEqual({ name: ['The name field is required.'] });
    expect(validate({ name: 'Acme!' }, forms.organizationUpdate).name).toEqual([messages.organizationName]);
  });

  it('flags accept booleans and 1/0 only', () => {
    for (const value of [true, false, 1, 0, '1', '0', 'true', 'false', undefined]) {
      expect(validate({ is_active: value }, forms.memberUpdate)).toEqual({});
    }
    expect(validate({ is_active: 'yes', is_deleted: 2 }, forms.memberUpdate)).toEqual({
      is_active: ['The is active field must be true or false.'],
      is_deleted: ['The is deleted field must be true or false.'],
    });
  });

  it('roles and access request decisions come from fixed sets', () => {
    expect(validate({ email: 'a@example.com' }, forms.member)).toEqual({});
    expect(validate({ email: 'a@example.com', role: 'owner' }, forms.member)).toEqual({ role: ['The selected role is invalid.'] });
    expect(validate({ status: 'pending' }, forms.accessRequestUpdate)).toEqual({ status: ['The selected status is invalid.'] });
    expect(validate({ status: 'approved' }, forms.accessRequestUpdate)).toEqual({});
  });

  it('relations take a list of ids, possibly empty', () => {
    expect(validate({ groups: [] }, forms.memberGroups)).toEqual({});
    expect(validate({ groups: [id] }, forms.memberGroups)).toEqual({});
    expect(validate({}, forms.memberGroups)).toEqual({ groups: ['The groups field is required.'] });
    expect(validate({ groups: id }, forms.memberGroups)).toEqual({ groups: ['The groups must be an array.'] });
    expect(validate({ tenant_users: ['nope'] }, forms.groupMembers)).toEqual({ tenant_users: ['The selected tenant users is invalid.'] });
  });
});

describe('content screen image choice (spec 5)', () => {
  const base = { name: 'Safety', description: 'Basics' };
  const imageId = '0190c1e4-6b3a-7cc1-8f00-000000000001';

  it('keeps the current image when no source is chosen', () => {
    expect(validate({ ...base, image_source: '' }, forms.contentScreen)).toEqual({});
  });

  it('takes only upload or library as the source', () => {
    expect(validate({ ...base, image_source: 'camera' }, forms.contentScreen)).toEqual({ image_source: ['The selected image source is invalid.'] });
  });

  it('needs the file and an image name for an upload', () => {
    expect(validate({ ...base, image_source: 'upload', image: '', image_name: ' ' }, forms.contentScreen)).toEqual({
      image: ['The image field is required.'],
      image_name: ['The image name field is required.'],
    });
    expect(validate({ ...base, image_source: 'upload', image: 'photo.png', image_name: 'Photo' }, forms.contentScreen)).toEqual({});
  });

  it('needs a chosen image from the library, and ignores the upload fields then', () => {
    expect(validate({ ...base, image_source: 'library', image_id: '', image_name: '' }, forms.contentScreen)).toEqual({
      image_id: ['The image id field is required.'],
    });
    expect(validate({ ...base, image_source: 'library', image_id: imageId }, forms.contentScreen)).toEqual({});
  });
});

describe('captions rules', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('recognises WebVTT by its signature, with or without a byte order mark, whatever follows on the line', () => {
    expect(isWebVtt(bytes('WEBVTT'))).toBe(true);
    expect(isWebVtt(bytes('WEBVTT\n\n00:00.000 --> 00:01.000\nHi'))).toBe(true);
    expect(isWebVtt(bytes('WEBVTT - English\r\n'))).toBe(true);
    expect(isWebVtt(bytes('WEBVTT\tnotes'))).toBe(true);
    expect(isWebVtt(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('WEBVTT\n')]))).toBe(true);
    expect(isWebVtt(bytes('WEBVTTX\n'))).toBe(false);
    expect(isWebVtt(bytes('webvtt\n'))).toBe(false);
    expect(isWebVtt(bytes(' WEBVTT\n'))).toBe(false);
    expect(isWebVtt(bytes('1\n00:00:00,000 --> 00:00:01,000\nHi'))).toBe(false);
    expect(isWebVtt(new Uint8Array())).toBe(false);
  });

  it('reads language tags canonical and refuses what is not one', () => {
    expect(canonicalLanguageTag('en')).toBe('en');
    expect(canonicalLanguageTag('pt-br')).toBe('pt-BR');
    expect(canonicalLanguageTag('ZH-hant-TW')).toBe('zh-Hant-TW');
    for (const bad of ['', 'english please', 'en-', '-en', 'e', 'en_US', 'x'.repeat(36), 'en-<script>']) expect(canonicalLanguageTag(bad), bad).toBeUndefined();
  });

  it('answers the form’s messages per field, and the language canonical', () => {
    expect(parseForm(forms.mediaCaption, { language: ' pt-br ', label: ' Português ', is_default: '1' })).toEqual({
      success: true,
      output: { language: 'pt-BR', label: 'Português', is_default: true },
    });
    expect(parseForm(forms.mediaCaption, { language: 'not a tag', label: '' })).toEqual({
      success: false,
      errors: { language: [messages.captionLanguage], label: [messages.required('label')] },
    });
  });
});
