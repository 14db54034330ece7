/**
 * The forms of the platform's own calls and screens (core-platform.md section 5), as valibot schemas whose output is
 * the parsed input a handler uses, and the fields they are built of. A later resource keeps its forms in a file of
 * its own (webhooks.ts, sso.ts…); `npm run generate` gathers them all into `forms` (generated/registry.ts). Each API
 * request's form is checked against the contract's request body in contract-check.ts, so a change to one without
 * the other fails `npm run typecheck -w @tessera/sdk`.
 */
import * as v from 'valibot';
import type { Flag as ContractFlag, ItemInput } from '../generated/schema.js';
import {
  ACCESS_REQUEST_DECISIONS,
  bodyOf,
  DESCRIPTION_MAX_LENGTH,
  documented,
  emailAddress,
  type FieldErrors,
  filled,
  form,
  formErrors,
  isBlank,
  isUuid,
  ITEM_TEXT_MAX_LENGTH,
  loginForm,
  messages,
  passwordProblem,
  present,
  RELATION_MAX_ITEMS,
  required,
  ROLES,
  sent,
  text,
  TEXT_MAX_LENGTH,
} from './core.js';
import { bioreqUploadForm } from './bioreq.js';
import { ITEM_TYPES, canonicalLanguageTag } from './files.js';

/** The flag forms the API accepts (spec: 1/0 as well as booleans). */
/** What a flag input may be: the contract's `Flag` (JSON booleans, 1/0, and their strings). */
type Flag = ContractFlag;
const FLAG_VALUES: readonly unknown[] = [true, false, 1, 0, '1', '0', 'true', 'false'];
const TRUE_VALUES: readonly unknown[] = [true, 1, '1', 'true'];

/** Flags arrive as true/false, 1/0, "1"/"0" or "true"/"false" and are answered as booleans. */
export function flag(field: string) {
  return v.pipe(
    v.custom<Flag>((value) => FLAG_VALUES.includes(value), messages.boolean(field)),
    v.transform((value) => TRUE_VALUES.includes(value)),
  );
}

/** Letters of any script and spaces. */
const NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;
const ORGANIZATION_NAME_PATTERN = /^[\p{L}\p{N}\-_& ]+$/u;

/** A person's name, answered trimmed. */
function personName(field = 'name') {
  return v.pipe(
    v.string(messages.string(field)),
    v.check((value) => NAME_PATTERN.test(value.trim()), messages.name),
    v.maxLength(TEXT_MAX_LENGTH, messages.maxLength(field, TEXT_MAX_LENGTH)),
    v.trim(),
  );
}

/** An organization's name (checked as sent, answered trimmed). */
function organizationName(field = 'name') {
  return v.pipe(
    v.string(messages.string(field)),
    v.regex(ORGANIZATION_NAME_PATTERN, messages.organizationName),
    v.maxLength(TEXT_MAX_LENGTH, messages.maxLength(field, TEXT_MAX_LENGTH)),
    v.trim(),
  );
}

/** A new password: the first rule it breaks (passwordProblem); answered as typed. */
export function newPassword(field = 'password') {
  return v.pipe(
    v.string(messages.string(field)),
    v.check(
      (value) => passwordProblem(value) === null,
      (issue) => (typeof issue.input === 'string' && passwordProblem(issue.input)) || messages.defaultFailure,
    ),
  );
}

/** A string as sent (tokens are not trimmed). */
function rawString(field: string) {
  return v.string(messages.string(field));
}

/** One of a fixed set of strings (a role, a status). */
function oneOf<const T extends readonly string[]>(field: string, allowed: T) {
  return v.picklist(allowed, messages.selected(field));
}

/** A UUID, answered lower-cased (non-strings answer the same message). */
function uuid(field: string) {
  return v.pipe(
    v.custom<string>(isUuid, messages.uuid(field)),
    v.transform((id) => id.toLowerCase()),
  );
}

/** A UUID, or null or '' for none (read as not sent). */
function optionalUuid(field: string) {
  return v.optional(
    v.pipe(
      v.nullable(
        v.pipe(
          v.custom<string>((value) => value === '' || isUuid(value), messages.uuid(field)),
          v.transform((id) => (id === '' ? undefined : id.toLowerCase())),
        ),
      ),
      v.transform((id) => id ?? undefined),
    ),
  );
}

