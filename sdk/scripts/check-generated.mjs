// Fails when src/generated/schema.ts is not what openapi-typescript makes of the contract today.
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fresh = join(mkdtempSync(join(tmpdir(), 'tessera-schema-')), 'schema.ts');
execFileSync('npx', ['openapi-typescript', '../openapi/openapi.yaml', '-o', fresh], { stdio: 'ignore' });
const committed = readFileSync('src/generated/schema.ts', 'utf8');
if (readFileSync(fresh, 'utf8') !== committed) {
  console.error('sdk/src/generated/schema.ts is stale: run `npm run generate` and commit the result.');
  process.exit(1);
}
console.log('Generated SDK types are current.');
