// After the bundles are built: writes `dist/manifest.json`, the version of the widgets and, for each standalone
// bundle a page embeds with a script tag, its Subresource Integrity hash (SHA-384 of the file as built; a browser
// checks it against the decoded body, whatever encoding the server chose). The server answers it, with the versioned
// URLs, at /widgets/manifest.json (server/src/http/widgets-manifest.ts).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STANDALONE_BUNDLES } from './size-budgets.mjs';

const widgets = fileURLToPath(new URL('..', import.meta.url));
const dist = join(widgets, 'dist');
const { version } = JSON.parse(readFileSync(join(widgets, 'package.json'), 'utf8'));
const BUNDLES = STANDALONE_BUNDLES.map((bundle) => bundle.file);

const files = Object.fromEntries(
  BUNDLES.map((file) => [
    file,
    {
      integrity: `sha384-${createHash('sha384')
        .update(readFileSync(join(dist, file)))
        .digest('base64')}`,
    },
  ]),
);
writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify({ version, files }, null, 2)}\n`);
console.log(`widgets: dist/manifest.json for ${version} (${BUNDLES.join(', ')})`);
