import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', rules: 'src/rules/index.ts', markdown: 'src/markdown.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
});
