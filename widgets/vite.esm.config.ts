import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };

// Everything the package depends on stays an import: React hosts (and the portal) bring one copy of
// React, react-aria and Stitches, and the SDK is shared with the host's own use of it.
const externalPackages = [...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.peerDependencies)];
const isExternal = (id: string) => externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/esm',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: 'es2022',
    lib: {
      entry: {
        index: 'src/index.ts',
        elements: 'src/elements.ts',
        'bioreq-elements': 'src/bioreq-elements.ts',
        ui: 'src/ui/index.ts',
        theme: 'src/theme.ts',
        testing: 'src/testing/index.ts',
      },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: { external: isExternal },
  },
});
