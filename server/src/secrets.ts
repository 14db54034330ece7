/**
 * The server's long-lived secrets: the HMAC secret (ALTCHA challenges, provider cookies) and the
 * provider's signing keys. Configuration wins; otherwise they are generated once into
 * DATA_DIR/secrets.json and reused by every later start and every process sharing the folder.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWKS } from 'oidc-provider';
import { ConfigError, type ServerConfig } from './config.js';

export interface Secrets {
  secret: string;
  jwks: JWKS;
}

function generateJwks(): JWKS {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: `tessera-${randomBytes(6).toString('hex')}`, use: 'sig', alg: 'RS256' }] } as JWKS;
}

function readStored(path: string): Partial<Secrets> {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<Secrets>;
  } catch (cause) {
    throw new ConfigError(`${path} is not readable JSON; fix or delete it.`, { cause });
  }
}

function writeSecrets(path: string, secrets: Partial<Secrets>, flag: 'w' | 'wx'): boolean {
  try {
    writeFileSync(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function parseJwks(raw: string): JWKS {
  try {
    return JSON.parse(raw) as JWKS;
  } catch (cause) {
    throw new ConfigError('OIDC_JWKS must be a JSON Web Key Set.', { cause });
  }
}

export function loadSecrets(config: ServerConfig): Secrets {
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'secrets.json');
  const stored = readStored(path);
  const toStore = { ...stored };
  // Only what configuration does not provide is generated, once, and kept on disk.
  if (!config.secret && !stored.secret) toStore.secret = randomBytes(32).toString('base64url');
  if (!config.oidcJwks && !stored.jwks) toStore.jwks = generateJwks();
  if (toStore.secret !== stored.secret || toStore.jwks !== stored.jwks) {
    // 'wx' on a first start: when two processes start together, the second one reads the first one's file.
    const created = writeSecrets(path, toStore, existsSync(path) ? 'w' : 'wx');
    if (!created) return loadSecrets(config);
  }
  return {
    secret: config.secret ?? (toStore.secret as string),
    jwks: config.oidcJwks ? parseJwks(config.oidcJwks) : (toStore.jwks as JWKS),
  };
}
