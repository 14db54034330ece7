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

export const MEDIA_TYPES = ['image', 'video', 'pdf', 'audio'] as const;
export type MediaKind = (typeof MEDIA_TYPES)[number];
export const ITEM_TYPES = ['row', 'paragraph', 'image', 'video', 'pdf', 'audio'] as const;
/** The kinds of file an upload is checked as: the four media types and a video's thumbnail. */
export type FileKind = MediaKind | 'thumbnail';

/** Spec section 5's file rules: the accepted MIME types per kind. */
export const FILE_TYPES: Record<FileKind, readonly string[]> = {
  image: ['image/png', 'image/jpeg'],
  thumbnail: ['image/png', 'image/jpeg'],
  video: ['video/mp4'],
  pdf: ['application/pdf'],
  audio: ['audio/mpeg', 'audio/wav'],
};

/** The media type of a MIME type ("an any-file check picks the rule by mime type"). */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
  return (['image', 'video', 'pdf', 'audio'] as const).find((kind) => FILE_TYPES[kind].includes(mimeType));
}

/** Base-10 sizes with no decimals, in MB above 999 KB (spec section 9). */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1000;
  return kb > 999 ? `${Math.round(kb / 1000)} MB` : `${Math.round(kb)} KB`;
}

export interface FileLimits {
  file_sizes: Record<FileKind, { min_size: number; max_size: number }>;
  image: { min_width: number; min_height: number };
}

export interface FileFacts {
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
}

/** Every message a file breaks for its kind (type, then size, then dimensions for images and thumbnails). */
export function fileProblems(kind: FileKind, file: FileFacts, limits: FileLimits): string[] {
  if (!FILE_TYPES[kind].includes(file.mimeType)) return [kind === 'thumbnail' ? messages.thumbnailType : messages.fileType(kind, FILE_TYPES[kind])];
  const problems: string[] = [];
  const { min_size, max_size } = limits.file_sizes[kind];
  if (file.size < min_size * 1000 || file.size > max_size * 1000) {
    problems.push(messages.fileSize(kind, formatFileSize(file.size), formatFileSize(min_size * 1000), formatFileSize(max_size * 1000)));
  }
  const { min_width, min_height } = limits.image;
  if ((kind === 'image' || kind === 'thumbnail') && file.width !== undefined && file.height !== undefined) {
    if (file.width < min_width || file.height < min_height) problems.push(messages.fileDimensions(kind, min_width, min_height));
  }
  return problems;
}

/** Content rules that are not one of the generic ones. */
export const contentRule = {
  uuid:
    (field: string): Rule =>
    (value) =>
      value === undefined || value === null || value === '' || isUuid(value) ? null : messages.uuid(field),
  /** A whole number of at least `min` (numbers or numeric strings); absent is fine. */
  integer:
    (field: string, min = 0): Rule =>
    (value) => {
      if (value === undefined || value === null) return null;
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) return messages.integer(field);
      return number < min ? messages.minNumber(field, min) : null;
    },
  /** `[{ id, order }]` of a bulk reorder. */
  orderList:
    (field: string): Rule =>
    (value) => {
      if (value === undefined || value === null) return null;
      if (!Array.isArray(value)) return messages.array(field);
      if (value.length > RELATION_MAX_ITEMS) return messages.maxItems(field, RELATION_MAX_ITEMS);
      const valid = value.every(
        (entry) => typeof entry === 'object' && entry !== null && isUuid((entry as Values).id) && Number.isInteger(Number((entry as Values).order)),
      );
      return valid ? null : messages.selected(field);
    },
};

