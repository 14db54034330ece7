import { describe, expect, expectTypeOf, it } from 'vitest';
import { form, formErrors, forms, messages, parseForm, querySwitch, type FormOutput } from '../src/rules/index.js';

const ID = '0190F5D2-6B1E-7C3A-9D4E-5F6A7B8C9D0E';
const id = ID.toLowerCase();

function outputOf<S extends Parameters<typeof parseForm>[0]>(schema: S, input: unknown): FormOutput<S> {
  const result = parseForm(schema, input);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.output;
}

describe('what a form answers: the parsed input', () => {
  it('trims text, normalizes emails, keeps passwords and tokens as typed', () => {
    const output = outputOf(forms.finishRegistration, {
      email: '  Ada@Example.COM ',
      name: ' Ada Lovelace ',
      password: ' Demo-pass-1 ',
      password_confirmation: ' Demo-pass-1 ',
      token: ' t0ken ',
    });
    expect(output).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', password: ' Demo-pass-1 ', token: ' t0ken ' });
    expectTypeOf(output.email).toEqualTypeOf<string>();
  });

  it('reads flags as booleans and leaves absent or null fields undefined', () => {
    expect(outputOf(forms.memberUpdate, { role: 'admin', is_active: '0', is_deleted: null })).toEqual({
      role: 'admin',
      is_active: false,
      is_deleted: undefined,
    });
    expect(outputOf(forms.memberUpdate, { is_active: 'true' }).is_active).toBe(true);
    expect(outputOf(forms.memberUpdate, { role: '  ' }).role).toBeUndefined();
    expectTypeOf(outputOf(forms.memberUpdate, {}).role).toEqualTypeOf<'user' | 'admin' | 'master' | undefined>();
  });

  it('reads numbers from numeric strings', () => {
    expect(outputOf(forms.topicUpdate, { order: '4' }).order).toBe(4);
    expect(formErrors(forms.topicUpdate, { order: '' })).toEqual({ order: [messages.integer('order')] });
    expect(formErrors(forms.topicUpdate, { order: 1.5 })).toEqual({ order: [messages.integer('order')] });
    expect(formErrors(forms.topicUpdate, { order: -1 })).toEqual({ order: [messages.minNumber('order', 0)] });
  });

  it('lower-cases ids, without duplicates', () => {
    expect(outputOf(forms.groupModules, { modules: [ID, id] })).toEqual({ modules: [id] });
    expect(outputOf(forms.topicMove, { component_id: ID })).toEqual({ component_id: id });
    expect(outputOf(forms.topicOrder, { topics: [{ id: ID, order: '2' }] })).toEqual({ topics: [{ id, order: 2 }] });
    expect(formErrors(forms.topicOrder, { topics: [{ id: 'nope', order: 1 }] })).toEqual({ topics: [messages.selected('topics')] });
  });

  it('reads a main image as an id, a clear (null or empty) or unchanged (absent)', () => {
    const base = { name: 'Safety', description: 'Basics' };
    expect(outputOf(forms.module, { ...base, image_id: ID }).image_id).toBe(id);
    expect(outputOf(forms.module, { ...base, image_id: '' }).image_id).toBeNull();
    expect(outputOf(forms.module, { ...base, image_id: null }).image_id).toBeNull();
    expect(outputOf(forms.module, base).image_id).toBeUndefined();
    expect(formErrors(forms.module, { ...base, image_id: ' ' })).toEqual({ image_id: [messages.uuid('image_id')] });
  });

  it("reads a suggestion's related ids, '' and null as none", () => {
    expect(outputOf(forms.suggestion, { text: ' Fix it ', module_id: '', component_id: null, topic_id: ID })).toEqual({
      text: 'Fix it',
      module_id: undefined,
      component_id: undefined,
      topic_id: id,
    });
  });

  it('keeps a paragraph as typed and trims a row title', () => {
    expect(outputOf(forms.itemParagraph, { text: '  *indented*  ' }).text).toBe('  *indented*  ');
    expect(outputOf(forms.itemRow, { text: ' Step ', is_procedure: 1 })).toEqual({ text: 'Step', is_procedure: true, order: undefined });
  });
});

