// Prints the on-the-wire (brotli) size of the standalone bundles, each against its budget with PASS or FAIL (the budgets and
// the unit, KB = 1024 bytes, are shared with portal/bench/initial-js.mjs in size-budgets.mjs), their gzip size (against
// a gzip budget where one is set), what each custom element weighs on its own (a one-element standalone bundle built in
// memory: the element with the runtime it needs), and the size of the ESM build. Needs
// `npm run build -w @tessera/widgets`. Exits with 1 when a bundle is over budget.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { STANDALONE_BUNDLES, UNIT, budgetLine, gzipSize, kb, wireFileSize, wireSize } from './size-budgets.mjs';

let overBudget = false;
console.log(`Widget bundle sizes (${UNIT}):`);
for (const { file, what, budget, gzipBudget } of STANDALONE_BUNDLES) {
  const path = new URL(`../dist/${file}`, import.meta.url);
  const { line, pass } = budgetLine(`${what}, dist/${file}`, wireFileSize(path), budget);
  // For a server that sends gzip only (a host mirroring the bundle behind its own proxy).
  const gzip = gzipSize(readFileSync(path));
  const gzipPass = gzipBudget === undefined || gzip <= gzipBudget;
  console.log(`  ${line} (gzip: ${kb(gzip)}${gzipBudget === undefined ? '' : `, gzip budget ${kb(gzipBudget)}: ${gzipPass ? 'PASS' : 'FAIL'}`})`);
  overBudget ||= !pass || !gzipPass;
}

/** Each element alone: its module and export, the attribute props export. */
const ELEMENTS = [
  ['tessera-login', 'TesseraLoginElement', 'tesseraLoginProps'],
  ['tessera-topic-viewer', 'TesseraTopicViewerElement', 'tesseraTopicViewerProps'],
  ['tessera-starred-topics', 'TesseraStarredTopicsElement', 'tesseraStarredTopicsProps'],
  ['tessera-knowledge-check', 'TesseraKnowledgeCheckElement', 'tesseraKnowledgeCheckProps'],
  ['tessera-bioreq-uploader', 'TesseraBioreqUploaderElement', 'tesseraBioreqUploaderProps'],
];
const config = fileURLToPath(new URL('../vite.standalone.config.ts', import.meta.url));
const elements = fileURLToPath(new URL('../src/elements/', import.meta.url));
// The one-element entries are written beside the build's cache (removed again at the end).
const entries = fileURLToPath(new URL('../node_modules/.cache/element-size/', import.meta.url));
mkdirSync(entries, { recursive: true });
console.log('  each element alone (standalone, with preact/compat, the SDK and what it uses):');
for (const [name, component, props] of ELEMENTS) {
  const source = `import { ${component}, ${props} } from '${elements}${component}.js';
import { defineOnce, shadowElement } from '${elements}shadowElement.js';
defineOnce('${name}', shadowElement(${component}, { props: ${props} }));`;
  const entry = join(entries, `${name}.ts`);
  writeFileSync(entry, source);
  const output = await build({
    configFile: config,
    logLevel: 'silent',
    build: { write: false, sourcemap: false, lib: { entry, name: 'TesseraElement', formats: ['iife'], fileName: () => 'element.js' } },
  });
  const chunk = (Array.isArray(output) ? output[0] : output).output.find((file) => file.type === 'chunk');
  const bytes = Buffer.from(chunk.code);
  console.log(`    <${name}>: ${kb(wireSize(bytes))} on the wire (gzip: ${kb(gzipSize(bytes))})`);
}

rmSync(entries, { recursive: true, force: true });

const esmDir = new URL('../dist/esm/', import.meta.url);
const esm = readdirSync(esmDir)
  .filter((name) => name.endsWith('.js'))
  .reduce((sum, name) => sum + wireFileSize(new URL(name, esmDir)), 0);
console.log(`  esm dist/esm/*.js: ${kb(esm)} on the wire (no budget: React, react-aria, Stitches and the SDK are the host's)`);
if (overBudget) {
  console.error('a standalone bundle is over budget');
  process.exitCode = 1;
}
