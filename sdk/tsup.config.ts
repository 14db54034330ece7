import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts', rules: 'src/rules/index.ts', markdown: 'src/markdown.ts' };
const shared = { entry, sourcemap: true, target: 'es2022', platform: 'neutral' } as const;

export default defineConfig([
  { ...shared, format: 'esm', dts: true },
  {
    ...shared,
    format: 'cjs',
    dts: true,
    // openapi-fetch's CommonJS build exports its client as `exports.default`, which a CommonJS build of an ES module
    // package reads the way Node does (`default` is the whole `module.exports`): `createClient` would be an object.
    // Bundled into the CommonJS build, it is called as the function it is (.ci/packages.mjs runs it in a CommonJS project).
    noExternal: ['openapi-fetch'],
  },
]);
