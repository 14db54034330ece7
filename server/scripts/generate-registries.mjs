// Writes the registries that follow from the folders, so that adding a migration or a feature touches no hand-kept
// list: src/db/migrations/all.generated.ts (every migration, in the order of their timestamped names) and
// src/routes.generated.ts (every feature folder's `routes`). `--check` writes nothing and fails when a file is not
// what the folders give (CI: npm run check:generated). Run by `npm run generate`.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const check = process.argv.includes('--check');
const HEADER = (what) =>
  `// Generated from ${what} by server/scripts/generate-registries.mjs (\`npm run generate\`): never edit it by hand.\n` +
  '// `npm run check:generated` (CI) fails when it is stale.\n';

/** A module-scope name for a file's stem (`20250101000000_accounts` → `m20250101000000Accounts`). */
const identifier = (prefix, stem) => prefix + stem.replace(/[^a-zA-Z0-9]+(.)?/g, (_, next = '') => next.toUpperCase());

function migrationsRegistry() {
  const folder = join(src, 'db/migrations');
  const names = readdirSync(folder)
    .filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const imports = names.map((name) => `import * as ${identifier('m', name)} from './${name}.js';`);
  const entries = names.map((name) => `  { name: '${name}', module: ${identifier('m', name)} },`);
  return [
    HEADER('the files of src/db/migrations'),
    "import type { Knex } from 'knex';",
    ...imports,
    '',
    '/** A migration and its name (its file name without the extension), in the order they run. */',
    'export interface Migration {',
    '  name: string;',
    '  module: { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };',
    '}',
    '',
    'export const MIGRATIONS: readonly Migration[] = [',
    ...entries,
    '];',
    '',
  ].join('\n');
}

function routesRegistry() {
  const folder = join(src, 'features');
  const features = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'routes.ts')))
    .map((entry) => entry.name)
    .sort();
  for (const feature of features) {
    const source = readFileSync(join(folder, feature, 'routes.ts'), 'utf8');
    if (!/^export function routes\(/m.test(source))
      throw new Error(`features/${feature}/routes.ts must export function routes(services) (ARCHITECTURE.md#server-features).`);
  }
  return [
    HEADER('the folders of src/features that have a routes.ts'),
    "import type { AppServices } from './context.js';",
    "import type { Routes } from './http/router.js';",
    ...features.map((feature) => `import { routes as ${identifier('', feature)} } from './features/${feature}/routes.js';`),
    '',
    "/** Every feature's routes, in the order of the folders' names (the router does not depend on the order). */",
    'export const FEATURE_ROUTES: readonly ((services: AppServices) => Routes | Routes[])[] = [',
    ...features.map((feature) => `  ${identifier('', feature)},`),
    '];',
    '',
  ].join('\n');
}

const config = await prettier.resolveConfig(src);
let stale = false;
for (const [file, text] of [
  ['db/migrations/all.generated.ts', migrationsRegistry()],
  ['routes.generated.ts', routesRegistry()],
]) {
  const path = join(src, file);
  const formatted = await prettier.format(text, { ...config, filepath: path });
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (current === formatted) continue;
  if (check) {
    console.error(`server/src/${file} is stale: run npm run generate and commit the result.`);
    stale = true;
  } else {
    writeFileSync(path, formatted);
    console.log(`wrote server/src/${file}`);
  }
}
if (stale) process.exit(1);
