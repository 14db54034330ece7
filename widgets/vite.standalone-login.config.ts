import { defineConfig, mergeConfig } from 'vite';
import standalone from './vite.standalone.config';

/** The login-only one-script-tag bundle: `<script src=".../widgets/tessera-login.js">`, preact/compat like the full one. */
export default mergeConfig(
  standalone,
  defineConfig({
    build: { lib: { entry: 'src/standalone/login.ts', name: 'TesseraLogin', formats: ['iife'], fileName: () => 'tessera-login.js' } },
  }),
);
