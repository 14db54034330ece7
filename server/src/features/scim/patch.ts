/**
 * PATCH (RFC 7644 section 3.5.2) with scim-patch: the operations are applied to the resource's current SCIM
 * representation, and the caller writes the difference. Providers' dialects are normalised first: Microsoft
 * Entra ID writes `"op": "Replace"` and booleans as strings (`"value": "False"`), and both Entra and Okta replace
 * `active` without a path (`{"op": "replace", "value": {"active": false}}`).
 */
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { ScimError, invalidValue, type ScimType } from './errors.js';
import { isObject, type ScimResource } from './resources.js';

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string;
  value?: unknown;
}

/** Attributes whose string values "True"/"False" are booleans (Entra ID). */
const BOOLEAN_ATTRIBUTES = new Set(['active', 'primary']);

function normalisedValue(path: string | undefined, value: unknown): unknown {
  const attribute = path?.split('.').pop()?.toLowerCase();
  if (attribute && BOOLEAN_ATTRIBUTES.has(attribute) && typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (path === undefined && isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalisedValue(key, inner)]));
  }
  return value;
}

/** The body's operations, lower-cased and with string booleans read; 400 `invalidSyntax` for a body that is no PatchOp. */
export function patchOperations(body: unknown): PatchOperation[] {
  const operations = isObject(body) ? (body.Operations ?? body.operations) : undefined;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, 'A PATCH body carries a non-empty Operations array.', 'invalidSyntax');
  return operations.map((operation: unknown) => {
    if (!isObject(operation) || typeof operation.op !== 'string') throw new ScimError(400, 'Each operation has an op.', 'invalidSyntax');
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `Unknown op "${operation.op}".`, 'invalidSyntax');
    if (operation.path !== undefined && typeof operation.path !== 'string') throw new ScimError(400, 'A path is a string.', 'invalidPath');
    const path = operation.path?.trim() || undefined;
    if (op === 'remove' && !path) throw noTargetError('A remove operation needs a path.');
    return { op, path, value: normalisedValue(path, operation.value) };
  });
}

function noTargetError(detail: string): ScimError {
  return new ScimError(400, detail, 'noTarget');
}

const KNOWN_SCIM_TYPES = new Set<ScimType>(['invalidFilter', 'invalidPath', 'invalidValue', 'invalidSyntax', 'mutability', 'noTarget', 'uniqueness']);

/** The resource with the operations applied (a copy); the library's refusals answer with their own scimType. */
export function applyPatch<T extends ScimResource>(resource: T, operations: PatchOperation[]): T {
  const document = {
    ...structuredClone(resource),
    meta: { ...resource.meta, created: new Date(resource.meta.created), lastModified: new Date(resource.meta.lastModified) },
  };
  try {
    const patched = scimPatch(document, operations as ScimPatchOperation[], { mutateDocument: false, treatMissingAsAdd: true });
    return { ...patched, meta: resource.meta } as T;
  } catch (error) {
    const code = (error as { scimCode?: string }).scimCode as ScimType | undefined;
    const detail = error instanceof Error ? error.message : 'The patch could not be applied.';
    if (code && KNOWN_SCIM_TYPES.has(code)) throw new ScimError(400, detail, code);
    if (error instanceof Error && error.name !== 'Error') throw invalidValue(detail);
    throw error;
  }
}
