/**
 * Tessera's validation rules and their messages, as valibot schemas. This is the only place they are written:
 * the server parses request bodies with these forms (`validate(form)` in server/src/http/validate.ts), and the
 * portal and widgets check fields with them before sending, so a person sees the same message either way.
 * A form's output is the parsed input (trimmed text, booleans from flags, numbers, lower-cased ids), so a
 * handler reads typed values instead of re-reading strings. See ARCHITECTURE.md, "Validation".
 *
 * Every field schema starts from the type the contract documents (for `v.InferInput` and the contract check in
 * contract-check.ts) and then checks the value as sent, which may be anything: one message per field, the first
 * rule it breaks, in the order a person fixes them.
 */
import * as v from 'valibot';

/** Messages per field, as the API's 422 `errors` carry them (`items.3.text` for a nested field). */
export type FieldErrors = Record<string, string[]>;

/** Any form: a schema of an object whose output is the parsed input. */
export type FormSchema = v.GenericSchema<unknown, object>;
/** What a form parses a request into (trimmed text, booleans, numbers, lower-cased ids). */
export type FormOutput<S extends FormSchema> = v.InferOutput<S>;
/** The body a form reads, as the contract documents it. */
export type FormInput<S extends FormSchema> = v.InferInput<S>;

export const PASSWORD_MIN_LENGTH = 8;
export const TEXT_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 128;
export const DESCRIPTION_MAX_LENGTH = 1000;
/** A paragraph of the items editor (Markdown). */
export const ITEM_TEXT_MAX_LENGTH = 65_535;
/** How many ids one relate call (a member's groups, a group's members) may carry. */
export const RELATION_MAX_ITEMS = 10_000;

export const ROLES = ['user', 'admin', 'master'] as const;
/** The statuses a master may set on an access request (pending is where requests start). */
export const ACCESS_REQUEST_DECISIONS = ['approved', 'declined'] as const;
export const ACCESS_REQUEST_STATUSES = ['pending', ...ACCESS_REQUEST_DECISIONS] as const;

export const messages = {
  required: (field: string) => `The ${label(field)} field is required.`,
  string: (field: string) => `The ${label(field)} must be a string.`,
  maxLength: (field: string, max: number) => `The ${label(field)} may not be greater than ${max} characters.`,
  boolean: (field: string) => `The ${label(field)} field must be true or false.`,
  selected: (field: string) => `The selected ${label(field)} is invalid.`,
  array: (field: string) => `The ${label(field)} must be an array.`,
  maxItems: (field: string, max: number) => `The ${label(field)} may not have more than ${max} items.`,
  email: 'The email must be a valid email address.',
  emailInvisible: 'The email may not contain control or invisible characters.',
  currentPasswordWrong: 'The current password is incorrect.',
  name: 'The name may only contain letters and spaces.',
  organizationName: 'The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.',
  passwordMin: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordLowercase: 'The password must contain a lowercase letter.',
  passwordUppercase: 'The password must contain an uppercase letter.',
  passwordNumberOrSymbol: 'The password must contain a number or a special character.',
  passwordConfirmation: 'The password confirmation does not match.',
  defaultFailure: 'Something went wrong.',
  uuid: (field: string) => `The ${label(field)} must be a valid UUID.`,
  integer: (field: string) => `The ${label(field)} must be an integer.`,
  minNumber: (field: string, min: number) => `The ${label(field)} must be at least ${min}.`,
  maxNumber: (field: string, max: number) => `The ${label(field)} may not be greater than ${max}.`,
  /** Spec section 5: "The file size is approximately X. The {kind} must be between A and B". */
  fileSize: (kind: string, size: string, min: string, max: string) => `The file size is approximately ${size}. The ${kind} must be between ${min} and ${max}`,
  /** Spec section 5: "The {kind} must be at least W pixels by H pixels." */
  fileDimensions: (kind: string, width: number, height: number) => `The ${kind} must be at least ${width} pixels by ${height} pixels.`,
  fileMaxDimensions: (kind: string, width: number, height: number) => `The ${kind} may not be larger than ${width} pixels by ${height} pixels.`,
  fileType: (kind: string, mimeTypes: readonly string[]) => `The ${kind} must be a file of type: ${mimeTypes.join(', ')}.`,
  /** A captions track (our own texts: the spec has no captions). */
  captionFile: 'The captions file must be a WebVTT file (its text starts with WEBVTT).',
  captionLanguage: 'The language must be a language tag such as en or pt-BR.',
  captionLanguageTaken: 'This video already has captions in this language.',
  captionNotVideo: 'Captions can only be added to a video.',
  /** The video thumbnail tooltip of spec section 5. */
  thumbnailType: 'Image must be either a jpeg or png',
  /** An item field of the items editor: row title, paragraph text, a child's media. */
  itemType: 'The selected type is invalid.',
  rowOnly: 'Only rows may be procedures or contain items.',
  itemParent: 'The row id must name a row of this list.',
} as const;

