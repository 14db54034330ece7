/**
 * Request bodies that refuse a misspelled field at compile time. openapi-fetch infers a call's options as a
 * generic, so a fresh object literal with an extra key is accepted (no excess-property check); these signatures
 * of POST, PUT and PATCH add one: each key of the body that the contract's request body does not have is typed
 * `never`. Everything else (inference of the answer, required parameters) is openapi-fetch's own.
 */
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './generated/schema.js';

/** The fields of `Sent` not among `Allowed`, each `never`; arrays, files and forms are left as they are. */
type NoExtraFields<Sent, Allowed extends PropertyKey> = Sent extends readonly unknown[] | Blob | FormData
  ? unknown
  : Sent extends object
    ? { [Key in Exclude<keyof Sent, Allowed>]: never }
    : unknown;

/** Every field of the request body in any of its media types (JSON, multipart, form). */
type AllKeys<T> = T extends unknown ? keyof T : never;
type BodyFields<Operation> = Operation extends { requestBody?: { content: infer Content } } ? AllKeys<NonNullable<Content[keyof Content]>> : never;

type StrictBody<Init, Operation> = Init extends { body?: infer Sent } ? { body?: NoExtraFields<Sent, BodyFields<Operation>> } : unknown;

/** openapi-fetch's InitParam (optional when nothing is required), with the body check. */
type StrictInitParam<Init, Operation> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown } & StrictBody<Init, Operation>)?]
    : [Init & { [key: string]: unknown } & StrictBody<Init, Operation>];

/** The operation of a path and method, as FetchResponse takes it. */
type OperationOf<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] extends infer Operation extends object ? Operation : never;

type StrictMethod<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: StrictInitParam<Init, paths[Path][Method]>
) => Promise<FetchResponse<OperationOf<Path, Method>, Init, MediaType>>;

export interface StrictBodyMethods {
  POST: StrictMethod<'post'>;
  PUT: StrictMethod<'put'>;
  PATCH: StrictMethod<'patch'>;
}
