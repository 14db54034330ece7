/**
 * Tessera's webhooks follow the Standard Webhooks specification (https://www.standardwebhooks.com): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`, space-separated
 * when there are several), over `${id}.${timestamp}.${body}`, keyed by the bytes of a `whsec_<base64>` secret. The
 * server signs its deliveries with `signWebhook` and a receiver checks them with `verifyWebhook`: one implementation of
 * the rule, so the two cannot drift apart. WebCrypto only (no `node:` import): the SDK also runs in browsers, and
 * Node 20+ has `globalThis.crypto.subtle`.
 */
import type { WebhookEvent } from './generated/schema.js';

/**
 * How far a delivery's `webhook-timestamp` may be from the receiver's clock, either way (the specification's
 * 5 minutes): a captured delivery cannot be replayed later, while clocks a little apart still agree.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Why a delivery was refused: `bad_secret` is the receiver's configuration, every other reason the request's. */
export type WebhookVerificationReason =
  'missing_headers' | 'bad_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'bad_signature' | 'bad_secret' | 'bad_body';

/** A refused delivery. `reason` lets a receiver tell its own misconfiguration (`bad_secret`: a 500) from a bad request (a 400). */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export interface VerifyWebhookOptions {
  /** Seconds the timestamp may be off, either way; `WEBHOOK_TOLERANCE_SECONDS` by default. */
  toleranceSeconds?: number;
  /** The receiver's clock (tests). */
  now?: Date;
}

const SECRET_PREFIX = 'whsec_';
const KEY_CACHE_SIZE = 100;

/**
 * Imported keys by secret string: importing is asynchronous and costs more than the HMAC itself, and the server signs
 * every delivery of an endpoint with the same secret. Bounded, least recently used first out, so rotated secrets do
 * not pile up in a long-running process. Promises, so concurrent deliveries share one import.
 */
const keyCache = /* @__PURE__ */ new Map<string, Promise<CryptoKey>>();

function secretKey(secret: string): Promise<CryptoKey> {
  const cached = keyCache.get(secret);
  if (cached) {
    keyCache.delete(secret);
    keyCache.set(secret, cached);
    return cached;
  }
  const bytes = secretBytes(secret);
  const key = globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  key.catch(() => keyCache.delete(secret));
  keyCache.set(secret, key);
  if (keyCache.size > KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value as string);
  return key;
}

/** The key bytes of `whsec_<base64>`. Throws `bad_secret`: a wrong value in a receiver's configuration should say so, not refuse every delivery as forged. */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const bytes = secret.startsWith(SECRET_PREFIX) ? base64Decode(secret.slice(SECRET_PREFIX.length)) : null;
  if (!bytes || bytes.length === 0) {
    throw new WebhookVerificationError(
      'bad_secret',
      'A webhook secret is "whsec_" followed by the base64 of its key (as Tessera showed it when the endpoint was made).',
    );
  }
  return bytes;
}

function base64Decode(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function base64Encode(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** The signed content `${id}.${timestamp}.${body}` as bytes: a byte body is signed as received, never re-encoded. */
function signedContent(id: string, timestamp: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  if (typeof body === 'string') return encoder.encode(`${id}.${timestamp}.${body}`);
  const head = encoder.encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(head.length + body.length);
  content.set(head);
  content.set(body, head.length);
  return content;
}

async function hmac(secret: string, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', await secretKey(secret), content));
}

/**
 * The `webhook-signature` value (`v1,<base64>`) of a delivery: what Tessera's server sends, and what a test of a
 * receiver can send it. Throws a `WebhookVerificationError` (`bad_secret`) for a secret that is not `whsec_<base64>`.
 */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  return `v1,${base64Encode(await hmac(secret, signedContent(id, String(timestamp), body)))}`;
}

type HeaderValues = Headers | Record<string, string | string[] | undefined>;

/** A header by name, whatever its case (Node's IncomingHttpHeaders are lower-case, other objects may not be); repeated values joined by `separator`. */
function header(headers: HeaderValues, name: string, separator: string): string {
  // Duck-typed rather than `instanceof Headers`: another fetch implementation's Headers (undici's own, a polyfill) is one too.
  if (typeof headers.get === 'function') return (headers as Headers).get(name)?.trim() ?? '';
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  return values.join(separator).trim();
}

/** Compares every byte whatever the first difference, so the time taken tells a forger nothing about how close a guess came. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index] ^ b[index];
  return difference === 0;
}

/**
 * Checks a delivery and answers its event; throws a `WebhookVerificationError` otherwise. `body` must be the raw body
 * as received (a string or its bytes): the signature covers those exact bytes, and a body parsed and serialized again
 * rarely matches them. Several secrets are for a rotation: for 24 hours Tessera signs with the new secret and the
 * previous one, so a receiver that knows both accepts either while its configuration changes.
 */
export async function verifyWebhook(
  secret: string | readonly string[],
  headers: Headers | Record<string, string | string[] | undefined>,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const secrets: readonly string[] = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('bad_secret', 'No webhook secret was given.');
  // Every secret is checked, not only until one matches: a wrong one in the configuration shows on the first delivery.
  for (const each of secrets) secretBytes(each);

  const id = header(headers, 'webhook-id', ', ');
  const timestamp = header(headers, 'webhook-timestamp', ', ');
  const signatures = header(headers, 'webhook-signature', ' ');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'A webhook delivery carries the headers webhook-id, webhook-timestamp and webhook-signature.');
  }

  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('bad_timestamp', 'webhook-timestamp is not a number of seconds.');
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const sentAt = Number(timestamp);
  if (now - sentAt > tolerance) throw new WebhookVerificationError('timestamp_too_old', `webhook-timestamp is more than ${tolerance} s in the past.`);
  if (sentAt - now > tolerance) throw new WebhookVerificationError('timestamp_too_new', `webhook-timestamp is more than ${tolerance} s in the future.`);

  // Other versions (a future asymmetric `v1a`, say) are skipped, as the specification asks, not refused. A header
  // sent twice reaches Node and fetch as one value joined by ", ": every signature but the last then ends in a comma.
  const given = signatures
    .split(/\s+/)
    .filter((signature) => signature.startsWith('v1,'))
    .map((signature) => base64Decode(signature.slice('v1,'.length).replace(/,$/, '')))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null);
  const content = signedContent(id, timestamp, body);
  let matched = false;
  for (const each of secrets) {
    const expected = await hmac(each, content);
    // No early exit on a match: the time taken does not tell which secret or signature matched.
    for (const signature of given) if (sameBytes(signature, expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('bad_signature', 'No signature in webhook-signature matches the secret.');

  let event: unknown;
  try {
    event = JSON.parse(typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new WebhookVerificationError('bad_body', 'The webhook body is not JSON.');
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new WebhookVerificationError('bad_body', 'The webhook body is not an event object.');
  }
  return event as WebhookEvent;
}
