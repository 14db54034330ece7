import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { INTRANET_PORT, SERVER_PORT, intranetUrl, serverUrl } from './ports';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The main process creates the data folder once; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  // Beside this run's data: two runs on one machine must not share (and delete) each other's traces.
  outputDir: join(dataDir, 'results'),
  use: {
    baseURL: serverUrl,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node server/dist/main.js --demo',
      cwd: root,
      url: `${serverUrl}/api/version`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: serverUrl,
        ALLOWED_ORIGINS: intranetUrl,
        // The journeys read no access lines: warnings and errors only, so the run's output stays readable.
        LOG_LEVEL: 'warn',
        // Every journey comes from 127.0.0.1: per-address limits are raised so journeys do not lock each other out.
        // The per-email login limit stays at its default and is what the rate-limit journey meets.
        RATE_LIMIT_LOGIN_IP: '1000/600',
        RATE_LIMIT_SIGN_UP: '200/600',
        RATE_LIMIT_FORGOT_PASSWORD: '200/600',
        RATE_LIMIT_RESET_PASSWORD: '200/600',
        RATE_LIMIT_CONFIRM_EMAIL: '200/600',
        RATE_LIMIT_FINISH_REGISTRATION: '200/600',
      },
    },
    {
      command: 'node examples/intranet/serve.mjs',
      cwd: root,
      url: `${intranetUrl}/`,
      reuseExistingServer: false,
      // The hostile-host journey points a second widget at the same server under another origin (localhost).
      // No partner backend (TESSERA_CLIENT_ID empty): these journeys sign in through <tessera-login>.
      env: { PORT: String(INTRANET_PORT), EXTRA_API_ORIGINS: `http://localhost:${SERVER_PORT}`, TESSERA_CLIENT_ID: '' },
    },
  ],
});