/** A main image from the library: a UUID (lower-cased), or null or '' to clear it (null); absent leaves it. */
function imageId(field = 'image_id') {
  return v.optional(
    v.nullable(
      v.pipe(
        v.custom<string>((value) => value === '' || isUuid(value), messages.uuid(field)),
        v.transform((id) => (id === '' ? null : id.toLowerCase())),
      ),
    ),
  );
}

/** A list of ids (relating groups and members), answered lower-cased without duplicates; whether they exist is the server's check. */
function ids(field: string, max = RELATION_MAX_ITEMS) {
  return v.pipe(
    v.array(documented<string>(), messages.array(field)),
    v.maxLength(max, messages.maxItems(field, max)),
    v.check((list) => list.every(isUuid), messages.selected(field)),
    v.transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]),
  );
}

function isWholeNumber(value: unknown): boolean {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number);
}

/** A whole number of at least `min` (numbers or numeric strings), answered as a number. */
function integer(field: string, min = 0) {
  return v.pipe(v.custom<number>(isWholeNumber, messages.integer(field)), v.transform(Number), v.minValue(min, messages.minNumber(field, min)));
}

export interface OrderEntry {
  id: string;
  order: number;
}

function isOrderEntry(entry: unknown): boolean {
  return (
    typeof entry === 'object' && entry !== null && 'id' in entry && isUuid(entry.id) && Number.isInteger(Number('order' in entry ? entry.order : undefined))
  );
}

/** `[{ id, order }]` of a bulk reorder, answered with lower-cased ids and numeric orders. */
function orderList(field: string) {
  return v.pipe(
    v.array(documented<OrderEntry>(), messages.array(field)),
    v.maxLength(RELATION_MAX_ITEMS, messages.maxItems(field, RELATION_MAX_ITEMS)),
    v.check((list) => list.every(isOrderEntry), messages.selected(field)),
    v.transform((list) => list.map((entry) => ({ id: entry.id.toLowerCase(), order: Number(entry.order) }))),
  );
}

/** A value only a cross-field check reads (a confirmation, a picked file's name): answered as sent. */
const asSent = v.pipe(
  documented<string>(),
  v.transform((value): unknown => value),
);

/** The message of a cross-field check, on `field`. */
function issueOn(field: string, value: unknown, message: string) {
  const path: [v.UnknownPathItem] = [{ type: 'unknown', origin: 'value', input: value, key: field, value }];
  return { message, path };
}

/** A field of a form's values (partly parsed when other fields failed). */
function fieldOf(values: unknown, field: string): unknown {
  return typeof values === 'object' && values !== null ? Object.entries(values).find(([key]) => key === field)?.[1] : undefined;
}

type PasswordFields = { password?: unknown; password_confirmation?: unknown };

/** The confirmation is required once a password is typed, and must match it. */
function confirmingPassword<S extends v.GenericSchema<unknown, PasswordFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      const password = fieldOf(dataset.value, 'password');
      const confirmation = fieldOf(dataset.value, 'password_confirmation');
      if (isBlank(password)) return;
      if (isBlank(confirmation)) addIssue(issueOn('password_confirmation', confirmation, messages.required('password_confirmation')));
      else if (confirmation !== password) addIssue(issueOn('password_confirmation', confirmation, messages.passwordConfirmation));
    }),
  );
}

const email = required('email', emailAddress());
const requiredName = required('name', personName());
const requiredPassword = required('password', newPassword());
const requiredToken = required('token', rawString('token'));
const passwordConfirmation = required('password_confirmation', asSent);

/** How many images one suggestion may carry (the server counts them as they stream in, media/upload.ts). */
export const SUGGESTION_MAX_IMAGES = 5;

const contentName = required('name', text('name'));
const contentDescription = required('description', text('description', DESCRIPTION_MAX_LENGTH));
const contentNameUpdate = filled('name', text('name'));
const contentDescriptionUpdate = filled('description', text('description', DESCRIPTION_MAX_LENGTH));
const isActive = sent(flag('is_active'));
const isDeleted = sent(flag('is_deleted'));
const relation = (field: string) => required(field, ids(field));
/** Modules and components: an image from the library (`image_id`, null clears it) or an upload named by `image_name`. */
const imageFields = { image_id: imageId(), image_name: present(text('image_name')) };

/** Where a module's or component's new image comes from on the create and edit screens (spec 2.9). */
export const IMAGE_SOURCES = ['upload', 'library'] as const;

