/**
 * The contract fuzz: every operation of the contract (openapi/dist/openapi.json), called by fast-check with input
 * built from the operation's own schemas and then broken the ways clients and attackers break input — wrong types,
 * huge strings, NUL and other control characters, invalid UTF-8, bodies that are not the gzip they claim, unknown
 * fields, arrays for objects, ids of another organization or of nothing — by every kind of caller.
 *
 * Every answer must be below 500 and must match the contract (a documented status with a matching body). An
 * operation added to the contract later is fuzzed by this file without new code. `FUZZ_RUNS` (default 20 per
 * operation) and `FUZZ_SEED` (fixed by default, so CI is reproducible) tune it; a failure prints the request.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../src/config.js';
import { insertItem, insertMediaRow, insertTree } from './support/content.js';
import { assertContract } from './support/contract.js';
import { bundlePath } from './support/global-setup.js';
import { buildWorld, insertAccessRequest, insertGroup, type World } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertSuggestion } from './support/suggestions.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
}

const document = JSON.parse(readFileSync(bundlePath, 'utf8')) as Document;

function resolveSchema(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (current.$ref) current = document.components.schemas[current.$ref.split('/').pop() as string] ?? {};
  if (current.allOf) {
    const parts = current.allOf.map(resolveSchema);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
      required: parts.flatMap((part) => part.required ?? []),
    };
  }
  return current;
}

function resolveParameter(parameter: Parameter): Parameter {
  return parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop() as string] : parameter;
}

/**
 * Strings that have broken servers: control and invisible characters, encodings, injections, overlong text (up to
 * `longest`: a URL keeps under Node's 16 KB header limit, which answers 431 before the app).
 */
const hostile = (longest: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u0007\u001b[2J',
      '\u200b\u200d',
      '\u202etxt.exe',
      '\ud800',
      '\uffff',
      '../../etc/passwd',
      '%00',
      '%',
      '%zz',
    ),
    fc.constantFrom('null', 'true', '-1', '0', '1e309', 'NaN', '9'.repeat(40), "'; drop table users; --", '<script>alert(1)</script>', '{{7*7}}'),
    fc.integer({ min: 300, max: longest }).map((length) => 'x'.repeat(length)),
  );
const hostileString = hostile(18_000);
const hostileInUrl = hostile(1_500);
/** encodeURIComponent throws on lone surrogates; a client would have sent them as U+FFFD. */
const wellFormed = (value: string) => value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const inUrl = (value: string) => encodeURIComponent(wellFormed(value));
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Values the schema allows (or nearly: ids come from the world, so they may name real rows). */
function plausible(schema: Schema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => plausible(variant, ids, depth)));
  const type = Array.isArray(resolved.type) ? resolved.type.find((candidate) => candidate !== 'null') : resolved.type;
  switch (type) {
    case 'string':
      if (resolved.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (resolved.format === 'email') return fc.emailAddress();
      if (resolved.format === 'date-time' || resolved.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      return fc.string({ minLength: 1, maxLength: Math.min(resolved.maxLength ?? 40, 40) });
    case 'integer':
    case 'number':
      return fc.integer({ min: resolved.minimum ?? -3, max: Math.min(resolved.maximum ?? 500, 500) });
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0));
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(fuzzed(resolved.items ?? {}, ids, depth + 1), { maxLength: 4 });
    case 'object':
    default:
      if (depth > 3 || !resolved.properties) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 });
      return objectOf(resolved, ids, depth);
  }
}

function objectOf(schema: Schema, ids: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, fuzzed(property, ids, depth + 1)]));
  const known = fc.record(fields, { requiredKeys: (schema.required ?? []).filter((name) => name in fields) });
  return fc
    .tuple(known, fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostileString), { nil: undefined }))
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
}

/** Mostly plausible values, sometimes a hostile string or a value of the wrong type. */
function fuzzed(schema: Schema, ids: string[], depth = 0, strings = hostileString): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: plausible(schema, ids, depth) }, { weight: 1, arbitrary: strings }, { weight: 1, arbitrary: wrongType });
}

interface Encoded {
  body?: BodyInit;
  headers: Record<string, string>;
  shown: string;
}

function jsonBody(value: unknown): Encoded {
  const text = JSON.stringify(value) ?? 'null';
  return { body: text, headers: { 'Content-Type': 'application/json' }, shown: text.slice(0, 300) };
}

