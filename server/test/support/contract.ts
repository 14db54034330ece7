/**
 * Checks answers against the contract (openapi/dist/openapi.json, built by the global setup) with
 * ajv. A documented operation must answer one of its documented statuses with a body matching the
 * schema (a 500 the shared ServerError); an undocumented path or method may only answer an error, and
 * that error must be an Error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const bundle = fileURLToPath(new URL('../../../openapi/dist/openapi.json', import.meta.url));

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}
interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses: Record<string, ResponseObject> };
}

const document = JSON.parse(readFileSync(bundle, 'utf8')) as OpenApi;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'openapi');
const validators = new Map<string, ValidateFunction>();

function pointer(...segments: string[]): string {
  return `openapi#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function validator(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`No schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

/** Where a literal segment beats a parameter, as the router decides: at the first segment two templates differ. */
const specificity = (template: string) =>
  template
    .split('/')
    .map((segment) => (segment.startsWith('{') ? `1` : `0${segment}`))
    .join('/');

/**
 * Templated paths (`/tenants/{tenantId}`) as patterns, the most literal first (`…/responses/completed` before
 * `…/responses/{responseId}`); a literal path wins over a template.
 */
const templates = Object.keys(document.paths)
  .filter((template) => template.includes('{'))
  .sort((a, b) => (specificity(a) < specificity(b) ? -1 : 1))
  .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));

/** The contract's key for a concrete path: itself when documented literally, else the matching template. */
function contractPath(concretePath: string): string {
  // The router answers a path with a trailing slash as the path without it (http.test.ts).
  const path = concretePath.length > 1 ? concretePath.replace(/\/+$/, '') : concretePath;
  if (document.paths[path]) return path;
  return templates.find(({ pattern }) => pattern.test(path))?.template ?? path;
}

/**
 * The media type whose schema an answer is held to: its own when the contract documents it for the answer (a report's
 * `text/csv`), JSON otherwise (an answer of another type then fails its JSON schema).
 */
function mediaOf(response: ResponseObject, contentType: string | null | undefined): string {
  const media = contentType?.split(';')[0].trim().toLowerCase();
  return media && response.content?.[media] ? media : 'application/json';
}

/** The schema pointer of a documented answer (JSON, or the documented media type it came as), or null for an answer without a body. */
function documentedSchema(method: string, concretePath: string, status: number, contentType?: string | null): string | null | undefined {
  const path = contractPath(concretePath);
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return undefined;
  // Any call can fail unexpectedly: a 500 answers the shared ServerError response.
  const response = operation.responses[String(status)] ?? (status === 500 ? { $ref: '#/components/responses/ServerError' } : undefined);
  if (!response) throw new Error(`${method} ${path} answered ${status}, which the contract does not document.`);
  if (response.$ref) {
    const name = response.$ref.split('/').pop() as string;
    return document.components.responses[name].content ? pointer('components', 'responses', name, 'content', 'application/json', 'schema') : null;
  }
  return response.content
    ? pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', mediaOf(response, contentType), 'schema')
    : null;
}

/** Throws with ajv's findings when the answer breaks the contract; `contentType` is the answer's (JSON when left out). */
export function assertContract(method: string, path: string, status: number, body: unknown, contentType?: string | null): void {
  let ref = documentedSchema(method, path, status, contentType);
  if (ref === undefined) {
    if (status < 400) throw new Error(`${method} ${path} is not in the contract but answered ${status}.`);
    ref = pointer('components', 'schemas', 'Error');
  }
  if (ref === null) {
    if (body !== undefined) throw new Error(`${method} ${path} ${status} should have no body, got ${JSON.stringify(body)}`);
    return;
  }
  const validate = validator(ref);
  if (!validate(body)) {
    throw new Error(`${method} ${path} ${status} breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
  }
}

/** Direct schema checks, for tests of components (e.g. the Error body). */
export function assertSchema(name: string, value: unknown): void {
  const validate = validator(pointer('components', 'schemas', name));
  if (!validate(value)) throw new Error(`${name}: ${ajv.errorsText(validate.errors)}`);
}
