/**
 * Every list of the contract (an operation taking `per_page`) is proved free of N+1 queries by a test that calls
 * `expectFlatListQueries` (support/query-counts.ts) naming its operation as a string literal, in whichever test file
 * holds it (the resource's own): a list added without one fails here, naming it. The calls are read from the test
 * sources, parsed with TypeScript, not by running them. No server runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CONTRACT_OPERATIONS } from './support/operations.js';

const CHECK = 'expectFlatListQueries';

/** The operations named by the checks in one test file; `unreadable` when one's operation is not a string literal. */
function checkedOperations(fileName: string, source: string): { operations: string[]; unreadable: string[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = { operations: [] as string[], unreadable: [] as string[] };
  file.forEachChild(function visit(node) {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === CHECK) {
      const options = node.arguments[1];
      const declared =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((member) => member.name && ts.isIdentifier(member.name) && member.name.text === 'operation')
          : undefined;
      const value = declared && ts.isPropertyAssignment(declared) ? declared.initializer : undefined;
      if (value && ts.isStringLiteral(value)) found.operations.push(value.text);
      else found.unreadable.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    node.forEachChild(visit);
  });
  return found;
}

const testFiles = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.test.ts'));
const checks = testFiles.map((name) => checkedOperations(name, readFileSync(new URL(name, import.meta.url), 'utf8')));
const checked = new Set(checks.flatMap((check) => check.operations));
const lists = CONTRACT_OPERATIONS.filter((operation) => operation.queryParameters.includes('per_page'));

describe('list query coverage', () => {
  it('reads the operation of every check', () => {
    expect(checks.flatMap((check) => check.unreadable)).toEqual([]);
    expect(checked.size).toBeGreaterThan(0);
  });

  it('proves every list of the contract free of N+1 queries', () => {
    const missing = lists.filter((operation) => !checked.has(operation.id)).map((operation) => `${operation.id} (GET ${operation.template})`);
    expect(
      missing,
      `Lists without a query-count check: call ${CHECK}(server, { operation: '<operationId>', … }) in the resource's test (support/query-counts.ts)`,
    ).toEqual([]);
  });

  it('names only lists of the contract', () => {
    const listIds = new Set(lists.map((operation) => operation.id));
    expect([...checked].filter((id) => !listIds.has(id))).toEqual([]);
  });
});