/** Bodies no serializer makes: truncated JSON, invalid UTF-8, gzip that is not, a body under another type. */
const brokenBody: fc.Arbitrary<Encoded> = fc.constantFrom<Encoded>(
  { body: '{"name": "unterminated', headers: { 'Content-Type': 'application/json' }, shown: 'truncated JSON' },
  {
    body: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    headers: { 'Content-Type': 'application/json' },
    shown: 'invalid UTF-8',
  },
  { body: '{"name":"x"}', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, shown: 'not gzip' },
  { body: gzipSync('{"name":'), headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, shown: 'gzip of broken JSON' },
  { body: '{"name":"x"}', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, shown: 'unknown encoding' },
  { body: '<xml/>', headers: { 'Content-Type': 'application/xml' }, shown: 'xml' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nbroken',
    headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    shown: 'truncated multipart',
  },
);

function multipartBody(schema: Schema, ids: string[]): fc.Arbitrary<Encoded> {
  const resolved = resolveSchema(schema);
  const parts = Object.entries(resolved.properties ?? {}).map(([name, property]) => {
    const field = resolveSchema(property);
    const isFile = field.format === 'binary' || resolveSchema(field.items).format === 'binary';
    const value: fc.Arbitrary<unknown> = isFile ? fc.uint8Array({ maxLength: 2048 }) : fuzzed(field, ids);
    return fc.option(
      value.map((entry) => [name, entry] as const),
      { nil: undefined },
    );
  });
  return fc.tuple(...parts).map((entries) => {
    const form = new FormData();
    const shown: string[] = [];
    for (const entry of entries) {
      if (!entry) continue;
      const [name, value] = entry;
      if (value instanceof Uint8Array) form.append(name, new Blob([Buffer.from(value)]), `${name}.bin`);
      else form.append(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
      shown.push(name);
    }
    return { body: form, headers: {}, shown: `multipart ${shown.join(',')}` };
  });
}

function formBody(value: unknown): Encoded {
  const entries: [string, unknown][] = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  const text = new URLSearchParams(
    entries.map(([key, entry]): [string, string] => [key, typeof entry === 'string' ? entry : (JSON.stringify(entry) ?? '')]),
  ).toString();
  return { body: text, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, shown: text.slice(0, 300) };
}

function bodyFor(operation: Operation, ids: string[]): fc.Arbitrary<Encoded | undefined> {
  const content = operation.requestBody?.content;
  if (!content) return fc.option(brokenBody, { nil: undefined, freq: 4 });
  const encodings: fc.Arbitrary<Encoded>[] = [brokenBody];
  if (content['application/json'])
    encodings.push(fuzzed(content['application/json'].schema ?? {}, ids).map(jsonBody), fuzzed(content['application/json'].schema ?? {}, ids).map(jsonBody));
  if (content['multipart/form-data']) encodings.push(multipartBody(content['multipart/form-data'].schema ?? {}, ids));
  if (content['application/x-www-form-urlencoded']) encodings.push(fuzzed(content['application/x-www-form-urlencoded'].schema ?? {}, ids).map(formBody));
  return fc.oneof(...encodings);
}

/** A path value: a real row's id (of this or another organization) most often, else anything. */
function pathValue(name: string, world: Fixtures): fc.Arbitrary<string> {
  const known = world.pathIds[name] ?? [];
  const real = known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known).map(inUrl) }] : [];
  return fc.oneof(
    ...real,
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hostileInUrl.map(inUrl) },
    { weight: 1, arbitrary: fc.constant('%00') },
  );
}

