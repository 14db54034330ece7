// Prints the on-the-wire (brotli) size of the standalone bundles, each against its budget with PASS or FAIL (the budgets and
// the unit, KB = 1024 bytes, are shared with portal/bench/initial-js.mjs in size-budgets.mjs), and the size of
// the ESM build. Needs `npm run build -w @tessera/widgets`. Exits with 1 when a bundle is over budget.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { STANDALONE_BUNDLES, UNIT, budgetLine, wireFileSize, kb } from './size-budgets.mjs';

let overBudget = false;
console.log(`Widget bundle sizes (${UNIT}):`);
for (const { file, what, budget } of STANDALONE_BUNDLES) {
  const path = new URL(`../dist/${file}`, import.meta.url);
  const { line, pass } = budgetLine(`${what}, dist/${file}`, wireFileSize(path), budget);
  // For a server that sends gzip only (a host mirroring the bundle behind its own proxy).
  const gzip = gzipSync(readFileSync(path), { level: 9 }).length;
  console.log(`  ${line} (gzip: ${kb(gzip)})`);
  overBudget ||= !pass;
}
const esmDir = new URL('../dist/esm/', import.meta.url);
const esm = readdirSync(esmDir)
  .filter((name) => name.endsWith('.js'))
  .reduce((sum, name) => sum + wireFileSize(new URL(name, esmDir)), 0);
console.log(`  esm dist/esm/*.js: ${kb(esm)} on the wire (no budget: React, react-aria, Stitches and the SDK are the host's)`);
if (overBudget) {
  console.error('a standalone bundle is over budget');
  process.exitCode = 1;
}