type ImageChoiceFields = { image_source?: unknown; image?: unknown; image_name?: unknown; image_id?: unknown };

/**
 * Spec 5: the image source must be upload or library (or none: keep the current image); an upload needs its file
 * (`image`, the picked file's name) and an image name, the library a chosen image (a UUID).
 */
function choosingImage<S extends v.GenericSchema<unknown, ImageChoiceFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      const source = fieldOf(dataset.value, 'image_source');
      const imageId = fieldOf(dataset.value, 'image_id');
      const requiredFor = (choice: (typeof IMAGE_SOURCES)[number], field: keyof ImageChoiceFields) => {
        const value = fieldOf(dataset.value, field);
        if (source !== choice || !isBlank(value)) return true;
        addIssue(issueOn(field, value, messages.required(field)));
        return false;
      };
      requiredFor('upload', 'image');
      requiredFor('upload', 'image_name');
      if (requiredFor('library', 'image_id') && !isBlank(imageId) && !isUuid(imageId)) addIssue(issueOn('image_id', imageId, messages.uuid('image_id')));
    }),
  );
}

/** The entries of the items editor (spec 5: a row title is required; image, video, pdf and audio need their media). */
const itemOrder = sent(integer('order'));
/** A row: its title (trimmed), whether it is a procedure, its order. */
const itemRow = form({ text: required('text', text('text')), is_procedure: sent(flag('is_procedure')), order: itemOrder });
/** A paragraph: Markdown, kept as typed. */
const itemParagraph = form({
  text: required('text', v.pipe(rawString('text'), v.maxLength(ITEM_TEXT_MAX_LENGTH, messages.maxLength('text', ITEM_TEXT_MAX_LENGTH)))),
  order: itemOrder,
});
/** Image, video, pdf and audio: the media library file. */
const itemMedia = form({ media_id: required('media_id', uuid('media_id')), order: itemOrder });

type ItemType = (typeof ITEM_TYPES)[number];

/** A checked entry: `id` and `row_id` as sent (an item of the topic or a temporary client id), `order` its position when not sent. */
export interface ItemEntry {
  id: string | null;
  type: ItemType;
  order: number;
  /** A row's title trimmed, a paragraph as typed; null for media and when empty. */
  text: string | null;
  is_procedure: boolean;
  row_id: string | null;
  media_id: string | null;
}

const CLIENT_ID_MAX_LENGTH = 255;

/** The items reader's "not sent": absent, null or '' (whitespace is a value). */
function isUnset(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

function isItemType(value: unknown): value is ItemType {
  return ITEM_TYPES.some((type) => type === value);
}

function itemFormOf(type: ItemType) {
  if (type === 'row') return itemRow;
  if (type === 'paragraph') return itemParagraph;
  return itemMedia;
}

/** The messages of one entry by field: its type's form, then the id, the row it belongs to and the text's type. */
function itemProblems(entry: Record<string, unknown>, type: ItemType): FieldErrors {
  const errors = formErrors(itemFormOf(type), entry);
  if (!isUnset(entry.id) && (typeof entry.id !== 'string' || entry.id.length > CLIENT_ID_MAX_LENGTH)) errors.id = [messages.string('id')];
  if (type === 'row') {
    if (!isUnset(entry.row_id)) errors.row_id = [messages.selected('row_id')];
  } else {
    if (isUnset(entry.row_id)) errors.row_id = [messages.required('row_id')];
    else if (typeof entry.row_id !== 'string') errors.row_id = [messages.string('row_id')];
    if (TRUE_VALUES.includes(entry.is_procedure)) errors.is_procedure = [messages.rowOnly];
  }
  if (type !== 'row' && type !== 'paragraph' && !isUnset(entry.text) && typeof entry.text !== 'string') errors.text = [messages.string('text')];
  return errors;
}

function itemEntryOf(entry: Record<string, unknown>, type: ItemType, index: number): ItemEntry {
  const text = typeof entry.text === 'string' ? (type === 'row' ? entry.text.trim() : entry.text) : null;
  return {
    id: isUnset(entry.id) ? null : String(entry.id),
    type,
    order: isUnset(entry.order) ? index : Number(entry.order),
    text: text === '' ? null : text,
    is_procedure: type === 'row' && TRUE_VALUES.includes(entry.is_procedure),
    row_id: type === 'row' || isUnset(entry.row_id) ? null : String(entry.row_id),
    media_id: type === 'row' || type === 'paragraph' || isUnset(entry.media_id) ? null : String(entry.media_id).toLowerCase(),
  };
}

/** Duplicate ids, and children whose row is not a row of this list, by position. */
function itemListProblems(entries: ItemEntry[]): [number, string, string][] {
  const problems: [number, string, string][] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (entry.id === null) return;
    if (seen.has(entry.id)) problems.push([index, 'id', messages.selected('id')]);
    seen.add(entry.id);
  });
  const rowIds = new Set(entries.filter((entry) => entry.type === 'row' && entry.id !== null).map((entry) => entry.id));
  entries.forEach((entry, index) => {
    if (entry.row_id !== null && !rowIds.has(entry.row_id)) problems.push([index, 'row_id', messages.itemParent]);
  });
  return problems;
}

