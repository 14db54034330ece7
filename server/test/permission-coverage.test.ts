/**
 * Every operation of the contract that needs a caller is a row of one of the permission matrices
 * (ARCHITECTURE.md#tests-and-checks), or an exception of NOT_IN_A_MATRIX with its reason: an operation added to
 * the contract without a row fails here, naming it. Each row names its operation (`operation: 'listModules'`) and
 * the matrix checks, where the call is made, that the call resolves to it (support/operations.ts).
 *
 * The rows' operations are read from the matrices' sources, parsed with TypeScript, not by importing them: a test
 * file imported by another registers its suites there (and would start their servers), and a list kept beside each
 * table would be one more registry to forget. Every row of a table (an object with `prepare`) must name its
 * operation as a string literal, so a row cannot slip past the count. No server runs.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CONTRACT_OPERATIONS, assertOperation, operationOf, type ContractOperation } from './support/operations.js';

/** The permission matrices, each with its table `OPERATIONS`. */
const MATRICES = ['permissions.test.ts', 'content-permissions.test.ts', 'bioreq-permissions.test.ts', 'kc-permissions.test.ts'];

/** Operations that need a caller but are no row of a matrix, each with the reason. */
const NOT_IN_A_MATRIX: Record<string, string> = {
  postToken: 'the OAuth token endpoint: its 401 is a client or login failure, not a missing caller (session.test.ts, oauth-interop.test.ts)',
  revokeToken: "the OAuth revocation endpoint (RFC 7009): its 401 is the client's authentication (oauth-interop.test.ts)",
  getUserInfo: "the OpenID provider's userinfo: its 401 is the access token of a client's login, not a caller (oidc-code-flow.test.ts)",
  postUserInfo: "the OpenID provider's userinfo: its 401 is the access token of a client's login, not a caller (oidc-code-flow.test.ts)",
  interactionLogin: "an authorization request's login: its 401 is a login failure, as the token endpoint's (oidc-code-flow.test.ts)",
  interactionContinue:
    "an authorization request continued by the portal's login: its 401 and 403 (no portal login, a partner app's token, an embed session's) are in oidc-code-flow.test.ts",
  listItems: 'items.test.ts holds the items permission matrix',
  saveItems: 'items.test.ts holds the items permission matrix',
  deleteItem: 'items.test.ts holds the items permission matrix',
  markItemComplete: 'items.test.ts holds the items permission matrix',
  markItemIncomplete: 'items.test.ts holds the items permission matrix',
  testSsoConnection: 'starting a test sign-in needs a live OpenID provider: sso-oidc.test.ts holds its permission rows',
};

/**
 * An operation needs a caller when it documents a 401 or requires a security scheme (its own `security`, else the
 * document's bearer). The public calls (version, config, sign-up, signed file URLs…) declare `security: []` and
 * document no 401.
 */
function needsCaller(operation: ContractOperation): boolean {
  const requiresScheme = operation.security.length > 0 && operation.security.every((requirement) => Object.keys(requirement).length > 0);
  return requiresScheme || operation.statuses.includes('401');
}

interface MatrixRows {
  operations: string[];
  /** Rows whose operation cannot be read: missing, or not a string literal. */
  unreadable: string[];
}

/** The `operation` of every row of the table `OPERATIONS` in a matrix's source. */
function matrixRows(fileName: string, source: string): MatrixRows {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const rows: MatrixRows = { operations: [], unreadable: [] };
  let table: ts.Expression | undefined;
  file.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'OPERATIONS') table = node.initializer;
    else node.forEachChild(find);
  });
  if (!table) return { operations: [], unreadable: [`${fileName}: no table OPERATIONS`] };
  const memberName = (member: ts.ObjectLiteralElementLike) => (member.name && ts.isIdentifier(member.name) ? member.name.text : undefined);
  table.forEachChild(function visit(node) {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((member) => memberName(member) === 'prepare')) {
      const declared = node.properties.find((member) => memberName(member) === 'operation');
      const value = declared && ts.isPropertyAssignment(declared) ? declared.initializer : undefined;
      if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))) rows.operations.push(value.text);
      else rows.unreadable.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    node.forEachChild(visit);
  });
  return rows;
}

const rowsByMatrix = MATRICES.map((name) => ({ name, ...matrixRows(name, readFileSync(new URL(name, import.meta.url), 'utf8')) }));

interface Coverage {
  /** Need a caller, in no matrix and no exception. */
  missing: string[];
  /** Named by a row but not an operation of the contract. */
  unknown: string[];
  /** Exceptions now in a matrix, or no longer operations that need a caller. */
  staleExceptions: string[];
}

function coverage(contract: readonly ContractOperation[], inMatrices: string[], exceptions: string[]): Coverage {
  const covered = new Set(inMatrices);
  const needing = contract.filter(needsCaller);
  const needingIds = new Set(needing.map((operation) => operation.id));
  const ids = new Set(contract.map((operation) => operation.id));
  return {
    missing: needing
      .filter((operation) => !covered.has(operation.id) && !exceptions.includes(operation.id))
      .map((operation) => `${operation.id} (${operation.method} ${operation.template})`)
      .sort(),
    unknown: [...covered].filter((id) => !ids.has(id)).sort(),
    staleExceptions: exceptions.filter((id) => covered.has(id) || !needingIds.has(id)).sort(),
  };
}

function describeCoverage(result: Coverage): string {
  const section = (title: string, entries: string[]) => (entries.length === 0 ? [] : [title, ...entries.map((entry) => `  ${entry}`)]);
  return [
    'The permission matrices do not cover the contract.',
    ...section(
      'Operations that need a caller in no matrix: add a row to one of the permission matrices (ARCHITECTURE.md#tests-and-checks) ' +
        "with `operation: '<operationId>'`, or list it in NOT_IN_A_MATRIX of permission-coverage.test.ts with the reason:",
      result.missing,
    ),
    ...section('Rows naming no operation of the contract (openapi/paths):', result.unknown),
    ...section('Stale entries of NOT_IN_A_MATRIX (now a row of a matrix, or no longer an operation that needs a caller):', result.staleExceptions),
  ].join('\n');
}

