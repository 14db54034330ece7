// Before the widgets build: start from an empty dist, and make sure the SDK's declarations exist and
// are current, because the widgets' own declarations import its types from the built package (sdk/dist).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sdkTypes = join(root, 'sdk/dist/index.d.ts');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

rmSync(fileURLToPath(new URL('../dist', import.meta.url)), { recursive: true, force: true });

const stale = !existsSync(sdkTypes) || statSync(sdkTypes).mtimeMs < newestMtime(join(root, 'sdk/src'));
if (stale) {
  console.log('widgets: building @tessera/sdk first (its declarations are missing or older than its sources)');
  execSync('npm run build -w @tessera/sdk', { cwd: root, stdio: 'inherit' });
}