/** The message of an entry's field, keyed `{index}.{field}` under the list's field (`items.3.text`). */
function entryIssue(index: number, field: string, message: string) {
  const path: [v.UnknownPathItem, v.UnknownPathItem] = [
    { type: 'unknown', origin: 'value', input: undefined, key: index, value: undefined },
    { type: 'unknown', origin: 'value', input: undefined, key: field, value: undefined },
  ];
  return { message, path };
}

/**
 * The items editor's whole list (PUT .../items): each entry checked with its type's form, errors keyed by position;
 * once every entry passes, duplicate ids and children of unknown rows. Whether media exist is the server's check.
 */
function itemList(field: string) {
  return v.pipe(
    documented<ItemInput[]>(),
    v.check((value) => value !== undefined && value !== null, messages.required(field)),
    v.array(documented<ItemInput>(), messages.array(field)),
    v.maxLength(RELATION_MAX_ITEMS, messages.maxItems(field, RELATION_MAX_ITEMS)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const entries: ItemEntry[] = [];
      dataset.value.forEach((raw: unknown, index) => {
        const entry: Record<string, unknown> = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...raw } : {};
        if (!isItemType(entry.type)) return addIssue(entryIssue(index, 'type', messages.itemType));
        const problems = Object.entries(itemProblems(entry, entry.type));
        for (const [name, [message]] of problems) addIssue(entryIssue(index, name, message));
        if (problems.length === 0) entries.push(itemEntryOf(entry, entry.type, index));
      });
      if (entries.length < dataset.value.length) return NEVER;
      const listProblems = itemListProblems(entries);
      for (const [index, name, message] of listProblems) addIssue(entryIssue(index, name, message));
      return listProblems.length ? NEVER : entries;
    }),
  );
}

/** Spec section 5 and 9: a bioreq note is 10 to 1000 characters, with this one message either way. */
export const NOTE_MIN_LENGTH = 10;
export const NOTE_MAX_LENGTH = 1000;
export const noteMessage = 'Notes must be at least ten characters and no more than 1000 characters';
/** The reviewer's message is required when matching (spec section 5). */
const MATCH_MESSAGE_MAX_LENGTH = 1000;

/** A note's text: trimmed, 10 to 1000 characters (blank reads as too short, with the spec's message). */
function noteText(field = 'note') {
  return v.pipe(
    v.string(messages.string(field)),
    v.trim(),
    v.check((value) => value.length >= NOTE_MIN_LENGTH && value.length <= NOTE_MAX_LENGTH, noteMessage),
  );
}

type MatchFields = { match?: unknown; message?: unknown };

/** A match needs its message (spec section 5); a no-match may carry one as its reason. */
function matchNeedsMessage<S extends v.GenericSchema<unknown, MatchFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      const match = fieldOf(dataset.value, 'match');
      const message = fieldOf(dataset.value, 'message');
      if (match === true && isBlank(message)) addIssue(issueOn('message', message, messages.required('message')));
    }),
  );
}

