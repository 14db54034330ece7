/**
 * The type-level check that each API request's form reads the request body the contract documents: the same
 * fields, the same required ones, the same types (`v.InferInput` of the form against the generated
 * `operations[...]['requestBody']`), for every form marked with its operation (`bodyOf('createTopic', form(…))`), and
 * that each query form (`queryForms`, named after its operation) reads that operation's query parameters. A change to
 * the contract (and `npm run generate`) without the form, or the other way round, fails
 * `npm run typecheck -w @tessera/sdk`. Types only: nothing here reaches a bundle.
 *
 * Not checked: the screens' forms (signUpScreen, resetPasswordScreen, contentScreen: no request of their own), the
 * items editor's entry forms (parts of `itemList`, which is checked), and
 * `media`, which is only sent as multipart (where the contract leaves every part optional; the form requires `name`).
 */
import type * as v from 'valibot';
import type { components, operations } from '../generated/schema.js';
import type { ReadsBodyOf } from './core.js';
import type { forms, queryForms } from './generated/registry.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** true when the form reads exactly the body: mutually assignable, same keys, same required keys. */
export type ReadsBody<Input, Body> =
  Same<Input, Body> extends true ? (Same<keyof Input, keyof Body> extends true ? Same<RequiredKeys<Input>, RequiredKeys<Body>> : false) : false;

type JsonBody<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body
    : never;

/** The operation a form is marked with (`bodyOf`), or never. */
type MarkedOperation<Form> = Form extends ReadsBodyOf<infer Op> ? (unknown extends Op ? never : Op extends keyof operations ? Op : never) : never;

/** Every marked form of `Forms`, held to its operation's request body. */
type MarkedDrift<Forms> = {
  [F in keyof Forms as MarkedOperation<Forms[F]> extends never ? never : F]: Forms[F] extends v.GenericSchema
    ? ReadsBody<v.InferInput<Forms[F]>, JsonBody<MarkedOperation<Forms[F]>>>
    : false;
};

type Drift = MarkedDrift<typeof forms> & {
  /** The token endpoint's password grant: the login form reads its credentials (`username` is made `email` first). */
  login: ReadsBody<v.InferInput<(typeof forms)['login']>, Required<Pick<components['schemas']['PasswordGrantRequest'], 'email' | 'password'>>>;
  /** A media update is JSON (`name`) or multipart; the form reads the multipart text fields (the upload pipeline reads the files and checks `type`). */
  mediaUpdate: ReadsBody<v.InferInput<(typeof forms)['mediaUpdate']>, Omit<components['schemas']['MediaUpload'], 'type' | 'file' | 'thumbnail'>>;
  /** A captions upload is multipart: the form reads its text fields (the upload pipeline reads and checks the file). */
  mediaCaption: ReadsBody<v.InferInput<(typeof forms)['mediaCaption']>, Omit<components['schemas']['CaptionUpload'], 'file'>>;
  /** A question bank import is multipart: the form reads its text fields (the upload pipeline reads the file). */
  questionImport: ReadsBody<
    v.InferInput<(typeof forms)['knowledgeCheckQuestionImport']>,
    Omit<components['schemas']['KnowledgeCheckQuestionImportUpload'], 'file'>
  >;
};

type QueryOf<Op extends keyof operations> = operations[Op] extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The sort keys a form knows are the contract's (a form without `order` has none). */
type SameOrders<Output, Query> = Same<
  Exclude<Output extends { order?: infer O } ? O : never, null | undefined>,
  Exclude<Query extends { order?: infer O } ? O : never, undefined>
>;

/** true when the form reads exactly the operation's query parameters, with the contract's sort keys. */
type ReadsQuery<Form extends v.GenericSchema, Op extends keyof operations> =
  Same<keyof v.InferInput<Form>, keyof QueryOf<Op>> extends true ? SameOrders<v.InferOutput<Form>, QueryOf<Op>> : false;

/** Each query form is named after the operation whose query string it reads. */
type QueryDrift = {
  [F in keyof typeof queryForms as `query:${F}`]: F extends keyof operations ? ReadsQuery<(typeof queryForms)[F], F> : false;
};

type AllTrue<T extends Record<string, true>> = T;

/** Fails to compile, naming the form, when a form and its request body or query string drift apart. */
export type ContractCheck = AllTrue<Drift & QueryDrift>;
