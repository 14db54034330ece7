// `npm test`: builds what the browser tests serve, runs every vitest project and the Playwright journeys,
// and closes with one line "N passed, N failed" over both. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'tessera-test-'));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (!process.env.TESSERA_SKIP_BUILD) {
  if (run('npm', ['run', 'build']) !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const vitestReport = join(reports, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--config',
  '.ci/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

const playwrightReport = join(reports, 'playwright.json');
const playwrightStatus = run('npx', ['playwright', 'test', '--config', 'portal/e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

function vitestCounts() {
  if (!existsSync(vitestReport)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  // A file that failed to load has no test results of its own: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0).length;
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles };
}

function playwrightCounts() {
  if (!existsSync(playwrightReport)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  // A flaky test passed on its retry: it counts as passed here and shows in the list reporter above.
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 };
}

const unit = vitestCounts();
const e2e = playwrightCounts();
const passed = unit.passed + e2e.passed;
let failed = unit.failed + e2e.failed;
if (failed === 0 && (vitestStatus !== 0 || playwrightStatus !== 0)) failed = 1;
console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
