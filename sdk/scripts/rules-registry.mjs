// Writes sdk/src/rules/generated/registry.ts, the registry of the API's forms, from what the rules folder holds: every
// `export const <name>Forms = ` of sdk/src/rules/*.ts is spread into `forms`, every `export const <name>QueryForms = `
// into `queryForms`, and every module that declares one is exported from the rules' entry (index.ts exports this file). A resource's rules are a
// file of their own (sdk/src/rules/<resource>.ts): no list to add it to. A name two modules both give fails to compile.
// `--check` writes nothing and fails when the registry is not what the folder gives (CI: npm run check:generated).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const rules = fileURLToPath(new URL('../src/rules/', import.meta.url));
const target = `${rules}generated/registry.ts`;
const check = process.argv.includes('--check');

const modules = readdirSync(rules)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
  .sort()
  .map((file) => {
    const source = readFileSync(`${rules}${file}`, 'utf8');
    const declared = (pattern) => [...source.matchAll(pattern)].map((match) => match[1]);
    return {
      path: `../${file.replace(/\.ts$/, '.js')}`,
      forms: declared(/^export const (\w+(?<!Query)Forms) = /gm),
      queryForms: declared(/^export const (\w+QueryForms) = /gm),
    };
  })
  .filter((module) => module.forms.length + module.queryForms.length > 0);

const all = (kind) => modules.flatMap((module) => module[kind]);

const written = [
  '// Generated from the forms and query forms of sdk/src/rules/*.ts by sdk/scripts/rules-registry.mjs (`npm run\n',
  '// generate`): never edit it by hand. `npm run check:generated` (CI) fails when it is stale.\n',
  ...modules.map((module) => `import { ${[...module.forms, ...module.queryForms].join(', ')} } from '${module.path}';\n`),
  '\n',
  ...modules.map((module) => `export * from '${module.path}';\n`),
  '\n',
  '/** The names two of the sources both give: a later spread would silently replace the earlier form. */\n',
  'type GivenTwice<Sources extends readonly object[], Seen extends PropertyKey = never> = Sources extends readonly [\n',
  '  infer First extends object,\n',
  '  ...infer Rest extends readonly object[],\n',
  ']\n',
  '  ? Extract<keyof First, Seen> | GivenTwice<Rest, Seen | keyof First>\n',
  '  : never;\n',
  'type Merged<Sources extends readonly object[]> = Sources extends readonly [infer First, ...infer Rest extends readonly object[]] ? First & Merged<Rest> : unknown;\n',
  '\n',
  "/** One object of the sources' entries; a name given twice fails to compile here, naming it. */\n",
  'function gather<const Sources extends readonly object[]>(\n',
  '  ...sources: Sources & ([GivenTwice<Sources>] extends [never] ? unknown : { givenTwice: GivenTwice<Sources> })\n',
  '): Merged<Sources> {\n',
  '  return Object.assign({}, ...sources) as Merged<Sources>;\n',
  '}\n',
  '\n',
  '/** The form of each request body and screen, by name: the server validates with it, clients check fields with it. */\n',
  `export const forms = /* @__PURE__ */ gather(${all('forms').join(', ')});\n`,
  '\n',
  "/** Each read's query string, named after its operation (contract-check.ts holds each to its parameters). */\n",
  `export const queryForms = /* @__PURE__ */ gather(${all('queryForms').join(', ')});\n`,
  '\n',
  'export type FormName = keyof typeof forms;\n',
].join('');
// The repository's formatting, so that the file reads as any other and lint's format check passes.
const text = await prettier.format(written, { ...(await prettier.resolveConfig(target)), filepath: target });

if (check) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
    console.error('sdk/src/rules/generated/registry.ts is stale: run npm run generate and commit the result.');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log('wrote sdk/src/rules/generated/registry.ts');
}