function queryFor(parameters: Parameter[], ids: string[]): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (query.length === 0) return fc.constant('');
  const values = query.map((parameter) =>
    fc.option(
      fuzzed(parameter.schema ?? {}, ids, 0, hostileInUrl).map((value) => [parameter.name, value] as const),
      { nil: undefined },
    ),
  );
  return fc.tuple(...values).map((entries) => {
    const search = new URLSearchParams();
    for (const entry of entries) {
      if (!entry) continue;
      const [name, value] = entry;
      for (const item of Array.isArray(value) ? value : [value])
        search.append(name, wellFormed(typeof item === 'string' ? item : (JSON.stringify(item) ?? '')));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

interface Fixtures {
  world: World;
  tokens: Record<string, string | undefined>;
  pathIds: Record<string, string[]>;
  ids: string[];
}

async function fixtures(server: TestServer): Promise<Fixtures> {
  const world = await buildWorld(server);
  const { home, other, people } = world;
  const homeTree = await insertTree(server, home.id, [people.user.membershipId as string]);
  const otherTree = await insertTree(server, other.id);
  const item = await insertItem(server, home.id, homeTree.topicId);
  const media = [await insertMediaRow(server, home.id), await insertMediaRow(server, other.id)];
  const groups = [await insertGroup(server, home.id), await insertGroup(server, other.id)];
  const accessRequests = [await insertAccessRequest(server, home.id, people.outsider.user.id)];
  const suggestions = [await insertSuggestion(server, home.id, people.user.membershipId as string)];
  const pathIds: Record<string, string[]> = {
    tenantId: [home.id, home.slug, other.id],
    userId: Object.values(people).map((person) => person.user.id),
    tenantUserId: Object.values(people).flatMap((person) => (person.membershipId ? [person.membershipId] : [])),
    groupId: groups,
    accessRequestId: accessRequests,
    moduleId: [homeTree.moduleId, otherTree.moduleId],
    componentId: [homeTree.componentId, otherTree.componentId],
    topicId: [homeTree.topicId, otherTree.topicId],
    itemId: [item],
    mediaId: media,
    suggestionId: suggestions,
    variant: ['original', 'thumbnail'],
  };
  const tokens = {
    owner: people.owner.token,
    master: people.master.token,
    admin: people.admin.token,
    user: people.user.token,
    outsider: people.outsider.token,
    anonymous: undefined,
  };
  return { world, tokens, pathIds, ids: Object.values(pathIds).flat() };
}

interface FuzzCase {
  method: Method;
  template: string;
  operation: Operation;
}

/** Reads first, then writes, then deletes: a deleted organization would leave later operations nothing to reach. */
function operations(): FuzzCase[] {
  const order: Record<Method, number> = { get: 0, post: 1, put: 1, patch: 1, delete: 2 };
  const cases: FuzzCase[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    // SCIM (servers of its own, /scim/v2) is not under /api; scim.test.ts holds its hostile input.
    if ('servers' in item) continue;
    const shared = ((item as { parameters?: Parameter[] }).parameters ?? []).map(resolveParameter);
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? []).map(resolveParameter)];
      cases.push({ method, template, operation: { ...operation, parameters } });
    }
  }
  return cases.sort((a, b) => order[a.method] - order[b.method]);
}

const LIMITS_OUT_OF_THE_WAY: RateLimitConfig = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, points: 1_000_000 }]),
) as RateLimitConfig;

describe.each(databaseKinds)('contract fuzz on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: Fixtures;
  let sent = 0;

  beforeAll(async () => {
    context = await startTestServer(kind, { rateLimits: LIMITS_OUT_OF_THE_WAY, bodyLimit: 20_000 });
    server = context.server;
    world = await fixtures(server);
  });
  afterAll(async () => {
    console.log(`contract fuzz on ${kind}: ${sent} requests, every answer below 500 and in the contract`);
    await context.cleanup();
  });

  it.each(operations().map((fuzzCase) => [`${fuzzCase.method.toUpperCase()} ${fuzzCase.template}`, fuzzCase] as const))('%s', async (_name, fuzzCase) => {
    const { method, template, operation } = fuzzCase;
    const parameters = operation.parameters ?? [];
    const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const request = fc.record({
      caller: fc.constantFrom('owner', 'master', 'admin', 'user', 'outsider', 'anonymous'),
      path: fc
        .tuple(...pathNames.map((name) => pathValue(name, world)), fc.constant(''))
        .map((values) => pathNames.reduce((path, name, index) => path.replace(`{${name}}`, values[index]), template)),
      query: queryFor(parameters, world.ids),
      // fetch sends no body with GET.
      body: method === 'get' ? fc.constant(undefined) : bodyFor(operation, world.ids),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, path, query, body }) => {
        sent += 1;
        const token = world.tokens[caller];
        const headers: Record<string, string> = { Accept: 'application/json', ...(body?.headers ?? {}) };
        if (token) headers.Authorization = `Bearer ${token}`;
        // Redirects are answers to check (the single sign-on callback and ACS answer 303), not pages to follow.
        const response = await fetch(`${server.url}/api${path}${query}`, { method: method.toUpperCase(), headers, body: body?.body, redirect: 'manual' });
        const text = await response.text();
        const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || undefined;
        const shown = `${method.toUpperCase()} ${`${path}${query}`.slice(0, 400)} as ${caller}${body ? ` with ${body.shown}` : ''} answered ${response.status} ${text.slice(0, 300)}`;
        expect(response.status, shown).toBeLessThan(500);
        try {
          assertContract(method.toUpperCase(), path, response.status, parsed, response.headers.get('content-type'));
        } catch (error) {
          throw new Error(`${shown}\n${(error as Error).message}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
