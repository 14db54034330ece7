import {
  ACCESS_REQUEST_DECISIONS,
  DESCRIPTION_MAX_LENGTH,
  ITEM_TEXT_MAX_LENGTH,
  RELATION_MAX_ITEMS,
  ROLES,
  emailRules,
  isUuid,
  loginForm,
  messages,
  rule,
  type FormRules,
  type Rule,
  type Values,
} from './core.js';

const email = emailRules;
const requiredName = [rule.required('name'), rule.name(), rule.maxLength('name')];
const requiredPassword = [rule.required('password'), rule.password()];
const passwordConfirmation = [rule.required('password_confirmation'), rule.confirms()];

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
  /** A list of at most `max` entries (the files picked in a form); absent is fine. */
  maxItems:
    (field: string, max: number): Rule =>
    (value) => {
      if (value === undefined || value === null) return null;
      if (!Array.isArray(value)) return messages.array(field);
      return value.length > max ? messages.maxItems(field, max) : null;
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

/** How many images one suggestion may carry. */
export const SUGGESTION_MAX_IMAGES = 5;

const contentName = [rule.required('name'), rule.maxLength('name')];
const contentDescription = [rule.required('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)];
const contentNameUpdate = [rule.filled('name'), rule.maxLength('name')];
const contentDescriptionUpdate = [rule.filled('description'), rule.maxLength('description', DESCRIPTION_MAX_LENGTH)];
/** Modules and components: name and description required; an image from the library (`image_id`) or an upload named by `image_name`. */
const imageFields = { image_id: [contentRule.uuid('image_id')], image_name: [rule.maxLength('image_name')] };

/** Where a module's or component's new image comes from on the create and edit screens (spec 2.9). */
export const IMAGE_SOURCES = ['upload', 'library'] as const;

/** A rule that applies only when the image choice is `source` (the other choices leave the field unused). */
const requiredForSource =
  (source: (typeof IMAGE_SOURCES)[number], field: string): Rule =>
  (value, values) =>
    values.image_source === source ? rule.required(field)(value, values) : null;

/**
 * Spec 5: the image source must be upload or library (or none: keep the current image); an upload needs its file
 * (`image`) and an image name, the library a chosen image. The screens validate these before the API call.
 */
const imageChoiceFields = {
  image_source: [rule.oneOf('image_source', IMAGE_SOURCES)],
  image: [requiredForSource('upload', 'image')],
  image_name: [requiredForSource('upload', 'image_name'), rule.maxLength('image_name')],
  image_id: [requiredForSource('library', 'image_id'), contentRule.uuid('image_id')],
};

/** The forms of the API calls and screens (core-platform.md section 5). */
export const forms = {
  login: loginForm,
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
  groupModules: { modules: [rule.required('modules'), rule.ids('modules')] },
  memberModules: { modules: [rule.required('modules'), rule.ids('modules')] },
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
  /** The module and component create and edit screens: the API's fields plus the image choice. */
  contentScreen: { name: contentName, description: contentDescription, is_active: [rule.flag('is_active')], ...imageChoiceFields },
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
    /** The portal checks the picked files' count; the server counts them as they stream in (upload.ts). */
    images: [contentRule.maxItems('images', SUGGESTION_MAX_IMAGES)],
  },
  suggestionUpdate: { is_active: [rule.required('is_active'), rule.flag('is_active')] },
  /** Items editor entries (spec 5: a row title is required; image, video, pdf and audio need their media). */
  itemRow: { text: [rule.required('text'), rule.maxLength('text')], is_procedure: [rule.flag('is_procedure')], order: [contentRule.integer('order')] },
  itemParagraph: { text: [rule.required('text'), rule.maxLength('text', ITEM_TEXT_MAX_LENGTH)], order: [contentRule.integer('order')] },
  itemMedia: { media_id: [rule.required('media_id'), contentRule.uuid('media_id')], order: [contentRule.integer('order')] },
} satisfies Record<string, FormRules>;

export type FormName = keyof typeof forms;
