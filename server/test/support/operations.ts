/**
 * The contract's operations (openapi/dist/openapi.json, built by the global setup) and the one a concrete call
 * resolves to. The permission matrices name the operation each row exercises and check it with
 * `assertOperation` where the call is made; permission-coverage.test.ts checks every operation that needs a
 * caller is a row of one of them.
 */
import { readFileSync } from 'node:fs';
import type { operations } from '@tessera/sdk';
import { bundlePath } from './global-setup.js';

/** An operationId of the contract (`listModules`); a misspelt one fails the typecheck. */
export type OperationId = keyof operations;

type SecurityRequirement = Record<string, string[]>;

export interface ContractOperation {
  id: string;
  /** Upper case, `GET`. */
  method: string;
  /** The contract's path template, relative to /api: `/tenants/{tenantId}/modules/{moduleId}`. */
  template: string;
  /** The security requirements that apply: the operation's own, else the document's. */
  security: SecurityRequirement[];
  /** The documented statuses, `['200', '401', …]`. */
  statuses: string[];
  /** The operation reads a JSON body (its requestBody offers application/json). */
  takesJson: boolean;
  /** The names of its query parameters. */
  queryParameters: string[];
}

interface OpenApiOperation {
  operationId?: string;
  security?: SecurityRequirement[];
  responses: Record<string, unknown>;
  requestBody?: { content?: Record<string, unknown> };
  parameters?: ParameterOrReference[];
}

type ParameterOrReference = { name: string; in: string } | { $ref: string };

interface OpenApiDocument {
  security?: SecurityRequirement[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { parameters?: Record<string, { name: string; in: string }> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const document = JSON.parse(readFileSync(bundlePath, 'utf8')) as OpenApiDocument;

/** A parameter, or the component a `$ref` names (`#/components/parameters/Search`). */
function resolveParameter(parameter: ParameterOrReference): { name: string; in: string } | undefined {
  return '$ref' in parameter ? document.components?.parameters?.[parameter.$ref.split('/').pop() as string] : parameter;
}

/**
 * The /api operations: a path with servers of its own (SCIM's /scim/v2, answered in its own shapes) is left out, so
 * the checks written for /api (permission matrices, query validation) do not apply to it.
 */
export const CONTRACT_OPERATIONS: readonly ContractOperation[] = Object.entries(document.paths)
  .filter(([, item]) => !('servers' in item))
  .flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => {
        if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${template} has no operationId in the contract.`);
        return {
          id: operation.operationId,
          method: method.toUpperCase(),
          template,
          security: operation.security ?? document.security ?? [],
          statuses: Object.keys(operation.responses),
          takesJson: operation.requestBody?.content?.['application/json'] !== undefined,
          queryParameters: (operation.parameters ?? []).map(resolveParameter).flatMap((parameter) => (parameter?.in === 'query' ? [parameter.name] : [])),
        };
      }),
  );

const segments = (path: string) => path.split('/').slice(1);
const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

const routes = CONTRACT_OPERATIONS.map((operation) => ({ operation, segments: segments(operation.template) }));

function matches(template: string[], path: string[]): boolean {
  return template.length === path.length && template.every((segment, index) => (isParameter(segment) ? path[index] !== '' : segment === path[index]));
}

/** Sorts the more specific template first: at the first segment where they differ in kind, a literal beats a parameter. */
function bySpecificity(a: string[], b: string[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const difference = Number(isParameter(a[index])) - Number(isParameter(b[index]));
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The operationId a call resolves to, as the router resolves it: among the templates of that method matching
 * the path (relative to /api, its query string and a trailing slash ignored), a literal segment wins over a
 * parameter (`/users/me` over `/users/{userId}`, `/modules/hidden/{moduleId}` over `/modules/{moduleId}/…`).
 * Undefined when no operation of the contract answers it.
 */
export function operationOf(method: string, path: string): string | undefined {
  const bare = path.split('?')[0];
  const concrete = segments(bare.length > 1 ? bare.replace(/\/+$/, '') : bare);
  const upper = method.toUpperCase();
  const candidates = routes.filter((route) => route.operation.method === upper && matches(route.segments, concrete));
  return candidates.sort((a, b) => bySpecificity(a.segments, b.segments))[0]?.operation.id;
}

/** Throws unless the call resolves to the operation its matrix row declares. */
export function assertOperation(declared: string, call: { method: string; path: string }): void {
  const actual = operationOf(call.method, call.path);
  if (actual !== declared) {
    throw new Error(`${call.method} ${call.path} is ${actual ?? 'no operation of the contract'}, but its row declares operation '${declared}'.`);
  }
}