function label(field: string): string {
  return field.replace(/_/g, ' ');
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// A pragmatic address check (one @, a dotted domain, no spaces); the confirmation email is the real proof.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * Characters that let one address display exactly like another: controls (NUL…), format characters (zero-width
 * spaces and joiners, bidi overrides), line and paragraph separators, private-use and unassigned code points.
 */
const INVISIBLE_PATTERN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE_PATTERN.test(value);
}

/**
 * Emails are compared and stored in Unicode NFKC (full-width and other compatibility forms folded: `ａdmin` is
 * `admin`), trimmed and lower-cased.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** The first password rule a value breaks, in the order a person fixes them. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordMin;
  if (password.length > PASSWORD_MAX_LENGTH) return messages.maxLength('password', PASSWORD_MAX_LENGTH);
  if (!/\p{Ll}/u.test(password)) return messages.passwordLowercase;
  if (!/\p{Lu}/u.test(password)) return messages.passwordUppercase;
  if (!/[\p{N}\p{P}\p{S}]/u.test(password)) return messages.passwordNumberOrSymbol;
  return null;
}

// ------------------------------------------------------------------------------------------------
// Field schemas. `required`, `filled`, `sent` and `present` say what an absent value means; the schema they
// wrap checks a value that is there. Marked free of side effects so a bundle keeps only the forms it uses.

/**
 * The type the contract documents for a field. It accepts anything: the checks that follow it read the value
 * as sent (a request can carry a number where a string belongs) and answer the field's own message.
 */
/* @__NO_SIDE_EFFECTS__ */
export function documented<T>() {
  return v.custom<T>(() => true);
}

/** Absent, null or blank answers "The {field} field is required."; anything else goes to `schema`. */
/* @__NO_SIDE_EFFECTS__ */
export function required<S extends v.GenericSchema>(field: string, schema: S) {
  return v.pipe(
    documented<v.InferInput<S>>(),
    v.check((value) => !isBlank(value), messages.required(field)),
    schema,
  );
}

/** An update's field: absent or null leaves it unchanged (undefined), but one that is sent must not be blank. */
/* @__NO_SIDE_EFFECTS__ */
export function filled<S extends v.GenericSchema>(field: string, schema: S) {
  return sent(
    v.pipe(
      documented<v.InferInput<S>>(),
      v.check((value) => !isBlank(value), messages.required(field)),
      schema,
    ),
  );
}

/** Absent or null reads as not sent (undefined); anything else, even '', goes to `schema`. */
/* @__NO_SIDE_EFFECTS__ */
export function sent<S extends v.GenericSchema>(schema: S) {
  return v.optional(v.pipe(documented<v.InferInput<S>>(), v.transform(nullAsUndefined), v.optional(schema)));
}

