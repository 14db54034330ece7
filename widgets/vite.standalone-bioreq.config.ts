import { defineConfig, mergeConfig } from 'vite';
import standalone from './vite.standalone.config';

/** The bioreq one-script-tag bundle: `<tessera-bioreq-uploader>` and `<tessera-login>`, preact/compat like the full one. */
export default mergeConfig(
  standalone,
  defineConfig({
    build: { lib: { entry: 'src/standalone/bioreq.ts', name: 'TesseraBioreq', formats: ['iife'], fileName: () => 'tessera-bioreq.js' } },
  }),
);
