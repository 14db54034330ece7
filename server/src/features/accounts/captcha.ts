/**
 * ALTCHA proof-of-work captcha, self-hosted. Challenges use ALTCHA's v1 format (the contract's
 * CaptchaChallenge; the altcha widget solves it), signed with the server secret so any process can
 * verify them. A solved payload is accepted once: its signature is remembered until the challenge expires.
 */
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/values.js';
import { hashToken } from './auth-tokens.js';
import { UsedCaptcha } from './models.js';

export interface CaptchaOptions {
  secret: string;
  maxNumber: number;
  ttlSeconds: number;
}

/** A solved v1 payload is about 300 characters of base64; anything far longer is not one. */
const MAX_PAYLOAD_LENGTH = 4096;

function decodePayload(token: string): { signature: string } | undefined {
  if (token.length > MAX_PAYLOAD_LENGTH) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { signature } = payload as { signature?: unknown };
    return typeof signature === 'string' && signature ? { signature } : undefined;
  } catch {
    return undefined;
  }
}

export function createCaptcha(db: Database, options: CaptchaOptions) {
  return {
    challenge(): Promise<Challenge> {
      return createChallenge({
        hmacKey: options.secret,
        maxnumber: options.maxNumber,
        expires: new Date(Date.now() + options.ttlSeconds * 1000),
      });
    },

    /** True once for a correctly solved, unexpired challenge of ours. */
    async verifyOnce(token: string): Promise<boolean> {
      const payload = decodePayload(token);
      if (!payload) return false;
      const solved = await verifySolution(token, options.secret, true).catch(() => false);
      if (!solved) return false;
      try {
        await db.write(UsedCaptcha).insert({
          signature_hash: hashToken(payload.signature),
          expires_at: new Date(Date.now() + options.ttlSeconds * 1000).toISOString(),
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;

export async function purgeUsedCaptchas(db: Database, now = new Date()): Promise<number> {
  return db.write(UsedCaptcha).where('expires_at', '<', now).delete();
}
