/**
 * The connection's client secret at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret
 * (TESSERA_SECRET, or the one generated into DATA_DIR), so a copy of the database alone holds no usable secret.
 * Changing the server's secret makes stored client secrets unreadable: each connection's secret is then typed again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'tessera-sso', 'sso client secret', 32));
}

export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or undefined when it cannot be opened (the server's secret changed). */
export function openSecret(serverSecret: string, text: string): string | undefined {
  const [version, iv, tag, sealed] = text.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
