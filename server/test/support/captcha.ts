import { solveChallenge } from 'altcha-lib/v1';
import type { Api } from './api.js';

/** Fetches a challenge and solves it as the ALTCHA widget does, answering the `recaptcha_token` payload. */
export async function solvedCaptcha(api: Api): Promise<string> {
  const { body: challenge } = await api.get('/captcha/challenge');
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