describe('which message a field shows', () => {
  it('required first, then the type, then the format, then the length (as sent, before trimming)', () => {
    expect(formErrors(forms.signUp, { email: ' ', name: 7, password: 'x', recaptcha_token: 'ok' })).toEqual({
      email: [messages.required('email')],
      name: [messages.string('name')],
      password: [messages.passwordMin],
    });
    expect(formErrors(forms.accessRequest, { name: `${'a'.repeat(250)}!${' '.repeat(10)}` })).toEqual({ name: [messages.organizationName] });
    expect(formErrors(forms.group, { name: `${'a'.repeat(250)}${' '.repeat(10)}`, description: 'x' })).toEqual({ name: [messages.maxLength('name', 255)] });
  });

  it('a token is only required and a string', () => {
    expect(formErrors(forms.confirmEmail, { token: 5 })).toEqual({ token: [messages.string('token')] });
    expect(formErrors(forms.confirmEmail, { token: 'abc', email: '  ' })).toEqual({});
  });

  it('a confirmation that is not a string does not match', () => {
    expect(formErrors(forms.resetPasswordScreen, { email: 'ada@example.com', password: 'Demo-pass-1', password_confirmation: 42 })).toEqual({
      password_confirmation: [messages.passwordConfirmation],
    });
    expect(formErrors(forms.profile, { password: 'short', password_confirmation: '' })).toEqual({
      password: [messages.passwordMin],
      password_confirmation: [messages.required('password_confirmation')],
    });
  });

  it('the image choice asks for what the chosen source needs, before checking it', () => {
    const base = { name: 'Safety', description: 'Basics' };
    expect(formErrors(forms.contentScreen, { ...base, image_source: 'library', image_id: ' ' })).toEqual({ image_id: [messages.required('image_id')] });
    expect(formErrors(forms.contentScreen, { ...base, image_source: 'library', image_id: 'nope' })).toEqual({ image_id: [messages.uuid('image_id')] });
    expect(formErrors(forms.contentScreen, { ...base, image_source: '', image_id: 'nope' })).toEqual({ image_id: [messages.uuid('image_id')] });
  });

  it('a required flag must be sent', () => {
    expect(formErrors(forms.suggestionUpdate, {})).toEqual({ is_active: [messages.required('is_active')] });
    expect(formErrors(forms.suggestionUpdate, { is_active: '' })).toEqual({ is_active: [messages.required('is_active')] });
    expect(formErrors(forms.suggestionUpdate, { is_active: 'yes' })).toEqual({ is_active: [messages.boolean('is_active')] });
  });
});

describe('emails that look like others', () => {
  it('refuses control and invisible characters, and folds compatibility forms to one address', () => {
    for (const email of ['ada\u0000@example.com', 'ada\u200b@example.com', 'a\u202eda@example.com', 'ada@exa\u2028mple.com', 'ada\u00ad@example.com']) {
      const result = parseForm(forms.forgotPassword, { email });
      expect(result.success, JSON.stringify(email)).toBe(false);
      if (!result.success) expect(result.errors.email).toEqual(['The email may not contain control or invisible characters.']);
    }
    const folded = parseForm(forms.forgotPassword, { email: ' ＡＤＡ@Example.com\n' });
    expect(folded.success && folded.output.email).toBe('ada@example.com');
  });
});

describe("the items editor's list", () => {
  const row = { id: 'r1', type: 'row', text: ' Step ', is_procedure: '1' };

  it('answers the entries: ids as sent, order by position when not sent, media ids lower-cased', () => {
    const output = outputOf(forms.itemList, {
      items: [row, { type: 'paragraph', row_id: 'r1', text: ' *a* ' }, { type: 'image', row_id: 'r1', media_id: ID, order: '7' }],
    });
    expect(output.items).toEqual([
      { id: 'r1', type: 'row', order: 0, text: 'Step', is_procedure: true, row_id: null, media_id: null },
      { id: null, type: 'paragraph', order: 1, text: ' *a* ', is_procedure: false, row_id: 'r1', media_id: null },
      { id: null, type: 'image', order: 7, text: null, is_procedure: false, row_id: 'r1', media_id: id },
    ]);
  });

  it('keys messages by position, and checks ids and parents once every entry passes', () => {
    expect(formErrors(forms.itemList, {})).toEqual({ items: [messages.required('items')] });
    expect(formErrors(forms.itemList, { items: '  ' })).toEqual({ items: [messages.array('items')] });
    expect(formErrors(forms.itemList, { items: [row, { type: 'video', row_id: 'r1', is_procedure: true }, 'x'] })).toEqual({
      'items.1.media_id': [messages.required('media_id')],
      'items.1.is_procedure': [messages.rowOnly],
      'items.2.type': [messages.itemType],
    });
    expect(formErrors(forms.itemList, { items: [row, { ...row }, { type: 'paragraph', row_id: 'r2', text: 'x' }] })).toEqual({
      'items.1.id': [messages.selected('id')],
      'items.2.row_id': [messages.itemParent],
    });
  });
});

describe('list switches in the query string', () => {
  it('are true only for a true flag, false otherwise or when absent', () => {
    const switches = form({ short: querySwitch(), 'show-hidden': querySwitch() });
    expect(outputOf(switches, { short: '1', 'show-hidden': 'yes' })).toEqual({ short: true, 'show-hidden': false });
    expect(outputOf(switches, {})).toEqual({ short: false, 'show-hidden': false });
    expectTypeOf(outputOf(switches, {}).short).toEqualTypeOf<boolean>();
  });
});
