// Writes openapi/openapi.yaml, the contract's entry file, from what the folders hold: index.yaml (info, the
// conventions, tags, security) with every path file of paths/ under its `x-path`, and every schema, parameter and
// response of components/ under its file's name. Adding a path or a component is a new file, nothing more.
// `--check` writes nothing and fails when openapi.yaml is not what the folders give (CI: npm run check:generated).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const check = process.argv.includes('--check');
const yamlFiles = (folder) =>
  readdirSync(`${root}${folder}`)
    .filter((file) => file.endsWith('.yaml'))
    .sort();

/** Each path file's URL, from its first line (`x-path: '/tenants/{tenantId}/modules'`). */
function pathEntries() {
  const seen = new Map();
  for (const file of yamlFiles('paths')) {
    const match = /^x-path: '([^']+)'\n/.exec(readFileSync(`${root}paths/${file}`, 'utf8'));
    if (!match) throw new Error(`openapi/paths/${file} must start with its URL: x-path: '/the/path'`);
    if (seen.has(match[1])) throw new Error(`${match[1]} is the x-path of both paths/${seen.get(match[1])} and paths/${file}`);
    seen.set(match[1], file);
  }
  // By code point, whatever the locale: the file reads the same on every machine.
  return [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([url, file]) => `  ${url}:\n    $ref: paths/${file}\n`);
}

/** A kind's components, and those of its folders (schemas/webhooks/: the events' bodies), each under its file's name. */
function componentEntries(kind) {
  const folders = readdirSync(`${root}components/${kind}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${kind}/${entry.name}`);
  return [kind, ...folders]
    .flatMap((folder) => yamlFiles(`components/${folder}`).map((file) => [file.slice(0, -'.yaml'.length), `components/${folder}/${file}`]))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, path]) => `    ${name}:\n      $ref: ${path}\n`);
}

const index = readFileSync(`${root}index.yaml`, 'utf8');
const marker = '\ncomponents:\n';
if (!index.includes(marker)) throw new Error('openapi/index.yaml must end with its components (securitySchemes)');
const [head, components] = [index.slice(0, index.indexOf(marker) + 1), index.slice(index.indexOf(marker) + 1)];
const text = [
  '# Generated from index.yaml, paths/ and components/ by openapi/scripts/assemble.mjs (`npm run generate`): never edit\n',
  '# it by hand. `npm run check:generated` (CI) fails when it is stale.\n',
  head,
  'paths:\n',
  ...pathEntries(),
  components.trimEnd() + '\n',
  ...['schemas', 'parameters', 'responses'].flatMap((kind) => [`  ${kind}:\n`, ...componentEntries(kind)]),
].join('');

const target = `${root}openapi.yaml`;
if (check) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
    console.error('openapi/openapi.yaml is stale: run npm run generate and commit the result.');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log('wrote openapi/openapi.yaml');
}
