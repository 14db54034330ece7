// Before the widgets build: start from an empty dist, and make sure the SDK's declarations exist,
// because the widgets' own declarations import its types from the built package (sdk/dist).
import { existsSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const widgets = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

if (!existsSync(new URL('../../sdk/dist/index.d.ts', import.meta.url))) {
  console.log('widgets: building @tessera/sdk first (its declarations are missing)');
  execSync('npm run build -w @tessera/sdk', { cwd: new URL('../..', import.meta.url), stdio: 'inherit' });
}
process.chdir(widgets);