/** The platform's own forms (accounts, organizations, members, groups, content, media, suggestions, bioreq, items). */
export const platformForms = {
  login: loginForm,
  signUp: bodyOf(
    'signUp',
    form({ email, name: requiredName, password: requiredPassword, recaptcha_token: required('recaptcha_token', rawString('recaptcha_token')) }),
  ),
  /** The portal's sign-up form also asks for a confirmation; the API call does not carry it. */
  signUpScreen: confirmingPassword(form({ email, name: requiredName, password: requiredPassword, password_confirmation: passwordConfirmation })),
  finishRegistration: bodyOf(
    'finishRegistration',
    confirmingPassword(form({ email, name: requiredName, password: requiredPassword, password_confirmation: passwordConfirmation, token: requiredToken })),
  ),
  forgotPassword: bodyOf('forgotPassword', form({ email })),
  resetPassword: bodyOf('resetPassword', form({ email, password: requiredPassword, token: requiredToken })),
  /** The reset screen: the email comes from the link's query, or is typed when the link lacks it. */
  resetPasswordScreen: confirmingPassword(form({ email, password: requiredPassword, password_confirmation: passwordConfirmation })),
  confirmEmail: bodyOf('confirmEmail', form({ token: requiredToken, email: present(emailAddress()) })),
  acceptInvitation: bodyOf('acceptInvitation', form({ token: requiredToken })),
  /** In the profile every field is optional (blank: unchanged); the confirmation becomes required once a password is typed. */
  /**
   * `current_password` proves the caller is the account's owner, not someone holding a stolen access token: the
   * server requires it (and checks it) whenever the email or the password changes.
   */
  profile: bodyOf(
    'updateMe',
    confirmingPassword(
      form({
        name: present(personName()),
        email: present(emailAddress()),
        password: present(newPassword()),
        password_confirmation: v.optional(asSent),
        current_password: present(rawString('current_password')),
      }),
    ),
  ),
  accessRequest: bodyOf('createAccessRequest', form({ name: required('name', organizationName()) })),
  organization: bodyOf('createTenant', form({ name: required('name', organizationName()), enable_bioreq: sent(flag('enable_bioreq')) })),
  /** Edit Organization, and restoring one (`is_deleted: false`): only the fields sent change. */
  organizationUpdate: bodyOf(
    'updateTenant',
    form({
      name: filled('name', organizationName()),
      enable_bioreq: sent(flag('enable_bioreq')),
      enable_embed_jit: sent(flag('enable_embed_jit')),
      is_deleted: isDeleted,
    }),
  ),
  /** The owner's user actions: suspend/reactivate (is_active), ban/restore (is_deleted). */
  userUpdate: bodyOf('updateUser', form({ is_active: isActive, is_deleted: isDeleted })),
  /** Add a new member: an invitation is sent to the address; the role defaults to user (the route's default). */
  member: bodyOf('createTenantUser', form({ email, role: present(oneOf('role', ROLES)) })),
  memberUpdate: bodyOf('updateTenantUser', form({ role: present(oneOf('role', ROLES)), is_active: isActive, is_deleted: isDeleted })),
  memberGroups: bodyOf('relateTenantUserGroups', form({ groups: relation('groups') })),
  group: bodyOf('createGroup', form({ name: required('name', text('name')), description: contentDescription })),
  groupUpdate: bodyOf('updateGroup', form({ name: filled('name', text('name')), description: contentDescriptionUpdate, is_deleted: isDeleted })),
  groupMembers: bodyOf('relateGroupTenantUsers', form({ tenant_users: relation('tenant_users') })),
  groupModules: bodyOf('relateGroupModules', form({ modules: relation('modules') })),
  /** The portal's login for an authorization request (`/authorize/:uid`): the login form itself. */
  interactionLogin: bodyOf('interactionLogin', loginForm),
  /** An identity provider's SCIM token for the organization: only its name (the token is made by the server). */
  scimToken: bodyOf('createScimToken', form({ name: required('name', text('name')) })),
  /**
   * An embed session for a person signed in to the partner's intranet: `name` is required by the server whenever the
   * person is not yet a member (the form cannot know), `external_id` is the partner's own stable id.
   */
  embedSession: bodyOf('createEmbedSession', form({ email, name: present(personName()), external_id: present(text('external_id')) })),
  memberModules: bodyOf('relateTenantUserModules', form({ modules: relation('modules') })),
  accessRequestUpdate: bodyOf('updateTenantAccessRequest', form({ status: present(oneOf('status', ACCESS_REQUEST_DECISIONS)), is_deleted: isDeleted })),
  module: bodyOf('createModule', form({ name: contentName, description: contentDescription, is_active: isActive, ...imageFields })),
  /** Module edit and restore (`is_deleted: false`): only the fields sent change. */
  moduleUpdate: bodyOf(
    'updateModule',
    form({ name: contentNameUpdate, description: contentDescriptionUpdate, is_active: isActive, is_deleted: isDeleted, ...imageFields }),
  ),
  moduleMedia: bodyOf('relateModuleMedia', form({ media: relation('media') })),
  moduleGroups: bodyOf('relateModuleGroups', form({ groups: relation('groups') })),
  moduleMembers: bodyOf('relateModuleTenantUsers', form({ tenant_users: relation('tenant_users') })),
  component: bodyOf('createComponent', form({ name: contentName, description: contentDescription, is_active: isActive, ...imageFields })),
  componentUpdate: bodyOf(
    'updateComponent',
    form({ name: contentNameUpdate, description: contentDescriptionUpdate, is_active: isActive, is_deleted: isDeleted, ...imageFields }),
  ),
  /** The module and component create and edit screens: the API's fields plus the image choice. */
  contentScreen: choosingImage(
    form({
      name: contentName,
      description: contentDescription,
      is_active: isActive,
      image_source: present(oneOf('image_source', IMAGE_SOURCES)),
      image: v.optional(asSent),
      image_name: present(text('image_name')),
      image_id: v.optional(asSent),
    }),
  ),
  componentOrder: bodyOf('reorderComponents', form({ components: required('components', orderList('components')) })),
  componentMove: bodyOf('moveComponent', form({ module_id: required('module_id', uuid('module_id')) })),
  topic: bodyOf('createTopic', form({ name: contentName, description: contentDescription })),
  topicUpdate: bodyOf(
    'updateTopic',
    form({
      name: contentNameUpdate,
      description: contentDescriptionUpdate,
      is_active: isActive,
      is_deleted: isDeleted,
      order: sent(integer('order')),
    }),
  ),
  topicOrder: bodyOf('reorderTopics', form({ topics: required('topics', orderList('topics')) })),
  topicMove: bodyOf('moveTopic', form({ component_id: required('component_id', uuid('component_id')) })),
  media: form({ name: required('name', text('name')), crop_image: sent(flag('crop_image')) }),
  mediaUpdate: form({ name: filled('name', text('name')), crop_image: sent(flag('crop_image')) }),
  mediaModules: bodyOf('relateMediaModules', form({ modules: relation('modules') })),
  /** The text fields of a captions upload (multipart; the file is checked by the upload pipeline). */
  mediaCaption: form({
    language: required(
      'language',
      v.pipe(
        v.string(messages.string('language')),
        v.trim(),
        v.check((value) => canonicalLanguageTag(value) !== undefined, messages.captionLanguage),
        v.transform((value) => canonicalLanguageTag(value) as string),
      ),
    ),
    label: required('label', text('label')),
    is_default: sent(flag('is_default')),
  }),
  suggestion: bodyOf(
    'createSuggestion',
    form({
      text: required('text', text('text', DESCRIPTION_MAX_LENGTH)),
      module_id: optionalUuid('module_id'),
      component_id: optionalUuid('component_id'),
      topic_id: optionalUuid('topic_id'),
    }),
  ),
  suggestionUpdate: bodyOf('updateSuggestion', form({ is_active: required('is_active', flag('is_active')) })),
  /** The text fields of a bioreq upload (multipart; the file is checked by the upload pipeline). */
  bioreqUpload: bioreqUploadForm,
  bioreqMatch: bodyOf(
    'decideBioreqDocument',
    matchNeedsMessage(form({ match: required('match', flag('match')), message: present(text('message', MATCH_MESSAGE_MAX_LENGTH)) })),
  ),
  /** null (or blank) switches retention off; else whole days, 1 to 3650. */
  bioreqSettings: bodyOf(
    'updateBioreqSettings',
    form({
      retention_days: v.pipe(
        documented<number | null>(),
        v.transform((value): unknown => (isBlank(value) ? null : value)),
        v.nullable(v.pipe(integer('retention_days', 1), v.maxValue(3650, messages.maxNumber('retention_days', 3650)))),
      ),
    }),
  ),
  bioreqNote: bodyOf(
    'createBioreqNote',
    form({
      note: v.pipe(
        documented<string>(),
        v.check((value) => !isBlank(value), noteMessage),
        noteText(),
      ),
    }),
  ),
  itemRow,
  itemParagraph,
  itemMedia,
  /** The items editor's save (PUT .../items): the whole ordered list, errors keyed `items.{position}.{field}`. */
  itemList: bodyOf('saveItems', form({ items: itemList('items') })),
};