const NOTHING_MISSING: Coverage = { missing: [], unknown: [], staleExceptions: [] };

describe('permission coverage', () => {
  it('reads the operation of every row of the four matrices', () => {
    for (const matrix of rowsByMatrix) expect(matrix.operations.length, matrix.name).toBeGreaterThan(0);
    const unreadable = rowsByMatrix.flatMap((matrix) => matrix.unreadable);
    expect(unreadable, `Rows without a literal \`operation: '<operationId>'\`:\n  ${unreadable.join('\n  ')}`).toEqual([]);
  });

  it('finds every operation that needs a caller in a matrix, or excepted with its reason', () => {
    const result = coverage(
      CONTRACT_OPERATIONS,
      rowsByMatrix.flatMap((matrix) => matrix.operations),
      Object.keys(NOT_IN_A_MATRIX),
    );
    expect(result, describeCoverage(result)).toEqual(NOTHING_MISSING);
  });

  it('names what is missing, unknown or stale', () => {
    const contract: ContractOperation[] = [
      {
        id: 'listTopics',
        method: 'GET',
        template: '/tenants/{tenantId}/topics',
        security: [{ bearer: [] }],
        statuses: ['200', '401'],
        takesJson: false,
        queryParameters: [],
      },
      {
        id: 'deleteTopic',
        method: 'DELETE',
        template: '/tenants/{tenantId}/topics/{topicId}',
        security: [{ bearer: [] }],
        statuses: ['204'],
        takesJson: false,
        queryParameters: [],
      },
      { id: 'postToken', method: 'POST', template: '/token', security: [], statuses: ['200', '401'], takesJson: false, queryParameters: [] },
      { id: 'getVersion', method: 'GET', template: '/version', security: [], statuses: ['200'], takesJson: false, queryParameters: [] },
    ];
    const result = coverage(contract, ['listTopics', 'listQuizzes'], ['postToken', 'getVersion', 'listTopics']);
    expect(result).toEqual({
      missing: ['deleteTopic (DELETE /tenants/{tenantId}/topics/{topicId})'],
      unknown: ['listQuizzes'],
      staleExceptions: ['getVersion', 'listTopics'],
    });
    expect(describeCoverage(result)).toContain('add a row to one of the permission matrices (ARCHITECTURE.md#tests-and-checks)');
    expect(describeCoverage(result)).toContain('\n  deleteTopic (DELETE /tenants/{tenantId}/topics/{topicId})');
  });

  it('reads a row without a literal operation as unreadable', () => {
    const rows = matrixRows(
      'example.test.ts',
      [
        'const OPERATIONS = [',
        "  { name: 'a', operation: 'listModules', prepare: async () => call },",
        "  ...['x', 'y'].map((kind) => ({ name: kind, operation: 'getModule', prepare: async () => call })),",
        "  { name: 'b', operation: `list${kind}`, prepare: async () => call },",
        "  { name: 'c', prepare: async () => call },",
        '];',
        "const OTHER = [{ operation: 'ignored', prepare: async () => call }];",
      ].join('\n'),
    );
    expect(rows).toEqual({ operations: ['listModules', 'getModule'], unreadable: ['example.test.ts:4', 'example.test.ts:5'] });
  });
});

describe('operationOf', () => {
  it('resolves a call to its operation, a literal segment before a parameter', () => {
    expect(operationOf('GET', '/users/me')).toBe('getMe');
    expect(operationOf('PATCH', '/users/me')).toBe('updateMe');
    expect(operationOf('PATCH', '/users/0191a0b2')).toBe('updateUser');
    expect(operationOf('POST', '/tenants/acme/modules/hidden/m1')).toBe('hideModule');
    expect(operationOf('POST', '/tenants/acme/modules/m1')).toBe('updateModule');
    expect(operationOf('GET', '/tenants/acme/bioreq/settings')).toBe('getBioreqSettings');
    expect(operationOf('GET', '/tenants/acme/bioreq/b1')).toBe('getBioreqDocument');
    expect(operationOf('PUT', '/tenants/acme/knowledgechecks/k1/questions/order')).toBe('reorderKnowledgeCheckQuestions');
    expect(operationOf('PUT', '/tenants/acme/knowledgechecks/k1/questions/q1')).toBe('updateKnowledgeCheckQuestion');
  });

  it('ignores the query string and a trailing slash, and resolves nothing the contract does not document', () => {
    expect(operationOf('GET', '/tenants/acme/modules?paginate=false&search=a/b')).toBe('listModules');
    expect(operationOf('GET', '/tenants/acme/modules/')).toBe('listModules');
    expect(operationOf('GET', '/tenants/acme/modules/hidden/m1')).toBeUndefined();
    expect(operationOf('PUT', '/tenants/acme/modules')).toBeUndefined();
    expect(operationOf('GET', '/nowhere')).toBeUndefined();
  });

  it('fails a row that declares another operation than its call', () => {
    expect(() => assertOperation('listModules', { method: 'GET', path: '/tenants/acme/modules?page=2' })).not.toThrow();
    expect(() => assertOperation('getModule', { method: 'GET', path: '/tenants/acme/modules' })).toThrow(
      "GET /tenants/acme/modules is listModules, but its row declares operation 'getModule'.",
    );
    expect(() => assertOperation('getModule', { method: 'GET', path: '/tenants/acme/nothing' })).toThrow('is no operation of the contract');
  });
});
