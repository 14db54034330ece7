import { defineConfig } from 'tsup';

// One ESM bundle per entry. The SDK (validation rules) is bundled in from its sources; every npm
// dependency stays external and is loaded from node_modules at run time. Migrations are imported
// statically by src/db/migrate.ts, so they are part of the bundle.
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
  noExternal: [/^@tessera\/sdk/],
  esbuildOptions(options) {
    options.conditions = ['tessera-source', 'import', 'node'];
  },
});