const contentName = [rule.required('name'), rule.maxLength('name')];
const contentDescription = [rule.required('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)];
const contentNameUpdate = [rule.filled('name'), rule.maxLength('name')];
const contentDescriptionUpdate = [rule.filled('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)];
/** Modules and components: name and description required; an image from the library (`image_id`) or an upload named by `image_name`. */
const imageFields = { image_id: [contentRule.uuid('image_id')], image_name: [rule.maxLength('image_name')] };

const email = [rule.required('email'), rule.email(), rule.maxLength('email')];
const requiredName = [rule.required('name'), rule.name(), rule.maxLength('name')];
const requiredPassword = [rule.required('password'), rule.password()];
const passwordConfirmation = [rule.required('password_confirmation'), rule.confirms()];

/** The forms of the API calls and screens (core-platform.md section 5). */
export const forms = {
  login: { email, password: [rule.required('password'), rule.maxLength('password', PASSWORD_MAX_LENGTH)] },
  signUp: {
    email,
    name: requiredName,
    password: requiredPassword,
    recaptcha_token: [rule.required('recaptcha_token')],
  },
  /** The portal's sign-up form also asks for a confirmation; the API call does not carry it. */
  signUpScreen: {
    email,
    name: requiredName,
    password: requiredPassword,
    password_confirmation: passwordConfirmation,
  },
  finishRegistration: {
    email,
    name: requiredName,
    password: requiredPassword,
    password_confirmation: passwordConfirmation,
    token: [rule.required('token')],
  },
  forgotPassword: { email },
  resetPassword: { email, password: requiredPassword, token: [rule.required('token')] },
  resetPasswordScreen: { password: requiredPassword, password_confirmation: passwordConfirmation },
  confirmEmail: { token: [rule.required('token')], email: [rule.email(), rule.maxLength('email')] },
  /** In the profile every field is optional; the confirmation becomes required once a password is typed. */
  profile: {
    name: [rule.name(), rule.maxLength('name')],
    email: [rule.email(), rule.maxLength('email')],
    password: [rule.password()],
    password_confirmation: [rule.confirms()],
  },
  accessRequest: { name: [rule.required('name'), rule.organizationName(), rule.maxLength('name')] },
  organization: {
    name: [rule.required('name'), rule.organizationName(), rule.maxLength('name')],
    enable_bioreq: [rule.flag('enable_bioreq')],
  },
  /** Edit Organization, and restoring one (`is_deleted: false`): only the fields sent change. */
  organizationUpdate: {
    name: [rule.filled('name'), rule.organizationName(), rule.maxLength('name')],
    enable_bioreq: [rule.flag('enable_bioreq')],
    is_deleted: [rule.flag('is_deleted')],
  },
  /** The owner's user actions: suspend/reactivate (is_active), ban/restore (is_deleted). */
  userUpdate: { is_active: [rule.flag('is_active')], is_deleted: [rule.flag('is_deleted')] },
  /** Add a new member: an invitation is sent to the address; the role defaults to user. */
  member: { email, role: [rule.oneOf('role', ROLES)] },
  memberUpdate: {
    role: [rule.oneOf('role', ROLES)],
    is_active: [rule.flag('is_active')],
    is_deleted: [rule.flag('is_deleted')],
  },
  memberGroups: { groups: [rule.required('groups'), rule.ids('groups')] },
  group: {
    name: [rule.required('name'), rule.maxLength('name')],
    description: [rule.required('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)],
  },
  groupUpdate: {
    name: [rule.filled('name'), rule.maxLength('name')],
    description: [rule.filled('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)],
    is_deleted: [rule.flag('is_deleted')],
  },
  groupMembers: { tenant_users: [rule.required('tenant_users'), rule.ids('tenant_users')] },
  accessRequestUpdate: {
    status: [rule.oneOf('status', ACCESS_REQUEST_DECISIONS)],
    is_deleted: [rule.flag('is_deleted')],
  },
  module: { name: contentName, description: contentDescription, is_active: [rule.flag('is_active')], ...imageFields },
  /** Module edit and restore (`is_deleted: false`): only the fields sent change. */
  moduleUpdate: {
    name: contentNameUpdate,
    description: contentDescriptionUpdate,
    is_active: [rule.flag('is_active')],
    is_deleted: [rule.flag('is_deleted')],
    ...imageFields,
  },
  moduleMedia: { media: [rule.required('media'), rule.ids('media')] },
  moduleGroups: { groups: [rule.required('groups'), rule.ids('groups')] },
  moduleMembers: { tenant_users: [rule.required('tenant_users'), rule.ids('tenant_users')] },
  component: { name: contentName, description: contentDescription, is_active: [rule.flag('is_active')], ...imageFields },
  componentUpdate: {
    name: contentNameUpdate,
    description: contentDescriptionUpdate,
    is_active: [rule.flag('is_active')],
    is_deleted: [rule.flag('is_deleted')],
    ...imageFields,
  },
  componentOrder: { components: [rule.required('components'), contentRule.orderList('components')] },
  componentMove: { module_id: [rule.required('module_id'), contentRule.uuid('module_id')] },
  topic: { name: contentName, description: contentDescription },
  topicUpdate: {
    name: contentNameUpdate,
    description: contentDescriptionUpdate,
    is_active: [rule.flag('is_active')],
    is_deleted: [rule.flag('is_deleted')],
    order: [contentRule.integer('order')],
  },
  topicOrder: { topics: [rule.required('topics'), contentRule.orderList('topics')] },
  topicMove: { component_id: [rule.required('component_id'), contentRule.uuid('component_id')] },
  media: { name: [rule.required('name'), rule.maxLength('name')], crop_image: [rule.flag('crop_image')] },
  mediaUpdate: { name: [rule.filled('name'), rule.maxLength('name')], crop_image: [rule.flag('crop_image')] },
  mediaModules: { modules: [rule.required('modules'), rule.ids('modules')] },
  suggestion: {
    text: [rule.required('text'), rule.maxLength('text', DESCRIPTION_MAX_LENGTH)],
    module_id: [contentRule.uuid('module_id')],
    component_id: [contentRule.uuid('component_id')],
    topic_id: [contentRule.uuid('topic_id')],
  },
  suggestionUpdate: { is_active: [rule.required('is_active'), rule.flag('is_active')] },
  /** Items editor entries (spec 5: a row title is required; image, video, pdf and audio need their media). */
  itemRow: { text: [rule.required('text'), rule.maxLength('text')], is_procedure: [rule.flag('is_procedure')], order: [contentRule.integer('order')] },
  itemParagraph: { text: [rule.required('text'), rule.maxLength('text', ITEM_TEXT_MAX_LENGTH)], order: [contentRule.integer('order')] },
  itemMedia: { media_id: [rule.required('media_id'), contentRule.uuid('media_id')], order: [contentRule.integer('order')] },
} satisfies Record<string, FormRules>;

export type FormName = keyof typeof forms;
