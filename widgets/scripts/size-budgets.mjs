// The download budgets, and the one unit every size report uses: KB = 1024 bytes, of JavaScript gzipped at
// level 9. Shared by widgets/scripts/report-size.mjs (npm run size -w @tessera/widgets) and
// portal/bench/initial-js.mjs (npm run bench), so both print the same figures against the same budgets.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const KB = 1024;
export const UNIT = 'KB = 1024 bytes, gzip level 9';

export const BUDGETS = {
  /** The portal's initial JavaScript for a guest's /login. */
  portalLogin: 150 * KB,
  /** The portal's initial JavaScript for a learner's client modules page (/:organization/modules). */
  portalClientModules: 170 * KB,
  /**
   * dist/tessera-widgets.js: topic viewer, starred topics and login, with the SDK and the Markdown renderer.
   * 63 KB since the renderer shows GFM tables and strikethrough (issue 14: micromark's two extensions, 59.8 KB ->
   * 62.1 KB measured with npm run size -w @tessera/widgets).
   */
  standaloneWidgets: 63 * KB,
  /** dist/tessera-login.js: <tessera-login> only, for a host that only signs people in. */
  standaloneLogin: 40 * KB,
  /** dist/tessera-bioreq.js: <tessera-bioreq-uploader> and <tessera-login>. */
  standaloneBioreq: 48 * KB,
};

/** The standalone bundles of the widgets package (widgets/dist) and their budgets. */
export const STANDALONE_BUNDLES = [
  {
    file: 'tessera-widgets.js',
    what: 'standalone widgets bundle (topic viewer, starred topics, login; SDK and Markdown renderer included)',
    budget: BUDGETS.standaloneWidgets,
  },
  { file: 'tessera-login.js', what: 'login-only standalone bundle (<tessera-login>)', budget: BUDGETS.standaloneLogin },
  { file: 'tessera-bioreq.js', what: 'bioreq standalone bundle (<tessera-bioreq-uploader>, <tessera-login>)', budget: BUDGETS.standaloneBioreq },
];

export const gzippedSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const gzippedFileSize = (path) => gzippedSize(readFileSync(path));
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * One figure against its budget: "<label>: 123.4 KB gzipped, budget 150.0 KB: PASS". Without a budget the
 * figure is reported as such. Answers the line and whether it passed (true without a budget).
 */
export function budgetLine(label, bytes, budget) {
  if (budget === undefined || budget === null) return { line: `${label}: ${kb(bytes)} gzipped (no budget)`, pass: true };
  const pass = bytes <= budget;
  return { line: `${label}: ${kb(bytes)} gzipped, budget ${kb(budget)}: ${pass ? 'PASS' : 'FAIL'}`, pass };
}
