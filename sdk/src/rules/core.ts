/**
 * Tessera's validation rules and their messages. This is the only place they are written:
 * the server validates request bodies with these forms, and the portal and widgets check
 * fields with them before sending, so a person sees the same message either way.
 */

export type FieldErrors = Record<string, string[]>;
export type Values = Record<string, unknown>;
/** A rule returns its message when the value breaks it, or null. */
export type Rule = (value: unknown, values: Values) => string | null;
export type FormRules = Record<string, Rule[]>;

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

export const messages = {
  required: (field: string) => `The ${label(field)} field is required.`,
  string: (field: string) => `The ${label(field)} must be a string.`,
  maxLength: (field: string, max: number) => `The ${label(field)} may not be greater than ${max} characters.`,
  boolean: (field: string) => `The ${label(field)} field must be true or false.`,
  selected: (field: string) => `The selected ${label(field)} is invalid.`,
  array: (field: string) => `The ${label(field)} must be an array.`,
  maxItems: (field: string, max: number) => `The ${label(field)} may not have more than ${max} items.`,
  email: 'The email must be a valid email address.',
  name: 'The name may only contain letters and spaces.',
  organizationName:
    'The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.',
  passwordMin: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordLowercase: 'The password must contain a lowercase letter.',
  passwordUppercase: 'The password must contain an uppercase letter.',
  passwordNumberOrSymbol: 'The password must contain a number or a special character.',
  passwordConfirmation: 'The password confirmation does not match.',
  defaultFailure: 'Something went wrong.',
  uuid: (field: string) => `The ${label(field)} must be a valid UUID.`,
  integer: (field: string) => `The ${label(field)} must be an integer.`,
  minNumber: (field: string, min: number) => `The ${label(field)} must be at least ${min}.`,
  /** Spec section 5: "The file size is approximately X. The {kind} must be between A and B". */
  fileSize: (kind: string, size: string, min: string, max: string) => `The file size is approximately ${size}. The ${kind} must be between ${min} and ${max}`,
  /** Spec section 5: "The {kind} must be at least W pixels by H pixels." */
  fileDimensions: (kind: string, width: number, height: number) => `The ${kind} must be at least ${width} pixels by ${height} pixels.`,
  fileType: (kind: string, mimeTypes: readonly string[]) => `The ${kind} must be a file of type: ${mimeTypes.join(', ')}.`,
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

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// A pragmatic address check (one @, a dotted domain, no spaces); the confirmation email is the real proof.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;
const ORGANIZATION_NAME_PATTERN = /^[\p{L}\p{N}\-_& ]+$/u;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The flag forms the API accepts (spec: 1/0 as well as booleans). */
const FLAG_VALUES: unknown[] = [true, false, 1, 0, '1', '0', 'true', 'false'];

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Rules that skip blank values, so `required` alone decides about emptiness. */
function whenPresent(check: (value: string) => string | null, field: string): Rule {
  return (value) => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return messages.string(field);
    return check(value);
  };
}

export const rule = {
  required:
    (field: string): Rule =>
    (value) =>
      isBlank(value) ? messages.required(field) : null,
  /** Absent is fine (an update leaves the field alone), but a field that is sent must not be blank. */
  filled:
    (field: string): Rule =>
    (value) =>
      value !== undefined && isBlank(value) ? messages.required(field) : null,
  /** true/false or 1/0 (also as strings); absent is fine. */
  flag:
    (field: string): Rule =>
    (value) =>
      value === undefined || value === null || FLAG_VALUES.includes(value) ? null : messages.boolean(field),
  /** One of a fixed set of strings (a role, a status); absent is fine. */
  oneOf:
    (field: string, allowed: readonly string[]): Rule =>
    (value) =>
      isBlank(value) || (typeof value === 'string' && allowed.includes(value)) ? null : messages.selected(field),
  /** A list of ids (relating groups and members); whether they exist is the server's check. */
  ids:
    (field: string, max = RELATION_MAX_ITEMS): Rule =>
    (value) => {
      if (value === undefined || value === null) return null;
      if (!Array.isArray(value)) return messages.array(field);
      if (value.length > max) return messages.maxItems(field, max);
      return value.every(isUuid) ? null : messages.selected(field);
    },
  maxLength: (field: string, max = TEXT_MAX_LENGTH): Rule =>
    whenPresent((value) => (value.length > max ? messages.maxLength(field, max) : null), field),
  email: (field = 'email'): Rule =>
    whenPresent((value) => (EMAIL_PATTERN.test(value.trim()) ? null : messages.email), field),
  name: (field = 'name'): Rule =>
    whenPresent((value) => (NAME_PATTERN.test(value.trim()) ? null : messages.name), field),
  organizationName: (field = 'name'): Rule =>
    whenPresent((value) => (ORGANIZATION_NAME_PATTERN.test(value) ? null : messages.organizationName), field),
  password: (field = 'password'): Rule =>
    whenPresent((value) => passwordProblem(value), field),
  /** The confirmation is required once a password is typed, and must match it. */
  confirms:
    (passwordField = 'password'): Rule =>
    (value, values) => {
      const password = values[passwordField];
      if (isBlank(password)) return null;
      if (isBlank(value)) return messages.required('password_confirmation');
      return value === password ? null : messages.passwordConfirmation;
    },
};

/** The first password rule a value breaks, in the order a person fixes them. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordMin;
  if (password.length > PASSWORD_MAX_LENGTH) return messages.maxLength('password', PASSWORD_MAX_LENGTH);
  if (!/\p{Ll}/u.test(password)) return messages.passwordLowercase;
  if (!/\p{Lu}/u.test(password)) return messages.passwordUppercase;
  if (!/[\p{N}\p{P}\p{S}]/u.test(password)) return messages.passwordNumberOrSymbol;
  return null;
}

/** Checks every field of a form; answers only the fields that have messages. */
export function validate(values: Values, form: FormRules): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, fieldRules] of Object.entries(form)) {
    for (const check of fieldRules) {
      const message = check(values[field], values);
      if (message) {
        errors[field] = [message];
        break;
      }
    }
  }
  return errors;
}

/** Checks one field (the portal calls this as a person types). */
export function validateField(field: string, values: Values, form: FormRules): string[] {
  return validate(values, { [field]: form[field] ?? [] })[field] ?? [];
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

// ------------------------------------------------------------------------------------------------
// Content (issue 4)

/** The rules of an email field, shared by every form that asks for one. */
export const emailRules = [rule.required('email'), rule.email(), rule.maxLength('email')];

/**
 * The login form on its own: the standalone widget bundle imports just this, so the other forms (whose rules
 * are built by calls a bundler must keep) stay out of it.
 */
export const loginForm = {
  email: emailRules,
  password: [rule.required('password'), rule.maxLength('password', PASSWORD_MAX_LENGTH)],
} satisfies FormRules;
