// Prints the gzipped size of the standalone bundle and of the ESM build, against the 60 KB budget (issue 5:
// login, topic viewer and starred topics, including the SDK and the Markdown renderer).
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 60 * 1024;
const gzipped = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const standalone = gzipped(new URL('../dist/tessera-widgets.js', import.meta.url));
// Issue 2's budget for a host that only signs people in.
const LOGIN_BUDGET = 40 * 1024;
const loginOnly = gzipped(new URL('../dist/tessera-login.js', import.meta.url));
const esmDir = new URL('../dist/esm/', import.meta.url);
const esm = readdirSync(esmDir)
  .filter((name) => name.endsWith('.js'))
  .reduce((sum, name) => sum + gzipped(new URL(name, esmDir)), 0);

console.log(`standalone dist/tessera-widgets.js: ${kb(standalone)} gzipped (budget ${kb(BUDGET)})`);
console.log(`standalone dist/tessera-login.js (<tessera-login> only): ${kb(loginOnly)} gzipped (budget ${kb(LOGIN_BUDGET)})`);
console.log(`esm dist/esm/*.js: ${kb(esm)} gzipped (React, react-aria, Stitches and the SDK are the host's)`);
if (standalone > BUDGET || loginOnly > LOGIN_BUDGET) {
  console.error('a standalone bundle is over budget');
  process.exitCode = 1;
}
