// The download budgets, and the one unit every size report uses: KB = 1024 bytes of JavaScript as it goes on the
// wire, brotli quality 11 — the server sends every built asset precompressed that way (widgets/scripts/precompress.mjs,
// server/src/http/static.ts), so this is what a browser downloads. Until issue 15 the unit was gzip level 9 (about
// 12% more for the same file); the budgets kept their numbers when the unit changed. Shared by widgets/scripts/report-size.mjs (npm run size -w @tessera/widgets) and
// portal/bench/initial-js.mjs (npm run bench), so both print the same figures against the same budgets.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const KB = 1024;
export const UNIT = 'KB = 1024 bytes, brotli quality 11 (as served)';

export const BUDGETS = {
  /** The portal's initial JavaScript for a guest's /login. */
  portalLogin: 150 * KB,
  /** The portal's initial JavaScript for a learner's client modules page (/:organization/modules). */
  portalClientModules: 170 * KB,
  /**
   * dist/tessera-widgets.js: topic viewer, starred topics, knowledge check and login, with the SDK and the Markdown
   * renderer. 60 KB until the knowledge check joined it (+3.9 KB) with video captions (+0.3 KB); the bundle's
   * binding budget is issue 12's gzip one below.
   */
  standaloneWidgets: 62 * KB,
  /** dist/tessera-widgets.js, gzip level 9 (issue 12: the bundle with every element under 70 KB gzipped, for gzip-only proxies). */
  standaloneWidgetsGzip: 70 * KB,
  /** dist/tessera-login.js: <tessera-login> only, for a host that only signs people in. */
  standaloneLogin: 40 * KB,
  /** dist/tessera-bioreq.js: <tessera-bioreq-uploader> and <tessera-login>. */
  standaloneBioreq: 45 * KB,
};

/** The standalone bundles of the widgets package (widgets/dist) and their budgets. */
export const STANDALONE_BUNDLES = [
  {
    file: 'tessera-widgets.js',
    what: 'standalone widgets bundle (topic viewer, starred topics, knowledge check, login; SDK and Markdown renderer included)',
    budget: BUDGETS.standaloneWidgets,
    gzipBudget: BUDGETS.standaloneWidgetsGzip,
  },
  { file: 'tessera-login.js', what: 'login-only standalone bundle (<tessera-login>)', budget: BUDGETS.standaloneLogin },
  { file: 'tessera-bioreq.js', what: 'bioreq standalone bundle (<tessera-bioreq-uploader>, <tessera-login>)', budget: BUDGETS.standaloneBioreq },
];

export const wireSize = (buffer) => brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
export const wireFileSize = (path) => wireSize(readFileSync(path));
export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * One figure against its budget: "<label>: 123.4 KB on the wire, budget 150.0 KB: PASS". Without a budget the
 * figure is reported as such. Answers the line and whether it passed (true without a budget).
 */
export function budgetLine(label, bytes, budget) {
  if (budget === undefined || budget === null) return { line: `${label}: ${kb(bytes)} on the wire (no budget)`, pass: true };
  const pass = bytes <= budget;
  return { line: `${label}: ${kb(bytes)} on the wire, budget ${kb(budget)}: ${pass ? 'PASS' : 'FAIL'}`, pass };
}
