/**
 * The server's routes and the contract's operations are one set of (method, path) pairs: a call added on one
 * side only fails here, naming what is missing on either side (ARCHITECTURE.md#adding-a-resource).
 *
 * The router's paths (`/tenants/:tenantId/topics`, under the `/api` prefix) are compared in the contract's
 * spelling (`/tenants/{tenantId}/topics`, under its `/api` server URL), parameter names included. A HEAD
 * operation in the contract is served by the GET route of the same path (the router answers HEAD with it);
 * the server's other implicit HEADs need no documentation. Calls answered outside the router are listed in
 * `SERVED_OUTSIDE_THE_ROUTER` with the reason, and this test keeps that list honest too.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, createApp, type TesseraApp } from '../src/app.js';
import { SCIM_PREFIX, scimRoutes } from '../src/features/scim/mount.js';
import { bundlePath } from './support/global-setup.js';
import { createTestDatabase, testConfig, type TestDatabase } from './support/server.js';

/** A call as `METHOD /path/{param}`, relative to /api. */
type Operation = string;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Documented calls that no feature declares, because something before the /api router answers them. */
const SERVED_OUTSIDE_THE_ROUTER: Record<Operation, string> = {
  'POST /token':
    "the OIDC provider's token endpoint (login, refresh, logout): app.ts mounts it before the /api router, " +
    'which would otherwise parse its form body as JSON',
  'POST /token/revocation': "the OIDC provider's revocation endpoint (RFC 7009), mounted before the /api router by app.ts",
  'GET /.well-known/openid-configuration': "the OIDC provider's discovery document (oidc/discovery.ts), mounted before the /api router by app.ts",
  'GET /authorize': "the OIDC provider's authorization endpoint (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /authorize/{uid}': "the OIDC provider's resume step (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /userinfo': "the OIDC provider's userinfo endpoint (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'POST /userinfo': "the OIDC provider's userinfo endpoint (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /jwks': "the OIDC provider's JWKS (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /session/end': "the OIDC provider's RP-initiated logout (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'POST /session/end/confirm': "the OIDC provider's RP-initiated logout (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /session/end/success': "the OIDC provider's RP-initiated logout (oidc/provider-pages.ts), mounted before the /api router by app.ts",
  'GET /interactions/{uid}': "the OIDC provider's interaction calls (oidc/interactions.ts): in the /api router, but added by app.ts, which holds the provider",
  'POST /interactions/{uid}/login': "the OIDC provider's interaction calls (oidc/interactions.ts), added to the /api router by app.ts",
  'POST /interactions/{uid}/continue': "the OIDC provider's interaction calls (oidc/interactions.ts), added to the /api router by app.ts",
  'POST /interactions/{uid}/consent': "the OIDC provider's interaction calls (oidc/interactions.ts), added to the /api router by app.ts",
  'POST /interactions/{uid}/abort': "the OIDC provider's interaction calls (oidc/interactions.ts), added to the /api router by app.ts",
};

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

interface DeclaredRoute {
  method: string;
  path: string;
}

/**
 * The operations under /api, or (`ownServers`) those of paths with servers of their own: SCIM's, documented with
 * their full path (`/scim/v2/{tenantId}/Users`) and answered by its own router (features/scim/mount.ts).
 */
function contractOperations(document: OpenApiDocument, ownServers = false): Operation[] {
  return Object.entries(document.paths)
    .filter(([, item]) => 'servers' in item === ownServers)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => HTTP_METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
}

/** `/tenants/:tenantId` in the contract's spelling, `/tenants/{tenantId}`. */
function contractSpelling(routerPath: string): string {
  return routerPath.replace(/:(\w+)/g, '{$1}');
}

interface RouteContractDifference {
  /** Declared by a feature's `Routes`, absent from openapi/paths. */
  notInContract: Operation[];
  /** In the contract, answered by no route (nor by a documented exception). */
  notServed: Operation[];
  /** Exceptions that have gone stale: a route now declares them, or the contract no longer has them. */
  staleExceptions: Operation[];
}

function routeContractDifference(declared: DeclaredRoute[], documented: Operation[], servedOutside: Operation[]): RouteContractDifference {
  const routes = declared.map(({ method, path }) => `${method} ${contractSpelling(path)}`);
  const implicitHeads = routes.filter((route) => route.startsWith('GET ')).map((route) => route.replace(/^GET /, 'HEAD '));
  const served = new Set([...routes, ...implicitHeads, ...servedOutside]);
  const contract = new Set(documented);
  return {
    notInContract: routes.filter((route) => !contract.has(route)).sort(),
    notServed: documented.filter((operation) => !served.has(operation)).sort(),
    staleExceptions: servedOutside.filter((operation) => routes.includes(operation) || !contract.has(operation)).sort(),
  };
}

function describeDifference(difference: RouteContractDifference): string {
  const section = (title: string, operations: Operation[]) => (operations.length === 0 ? [] : [title, ...operations.map((operation) => `  ${operation}`)]);
  return [
    "The server's routes and the contract's operations differ.",
    ...section('Declared by a feature (server/src/features/*/routes.ts), missing from the contract (openapi/paths):', difference.notInContract),
    ...section('In the contract, served by no route (declare it in its feature, or remove it from openapi/paths):', difference.notServed),
    ...section('Stale entries of SERVED_OUTSIDE_THE_ROUTER (now routed, or no longer in the contract):', difference.staleExceptions),
  ].join('\n');
}

const NO_DIFFERENCE: RouteContractDifference = { notInContract: [], notServed: [], staleExceptions: [] };

describe('routes and contract', () => {
  const document = JSON.parse(readFileSync(bundlePath, 'utf8')) as OpenApiDocument;
  let dataDir: string;
  let database: TestDatabase;
  let app: TesseraApp;

  // The routes are the same on every database: SQLite is enough to build the services they are declared with.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-routes-contract-'));
    database = await createTestDatabase('sqlite', dataDir);
    app = await createApp(testConfig(dataDir, database.config));
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mounts both under /api', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['/api']);
  });

  it("declares exactly the contract's operations", () => {
    const declared = apiRoutes(app.services).flatMap((feature) => feature.declared);
    const difference = routeContractDifference(declared, contractOperations(document), Object.keys(SERVED_OUTSIDE_THE_ROUTER));
    expect(difference, describeDifference(difference)).toEqual(NO_DIFFERENCE);
  });

  it("declares exactly the contract's SCIM operations (served beside /api, at /scim/v2)", () => {
    const declared = scimRoutes(app.services).declared.map((route) => ({ method: route.method, path: `${SCIM_PREFIX}${route.path}` }));
    const difference = routeContractDifference(declared, contractOperations(document, true), []);
    expect(difference, describeDifference(difference)).toEqual(NO_DIFFERENCE);
  });

  it('names what is missing on either side', () => {
    const declared = [
      { method: 'GET', path: '/tenants/:tenantId/topics' },
      { method: 'POST', path: '/tenants/:tenantId/quizzes' },
      { method: 'GET', path: '/files/:fileId' },
      { method: 'POST', path: '/token' },
    ];
    const documented = [
      'GET /tenants/{tenantId}/topics',
      'DELETE /tenants/{tenantId}/topics/{topicId}',
      'GET /files/{fileId}',
      'HEAD /files/{fileId}',
      'POST /logout',
    ];
    const difference = routeContractDifference(declared, documented, ['POST /token', 'POST /logout']);
    expect(difference).toEqual({
      notInContract: ['POST /tenants/{tenantId}/quizzes', 'POST /token'],
      notServed: ['DELETE /tenants/{tenantId}/topics/{topicId}'],
      staleExceptions: ['POST /token'],
    });
    expect(describeDifference(difference)).toContain('missing from the contract (openapi/paths):\n  POST /tenants/{tenantId}/quizzes\n  POST /token');
  });
});
