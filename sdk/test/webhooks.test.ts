/**
 * Webhook signatures (Standard Webhooks): checked against the specification's reference library, `standardwebhooks`,
 * both ways, so the server's deliveries verify in any receiver and a receiver using the SDK accepts what any
 * conforming sender signs.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError, type WebhookVerificationReason } from '../src/index.js';

const newSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;
const secret = newSecret();
const otherSecret = newSecret();

const event = {
  type: 'member.joined',
  timestamp: '2030-01-01T00:00:00.000Z',
  tenant_id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  data: { member: { id: 'm1', user_id: 'u1', name: 'Zoë Ångström 🎓', email: 'zoe@example.com' }, role: 'user' },
};
const body = JSON.stringify(event);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The headers `standardwebhooks` signs a delivery with (its `sign`, not ours). */
function signedByReference(key: string, payload: string, { id = 'msg_1', at = new Date() }: { id?: string; at?: Date } = {}) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, payload),
  };
}

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationReason> {
  const error = await promise.then(
    () => expect.fail('verified'),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe('WebhookVerificationError');
  return (error as WebhookVerificationError).reason;
}

describe('signWebhook', () => {
  it('signs as the reference library does, and what it signs verifies there', async () => {
    const timestamp = nowSeconds();
    const signature = await signWebhook(secret, 'msg_2abc', timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(signature).toBe(new Webhook(secret).sign('msg_2abc', new Date(timestamp * 1000), body));

    const headers = { 'webhook-id': 'msg_2abc', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toEqual(event);
    expect(() => new Webhook(otherSecret).verify(body, headers)).toThrow('No matching signature found');
  });

  it('refuses a secret that is not whsec_<base64>', async () => {
    expect(await refusal(signWebhook('not-a-secret', 'msg_1', nowSeconds(), body))).toBe('bad_secret');
    expect(await refusal(signWebhook('whsec_', 'msg_1', nowSeconds(), body))).toBe('bad_secret');
    expect(await refusal(signWebhook('whsec_***', 'msg_1', nowSeconds(), body))).toBe('bad_secret');
  });

  it('signs with each of many secrets (its cache of keys is bounded, not wrong)', async () => {
    const secrets = Array.from({ length: 120 }, newSecret);
    const timestamp = nowSeconds();
    for (const each of [...secrets, ...secrets.slice(0, 5)]) {
      expect(await signWebhook(each, 'msg_1', timestamp, body)).toBe(new Webhook(each).sign('msg_1', new Date(timestamp * 1000), body));
    }
  });
});

describe('verifyWebhook', () => {
  it('accepts what the reference library signs and answers the parsed event', async () => {
    expect(await verifyWebhook(secret, signedByReference(secret, body), body)).toEqual(event);
  });

  it('finds the headers whatever their case: a fetch Headers object, an object with capitals', async () => {
    const headers = signedByReference(secret, body);
    expect(await verifyWebhook(secret, new Headers(headers), body)).toEqual(event);
    const capitalized = {
      'Webhook-Id': headers['webhook-id'],
      'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
      'Webhook-Signature': headers['webhook-signature'],
    };
    expect(await verifyWebhook(secret, capitalized, body)).toEqual(event);
  });

  it('refuses a tampered body and another secret’s signature (bad_signature)', async () => {
    const headers = signedByReference(secret, body);
    expect(await refusal(verifyWebhook(secret, headers, body.replace('"user"', '"master"')))).toBe('bad_signature');
    expect(await refusal(verifyWebhook(otherSecret, headers, body))).toBe('bad_signature');
    expect(await refusal(verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body))).toBe('bad_signature');
    expect(await refusal(verifyWebhook(secret, { ...headers, 'webhook-signature': 'v1,not base64!' }, body))).toBe('bad_signature');
    // Only v1 signatures count: the same bytes under another version are not one.
    const v2 = headers['webhook-signature'].replace(/^v1,/, 'v2,');
    expect(await refusal(verifyWebhook(secret, { ...headers, 'webhook-signature': v2 }, body))).toBe('bad_signature');
  });

  it('refuses a timestamp six minutes old or six minutes ahead, and accepts one within the tolerance', async () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    const old = signedByReference(secret, body, { at: new Date(Date.now() - 6 * 60_000) });
    expect(await refusal(verifyWebhook(secret, old, body))).toBe('timestamp_too_old');
    const ahead = signedByReference(secret, body, { at: new Date(Date.now() + 6 * 60_000) });
    expect(await refusal(verifyWebhook(secret, ahead, body))).toBe('timestamp_too_new');

    const nearlyOld = signedByReference(secret, body, { at: new Date(Date.now() - 4 * 60_000) });
    expect(await verifyWebhook(secret, nearlyOld, body)).toEqual(event);
    // The receiver's clock and tolerance can be given.
    expect(await verifyWebhook(secret, old, body, { toleranceSeconds: 400 })).toEqual(event);
    expect(await verifyWebhook(secret, old, body, { now: new Date(Date.now() - 6 * 60_000) })).toEqual(event);
    expect(await refusal(verifyWebhook(secret, nearlyOld, body, { toleranceSeconds: 60 }))).toBe('timestamp_too_old');
  });

  it('refuses a timestamp that is not a number of seconds (bad_timestamp)', async () => {
    const headers = signedByReference(secret, body);
    for (const timestamp of ['soon', '1.5e9', '-1', `${headers['webhook-timestamp']}000000000000`]) {
      expect(await refusal(verifyWebhook(secret, { ...headers, 'webhook-timestamp': timestamp }, body))).toBe('bad_timestamp');
    }
  });

  it('accepts either signature of a rotation (new and previous secret in one header), with either secret', async () => {
    const timestamp = nowSeconds();
    const signatures = [await signWebhook(secret, 'msg_r', timestamp, body), await signWebhook(otherSecret, 'msg_r', timestamp, body)].join(' ');
    const headers = { 'webhook-id': 'msg_r', 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures };
    expect(await verifyWebhook(secret, headers, body)).toEqual(event);
    expect(await verifyWebhook(otherSecret, headers, body)).toEqual(event);
    expect(await verifyWebhook([otherSecret, secret], headers, body)).toEqual(event);
    expect(new Webhook(otherSecret).verify(body, headers)).toEqual(event);

    // A receiver holding both secrets accepts a delivery signed with only one of them.
    const onlyOld = signedByReference(otherSecret, body);
    expect(await verifyWebhook([secret, otherSecret], onlyOld, body)).toEqual(event);
    expect(await refusal(verifyWebhook([newSecret(), newSecret()], headers, body))).toBe('bad_signature');
  });

  it('refuses a delivery missing any of the three headers', async () => {
    const headers = signedByReference(secret, body);
    for (const name of Object.keys(headers) as (keyof typeof headers)[]) {
      expect(await refusal(verifyWebhook(secret, { ...headers, [name]: undefined }, body))).toBe('missing_headers');
      expect(await refusal(verifyWebhook(secret, { ...headers, [name]: '' }, body))).toBe('missing_headers');
    }
    expect(await refusal(verifyWebhook(secret, new Headers(), body))).toBe('missing_headers');
  });

  it('verifies a body given as bytes (the raw body, multi-byte characters included)', async () => {
    const bytes = new TextEncoder().encode(body);
    expect(bytes.length).toBeGreaterThan(body.length);
    expect(await verifyWebhook(secret, signedByReference(secret, body), bytes)).toEqual(event);
    expect(await verifyWebhook(secret, signedByReference(secret, body), Buffer.from(body))).toEqual(event);
    const tampered = bytes.slice();
    tampered[tampered.length - 2] ^= 1;
    expect(await refusal(verifyWebhook(secret, signedByReference(secret, body), tampered))).toBe('bad_signature');
  });

  it('reads header values given as arrays (several signatures, one id and timestamp)', async () => {
    const timestamp = nowSeconds();
    const headers = {
      'webhook-id': ['msg_a'],
      'webhook-timestamp': [String(timestamp)],
      'webhook-signature': [await signWebhook(otherSecret, 'msg_a', timestamp, body), await signWebhook(secret, 'msg_a', timestamp, body)],
    };
    expect(await verifyWebhook(secret, headers, body)).toEqual(event);
    expect(await verifyWebhook(otherSecret, headers, body)).toEqual(event);
    expect(await refusal(verifyWebhook(newSecret(), headers, body))).toBe('bad_signature');

    // The header sent twice: fetch's Headers (as Node's IncomingMessage) joins the two with ", ".
    const twice = new Headers({ 'webhook-id': 'msg_a', 'webhook-timestamp': String(timestamp) });
    for (const signature of headers['webhook-signature']) twice.append('webhook-signature', signature);
    expect(twice.get('webhook-signature')).toContain('=, v1,');
    expect(await verifyWebhook(otherSecret, twice, body)).toEqual(event);
    expect(await verifyWebhook(secret, twice, body)).toEqual(event);
  });

  it('refuses a signed body that is not a JSON event (bad_body)', async () => {
    for (const payload of ['not json', '[1, 2]', 'null', '42']) {
      expect(await refusal(verifyWebhook(secret, signedByReference(secret, payload), payload))).toBe('bad_body');
    }
    const notUtf8 = new Uint8Array([0x7b, 0xff, 0x7d]);
    const headers = signedByReference(secret, 'x');
    headers['webhook-signature'] = signatureOfBytes(secret, headers['webhook-id'], headers['webhook-timestamp'], notUtf8);
    expect(await refusal(verifyWebhook(secret, headers, notUtf8))).toBe('bad_body');
  });

  it('refuses a malformed secret as bad_secret, even beside a good one, before looking at the request', async () => {
    const headers = signedByReference(secret, body);
    expect(await refusal(verifyWebhook('whsec_not base64!', headers, body))).toBe('bad_secret');
    expect(await refusal(verifyWebhook([secret, 'secret-without-prefix'], headers, body))).toBe('bad_secret');
    expect(await refusal(verifyWebhook([], headers, body))).toBe('bad_secret');
    expect(await refusal(verifyWebhook('', {}, body))).toBe('bad_secret');
  });
});

/** A signature over bytes that are no string (the reference library signs strings only): HMAC-SHA256 by hand. */
function signatureOfBytes(key: string, id: string, timestamp: string, payload: Uint8Array) {
  const hmac = createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(payload);
  return `v1,${hmac.digest('base64')}`;
}
