// Precompresses a build folder for the server's static files (server/src/http/static.ts): beside every text file
// (JavaScript, CSS, HTML, SVG, JSON) it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9),
// made once here so the server never compresses per request. A compressed file that would not be smaller is not
// written; a `.br`/`.gz` whose original is gone is deleted (the server would otherwise serve it). Source maps are
// left as they are: only developer tools fetch them.
// Usage: node widgets/scripts/precompress.mjs <folder> [<folder> ...]
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|svg|json|txt|webmanifest)$/;
const COMPRESSED = /\.(?:br|gz)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function writeSmaller(path, original, compressed) {
  if (compressed.length < original.length) writeFileSync(path, compressed);
  else rmSync(path, { force: true });
}

function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  let count = 0;
  for (const path of files(dir)) {
    if (COMPRESSED.test(path)) {
      if (!existsSync(path.slice(0, -3))) rmSync(path);
      continue;
    }
    if (!COMPRESSIBLE.test(path)) continue;
    const original = readFileSync(path);
    const br = brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    writeSmaller(`${path}.br`, original, br);
    writeSmaller(`${path}.gz`, original, gzipSync(original, { level: 9 }));
    raw += original.length;
    brotli += Math.min(br.length, original.length);
    count += 1;
  }
  return { count, raw, brotli };
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: node precompress.mjs <folder> [<folder> ...]');
  process.exit(2);
}
for (const folder of folders) {
  const dir = resolve(folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`precompress: ${dir} is not a folder`);
    process.exit(1);
  }
  const { count, raw, brotli } = precompress(dir);
  console.log(`precompressed ${count} files in ${folder}: ${(raw / 1024).toFixed(1)} KB raw, ${(brotli / 1024).toFixed(1)} KB brotli`);
}
