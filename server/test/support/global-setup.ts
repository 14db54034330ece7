/**
 * Builds the contract bundle (openapi/dist/openapi.json) when it is missing or older than any of
 * the contract's YAML files, so every test validates against the current contract.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const openapiDir = fileURLToPath(new URL('../../../openapi/', import.meta.url));
export const bundlePath = join(openapiDir, 'dist/openapi.json');

function newestYaml(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestYaml(path));
    else if (entry.name.endsWith('.yaml')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const stale = !existsSync(bundlePath) || statSync(bundlePath).mtimeMs < newestYaml(openapiDir);
  if (stale) {
    execFileSync('npm', ['run', 'build', '-w', '@tessera/openapi'], { cwd: join(openapiDir, '..'), stdio: 'inherit' });
  }
}