/** Absent, null or blank reads as not sent (undefined); anything else goes to `schema`. */
/* @__NO_SIDE_EFFECTS__ */
export function present<S extends v.GenericSchema>(schema: S) {
  return v.optional(v.pipe(documented<v.InferInput<S>>(), v.transform(blankAsUndefined), v.optional(schema)));
}

function nullAsUndefined<T>(value: T): T | undefined {
  return value === null ? undefined : value;
}

function blankAsUndefined<T>(value: T): T | undefined {
  return isBlank(value) ? undefined : value;
}

/** A string (else "must be a string") of at most `max` characters as sent, answered trimmed. */
/* @__NO_SIDE_EFFECTS__ */
export function text(field: string, max = TEXT_MAX_LENGTH) {
  return v.pipe(v.string(messages.string(field)), v.maxLength(max, messages.maxLength(field, max)), v.trim());
}

/** An email address, answered trimmed and lower-cased (the length counts what was sent). */
/* @__NO_SIDE_EFFECTS__ */
export function emailAddress(field = 'email') {
  return v.pipe(
    v.string(messages.string(field)),
    v.check((value) => !hasInvisibleCharacters(value.trim()), messages.emailInvisible),
    v.check((value) => EMAIL_PATTERN.test(normalizeEmail(value)), messages.email),
    v.maxLength(TEXT_MAX_LENGTH, messages.maxLength(field, TEXT_MAX_LENGTH)),
    v.transform(normalizeEmail),
  );
}

/** A form: its fields' schemas; a field the request leaves out that must be there is "required". */
/* @__NO_SIDE_EFFECTS__ */
export function form<const E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, (issue) => (issue.path ? messages.required(String(issue.path[0].key)) : messages.defaultFailure));
}

/** The type-only mark of a request body's form: the operation (the contract's operationId) whose body it reads. */
export interface ReadsBodyOf<Op extends string> {
  readonly '~operation'?: Op;
}

/**
 * A request body's form, marked with the operation whose body it reads: contract-check.ts holds every marked form to
 * that operation's request body at compile time, so a new form needs no entry in a list of its own. Nothing at run time.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bodyOf<const Op extends string, S extends v.GenericSchema>(_operation: Op, schema: S): S & ReadsBodyOf<Op> {
  return schema;
}

// ------------------------------------------------------------------------------------------------
// Running a form

export type FormResult<T> = { success: true; output: T } | { success: false; errors: FieldErrors };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first message of each field, keyed by its dotted path (the API's 422 `errors`). */
function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in errors)) errors[key] = [issue.message];
  }
  return errors;
}

/**
 * Parses a request body or a screen's values with a form: the typed output, or every failing field with its
 * message (the `errors` of the API's 422). A body that is not an object reads as `{}`.
 */
export function parseForm<S extends FormSchema>(schema: S, input: unknown): FormResult<FormOutput<S>> {
  const result = v.safeParse(schema, isPlainObject(input) ? input : {});
  return result.success ? { success: true, output: result.output } : { success: false, errors: fieldErrorsOf(result.issues) };
}

/** The messages of every failing field ({} when the values pass). */
export function formErrors(schema: FormSchema, values: unknown): FieldErrors {
  const result = parseForm(schema, values);
  return result.success ? {} : result.errors;
}

/** The messages of one field (the portal and the login widget call this as a person types). */
export function fieldMessages(schema: FormSchema, field: string, values: unknown): string[] {
  return formErrors(schema, values)[field] ?? [];
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

// ------------------------------------------------------------------------------------------------

/**
 * The login form on its own: the standalone widget bundle imports just this, so the other forms stay out of it.
 * The password is checked only for its length: what it must contain is the sign-up's rule.
 */
export const loginForm = form({
  email: required('email', emailAddress()),
  password: required(
    'password',
    v.pipe(v.string(messages.string('password')), v.maxLength(PASSWORD_MAX_LENGTH, messages.maxLength('password', PASSWORD_MAX_LENGTH))),
  ),
});
