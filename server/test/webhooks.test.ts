/**
 * Webhooks end to end (features/webhooks, events/): masters manage endpoints; an event is delivered signed as the
 * Standard Webhooks specification says (verified here by the official `standardwebhooks` package), retried with
 * the same webhook-id, recorded in the delivery log, replayable; secrets rotate with an overlap; an endpoint that
 * keeps failing is disabled and its masters emailed; no delivery reaches a private address it was not allowed to.
 */
import { Webhook } from 'standardwebhooks';
import { verifyWebhook } from '@tessera/sdk';
import { webhookMessages } from '@tessera/sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEvent } from '../src/events/publish.js';
import { isRefusedAddress } from '../src/security/addresses.js';
import { purgeOldDeliveries } from '../src/features/webhooks/service.js';
import { buildWorld, del, person, type World } from './support/people.js';
import { databaseKinds, startTestServer, waitForMail, type TestContext, type TestServer } from './support/server.js';
import { until } from './support/until.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

interface Endpoint {
  id: string;
  secret: string;
  url: string;
}

interface DeliveryView {
  id: string;
  state: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  event_type: string;
}

describe('the address guard', () => {
  it('refuses private, loopback, link-local, shared, metadata and mapped addresses, and lets public ones through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isRefusedAddress(address), address).toBe(false);
  });
});

describe.each(databaseKinds)('webhooks on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let receiver: Receiver;
  let base: string;
  let path = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    context = await startTestServer(kind, {
      webhooks: { allowedHosts: ['127.0.0.1'], retryDelaysMs: [150, 150], disableAfterMs: 60 * 60 * 1000, timeoutMs: 700, rotationOverlapMs: 24 * 3600 * 1000 },
    });
    server = context.server;
    world = await buildWorld(server);
    base = `/tenants/${world.home.id}/webhooks`;
  });
  afterAll(async () => {
    await context.cleanup();
    await receiver.close();
  });

  const master = () => world.people.master.token;

  async function createEndpoint(events: string[], options: { path?: string; body?: Record<string, unknown> } = {}): Promise<Endpoint> {
    path += 1;
    const url = `${receiver.url}${options.path ?? `/hook-${path}`}`;
    const response = await server.api.post(base, { url, events, ...options.body }, { token: master() });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { id: response.body.data.id, secret: response.body.data.secret, url };
  }

  function pathOf(endpoint: Endpoint): string {
    return new URL(endpoint.url).pathname;
  }

  async function deliveries(endpoint: Endpoint, query = ''): Promise<DeliveryView[]> {
    const response = await server.api.get(`${base}/${endpoint.id}/deliveries${query}`, { token: master() });
    expect(response.status).toBe(200);
    return response.body.data as DeliveryView[];
  }

  async function settledDeliveries(endpoint: Endpoint, count: number, timeoutMs = 8000): Promise<DeliveryView[]> {
    let found: DeliveryView[] = [];
    await until(
      `${count} settled deliveries`,
      async () => {
        found = (await deliveries(endpoint)).filter((delivery) => delivery.state !== 'pending');
        return found.length >= count;
      },
      timeoutMs,
    );
    return found;
  }

  /** A member of home who gets suspended: a `member.suspended` event. */
  async function suspendSomeone(): Promise<string> {
    const someone = await person(server, { tenantId: world.home.id, role: 'user', name: 'Sam Suspendable' });
    const response = await server.api.patch(`/tenants/${world.home.id}/tenant-users/${someone.membershipId}`, { is_active: false }, { token: master() });
    expect(response.status).toBe(200);
    return someone.membershipId!;
  }

  it('lets masters and the owner manage endpoints; the secret is answered once; others get 403 or 404', async () => {
    const endpoint = await createEndpoint(['member.suspended', 'member.joined'], { body: { description: 'HR sync' } });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await server.api.get(`${base}?search=HR`, { token: master() });
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: endpoint.url, events: ['member.joined', 'member.suspended'], enabled: true }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
    expect((await server.api.get(`${base}/${endpoint.id}`, { token: world.people.owner.token })).status).toBe(200);
    for (const actor of ['admin', 'user'] as const) {
      expect((await server.api.get(base, { token: world.people[actor].token })).status).toBe(403);
      expect((await server.api.post(base, { url: endpoint.url, events: ['member.joined'] }, { token: world.people[actor].token })).status).toBe(403);
    }
    // Another organization's master: the endpoint, its log and its secret are not there.
    const outsider = world.people.outsider.token;
    expect((await server.api.get(`${base}/${endpoint.id}`, { token: outsider })).status).toBe(404);
    expect((await server.api.get(`/tenants/${world.other.id}/webhooks/${endpoint.id}`, { token: outsider })).status).toBe(404);
    expect((await server.api.post(`/tenants/${world.other.id}/webhooks/${endpoint.id}/secret`, undefined, { token: outsider })).status).toBe(404);
    expect((await server.api.get(`/tenants/${world.other.id}/webhooks/${endpoint.id}/deliveries`, { token: outsider })).status).toBe(404);
    expect((await del(server, `/tenants/${world.other.id}/webhooks/${endpoint.id}`, outsider)).status).toBe(404);
    expect((await del(server, `${base}/${endpoint.id}`, master())).status).toBe(204);
    expect((await server.api.get(`${base}/${endpoint.id}`, { token: master() })).status).toBe(404);
  });

  it('lets an integration client with the master role manage endpoints, and not one with the admin role', async () => {
    const tokenOf = async (role: 'master' | 'admin') => {
      const client = await server.api.post(`/tenants/${world.home.id}/integration-clients`, { name: `Partner sync ${role}`, role }, { token: master() });
      const form = { grant_type: 'client_credentials', client_id: client.body.data.client_id, client_secret: client.body.data.client_secret };
      return (await server.api.post('/token', undefined, { form })).body.access_token as string;
    };
    const body = { url: `${receiver.url}/partner`, events: ['member.joined'] };
    const created = await server.api.post(base, body, { token: await tokenOf('master') });
    expect(created.status).toBe(201);
    expect((await server.api.post(base, body, { token: await tokenOf('admin') })).status).toBe(403);
    expect((await del(server, `${base}/${created.body.data.id}`, master())).status).toBe(204);
  });

  it('refuses URLs it must not call and events it does not know, field by field', async () => {
    const refusals: [unknown, Record<string, string>][] = [
      [{ url: 'http://hooks.example.com/x', events: ['member.joined'] }, { url: webhookMessages.https }],
      [{ url: 'https://user:secret@hooks.example.com/x', events: ['member.joined'] }, { url: webhookMessages.credentials }],
      [{ url: 'https://10.0.0.5/x', events: ['member.joined'] }, { url: webhookMessages.privateAddress }],
      [{ url: 'https://169.254.169.254/latest/meta-data', events: ['member.joined'] }, { url: webhookMessages.privateAddress }],
      [{ url: 'https://[::1]/x', events: ['member.joined'] }, { url: webhookMessages.privateAddress }],
      [{ url: 'https://[::ffff:127.0.0.1]/x', events: ['member.joined'] }, { url: webhookMessages.privateAddress }],
      // A name that resolves to loopback is refused as its address would be.
      [{ url: 'https://localhost/x', events: ['member.joined'] }, { url: webhookMessages.privateAddress }],
      [{ url: 'ftp://hooks.example.com/x', events: ['member.joined'] }, { url: webhookMessages.url }],
      [{ url: 'https://hooks.example.com/x', events: [] }, { events: webhookMessages.events }],
      [{ url: 'https://hooks.example.com/x', events: ['member.exploded'] }, { events: 'The selected events is invalid.' }],
      [{ events: ['member.joined'] }, { url: 'The url field is required.' }],
    ];
    for (const [body, errors] of refusals) {
      const response = await server.api.post(base, body, { token: master() });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors, JSON.stringify(body)).toEqual(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
    }
  });

  it('delivers a subscribed event, signed as Standard Webhooks says, in the log as succeeded', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    const other = await createEndpoint(['member.removed']);
    const memberId = await suspendSomeone();
    const [delivery] = await settledDeliveries(endpoint, 1);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1, last_status_code: 204, last_error: null, event_type: 'member.suspended' });
    const [request] = receiver.at(pathOf(endpoint));
    expect(request.headers['webhook-id']).toBe(delivery.id);
    expect(request.headers['content-type']).toBe('application/json');
    // The official package verifies our signature, and so does the SDK's verifyWebhook.
    const verified = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;
    expect(verified).toMatchObject({
      type: 'member.suspended',
      tenant_id: world.home.id,
      data: { role: 'user', member: { id: memberId, name: 'Sam Suspendable' } },
    });
    expect(await verifyWebhook(endpoint.secret, request.headers as Record<string, string>, request.body)).toEqual(verified);
    expect(() => new Webhook(endpoint.secret).verify(request.body.replace('Sam', 'Tom'), request.headers as Record<string, string>)).toThrow();
    // An endpoint not subscribed to the event gets nothing.
    expect(receiver.at(pathOf(other))).toEqual([]);
    const detail = await server.api.get(`${base}/${endpoint.id}/deliveries/${delivery.id}`, { token: master() });
    expect(detail.body.data).toMatchObject({ id: delivery.id, payload: verified, attempt_log: [{ attempt: 1, status_code: 204, error: null }] });
    await del(server, `${base}/${endpoint.id}`, master());
    await del(server, `${base}/${other.id}`, master());
  });

  it('retries a failed delivery with the same webhook-id until it succeeds, and a replay sends it again', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    receiver.answer(pathOf(endpoint), { status: 500 }, { status: 503 }, { status: 200 });
    await suspendSomeone();
    const [delivery] = await settledDeliveries(endpoint, 1);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3, last_status_code: 200 });
    const requests = receiver.at(pathOf(endpoint));
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([delivery.id, delivery.id, delivery.id]);
    const detail = await server.api.get(`${base}/${endpoint.id}/deliveries/${delivery.id}`, { token: master() });
    expect(detail.body.data.attempt_log.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([200, 503, 500]);
    expect(detail.body.data.attempt_log[2].error).toBe('The endpoint answered 500.');

    const replay = await server.api.post(`${base}/${endpoint.id}/deliveries/${delivery.id}/replay`, undefined, { token: master() });
    expect(replay.status).toBe(202);
    expect(replay.body.data).toMatchObject({ id: delivery.id, state: 'pending' });
    await until('the replay', () => receiver.at(pathOf(endpoint)).length === 4, 5000);
    const replayed = receiver.at(pathOf(endpoint))[3];
    expect(replayed.headers['webhook-id']).toBe(delivery.id);
    expect(replayed.body).toBe(requests[0].body);
    await settledDeliveries(endpoint, 1);
    await del(server, `${base}/${endpoint.id}`, master());
  });

  it('fails a delivery after its last retry; a replay of a pending one is a conflict', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    receiver.answer(pathOf(endpoint), { status: 500 });
    await suspendSomeone();
    await until('the first attempt', () => receiver.at(pathOf(endpoint)).length === 1, 5000);
    const [pending] = await deliveries(endpoint, '?state=pending');
    const conflict = await server.api.post(`${base}/${endpoint.id}/deliveries/${pending.id}/replay`, undefined, { token: master() });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe(webhookMessages.replayPending);
    const [failed] = await settledDeliveries(endpoint, 1);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, last_status_code: 500 });
    expect(await deliveries(endpoint, '?state=failed')).toHaveLength(1);
    expect(await deliveries(endpoint, '?state=succeeded')).toEqual([]);
    expect((await server.api.get(`${base}/${endpoint.id}/deliveries?state=lost`, { token: master() })).status).toBe(422);
    // The endpoint is marked failing since its first failure.
    const shown = await server.api.get(`${base}/${endpoint.id}`, { token: master() });
    expect(shown.body.data.failing_since).not.toBeNull();
    await del(server, `${base}/${endpoint.id}`, master());
  });

  it('follows no redirect, waits no longer than its timeout, and reads no more than 64 KB of an answer', async () => {
    const redirected = await createEndpoint(['member.suspended']);
    const slow = await createEndpoint(['member.suspended']);
    const chatty = await createEndpoint(['member.suspended']);
    receiver.answer(pathOf(redirected), { status: 302, location: `${receiver.url}/redirect-target` });
    receiver.answer(pathOf(slow), 'hang');
    receiver.answer(pathOf(chatty), { status: 200, body: 'x'.repeat(5 * 1024 * 1024) });
    await suspendSomeone();
    const [redirect] = (await server.api.get(`${base}/${redirected.id}/deliveries`, { token: master() })).body.data as DeliveryView[];
    await until('the redirect attempt', async () => (await deliveries(redirected))[0]?.attempts >= 1, 5000);
    expect((await deliveries(redirected))[0]).toMatchObject({ last_status_code: 302, last_error: 'The endpoint answered 302 (redirects are not followed).' });
    expect(receiver.at('/redirect-target')).toEqual([]);
    expect(redirect.event_type).toBe('member.suspended');
    await until('the slow attempt', async () => (await deliveries(slow))[0]?.attempts >= 1, 5000);
    expect((await deliveries(slow))[0]).toMatchObject({ last_status_code: null, last_error: 'No answer within 0.7 seconds.' });
    const [chattyDelivery] = await settledDeliveries(chatty, 1);
    expect(chattyDelivery).toMatchObject({ state: 'succeeded', last_status_code: 200 });
    for (const endpoint of [redirected, slow, chatty]) await del(server, `${base}/${endpoint.id}`, master());
  });

  it('keeps delivering to others while an endpoint does not answer', async () => {
    const slow = await createEndpoint(['member.suspended']);
    const fast = await createEndpoint(['member.suspended']);
    receiver.answer(pathOf(slow), 'hang');
    await suspendSomeone();
    await until('the first delivery to the fast endpoint', () => receiver.at(pathOf(fast)).length === 1, 5000);
    // The slow endpoint's attempt holds its job until the deadline (700 ms); the next event is not held behind it.
    await suspendSomeone();
    await until('the second delivery to the fast endpoint', () => receiver.at(pathOf(fast)).length === 2, 5000);
    expect(receiver.at(pathOf(slow))[0].open).toBe(true);
    await settledDeliveries(fast, 2);
    for (const endpoint of [slow, fast]) await del(server, `${base}/${endpoint.id}`, master());
  });

  it('refuses at delivery a host that now resolves to a private address, and sends it nothing', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    // As if the name's DNS record changed after the endpoint was created: localhost resolves to loopback.
    const rebound = `https://localhost:${new URL(receiver.url).port}/rebound`;
    await server.app.knex('webhook_endpoints').where('id', endpoint.id).update({ url: rebound });
    await suspendSomeone();
    await until('the refused attempt', async () => (await deliveries(endpoint))[0]?.attempts >= 1, 5000);
    expect((await deliveries(endpoint))[0]).toMatchObject({ last_status_code: null, last_error: webhookMessages.privateAddress });
    expect(receiver.at('/rebound')).toEqual([]);
    await del(server, `${base}/${endpoint.id}`, master());
  });

  it('rotates the secret: for a day both secrets sign each delivery', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    const rotated = await server.api.post(`${base}/${endpoint.id}/secret`, undefined, { token: master() });
    expect(rotated.status).toBe(200);
    const { secret, previous_secret_expires_at: expires } = rotated.body.data as { secret: string; previous_secret_expires_at: string };
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(expires) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    await suspendSomeone();
    await settledDeliveries(endpoint, 1);
    const [request] = receiver.at(pathOf(endpoint));
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = request.headers as Record<string, string>;
    expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({ type: 'member.suspended' });
    expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({ type: 'member.suspended' });
    // A second rotation: the first secret no longer signs.
    const again = await server.api.post(`${base}/${endpoint.id}/secret`, undefined, { token: master() });
    await suspendSomeone();
    await settledDeliveries(endpoint, 2);
    const latest = receiver.at(pathOf(endpoint))[1];
    expect(new Webhook(again.body.data.secret).verify(latest.body, latest.headers as Record<string, string>)).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(latest.body, latest.headers as Record<string, string>)).toThrow();
    await del(server, `${base}/${endpoint.id}`, master());
  });

  it('sends nothing to a disabled endpoint, and enabling it clears its failures', async () => {
    const endpoint = await createEndpoint(['member.suspended'], { body: { enabled: false } });
    // The event is written in the request's transaction: none was, for a disabled endpoint.
    await suspendSomeone();
    expect(await deliveries(endpoint)).toEqual([]);
    const enabled = await server.api.patch(`${base}/${endpoint.id}`, { enabled: true, events: ['member.removed', 'member.suspended'] }, { token: master() });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, events: ['member.suspended', 'member.removed'] });
    expect((await server.api.patch(`${base}/${endpoint.id}`, { url: 'http://hooks.example.com/x' }, { token: master() })).status).toBe(422);
    await del(server, `${base}/${endpoint.id}`, master());
  });

  it('keeps a settled delivery 30 days, a pending one until it settles', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    await suspendSomeone();
    const [recent] = await settledDeliveries(endpoint, 1);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const insert = (id: string, state: string) =>
      server.app.knex('webhook_deliveries').insert({
        id,
        tenant_id: world.home.id,
        endpoint_id: endpoint.id,
        event_type: 'member.suspended',
        payload: '{}',
        state,
        attempts: 1,
        retry_step: 0,
        created_at: old,
      });
    await insert('msg_old_failed', 'failed');
    await insert('msg_old_pending', 'pending');
    expect(await purgeOldDeliveries(server.app.db)).toBe(1);
    const left = await server.app.knex('webhook_deliveries').where('endpoint_id', endpoint.id).pluck('id');
    expect(left.sort()).toEqual([recent.id, 'msg_old_pending'].sort());
    await del(server, `${base}/${endpoint.id}`, master());
    expect(await server.app.knex('webhook_attempts').where('delivery_id', recent.id)).toEqual([]);
  });

  it('publishes an event with its change: a rolled-back change sends nothing', async () => {
    const endpoint = await createEndpoint(['member.suspended']);
    const { db, jobs } = server.app.services;
    const member = { id: world.people.user.membershipId!, user_id: world.people.user.user.id, name: 'Ursula User', email: world.people.user.user.email };
    const publish = (fail: boolean) =>
      db.inTenant(world.home.id).transaction(async (org) => {
        await publishEvent(jobs, org, 'member.suspended', { member, role: 'user' });
        if (fail) throw new Error('the change failed after its event');
      });
    await expect(publish(true)).rejects.toThrow('the change failed');
    await jobs.settled();
    expect(await deliveries(endpoint)).toEqual([]);
    expect(receiver.at(pathOf(endpoint))).toEqual([]);
    await publish(false);
    expect(await settledDeliveries(endpoint, 1)).toEqual([expect.objectContaining({ state: 'succeeded' })]);
    await del(server, `${base}/${endpoint.id}`, master());
  });
});

describe.each(databaseKinds)('a failing webhook endpoint on %s', (kind) => {
  let context: TestContext;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    context = await startTestServer(kind, {
      webhooks: { allowedHosts: ['127.0.0.1'], retryDelaysMs: [200, 200, 200], disableAfterMs: 300, timeoutMs: 1000, rotationOverlapMs: 1000 },
    });
  });
  afterAll(async () => {
    await context.cleanup();
    await receiver.close();
  });

  it('is disabled once it has failed for the configured time, its pending deliveries fail, and its masters are emailed', async () => {
    const { server } = context;
    const world = await buildWorld(server);
    const base = `/tenants/${world.home.id}/webhooks`;
    receiver.answer('/down', { status: 502 });
    const created = await server.api.post(base, { url: `${receiver.url}/down`, events: ['member.suspended'] }, { token: world.people.master.token });
    const someone = await person(server, { tenantId: world.home.id, role: 'user' });
    await server.api.patch(`/tenants/${world.home.id}/tenant-users/${someone.membershipId}`, { is_active: false }, { token: world.people.master.token });
    await until(
      'the endpoint disabled',
      async () => (await server.api.get(`${base}/${created.body.data.id}`, { token: world.people.master.token })).body.data.enabled === false,
      8000,
    );
    const endpoint = (await server.api.get(`${base}/${created.body.data.id}`, { token: world.people.master.token })).body.data;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const mail = await waitForMail(context.dataDir, world.people.master.user.email, { subject: /Webhook endpoint disabled/ });
    expect(mail.text).toContain(`${receiver.url}/down`);
    const [delivery] = (await server.api.get(`${base}/${endpoint.id}/deliveries`, { token: world.people.master.token })).body.data as DeliveryView[];
    expect(delivery.state).toBe('failed');
    const replay = await server.api.post(`${base}/${endpoint.id}/deliveries/${delivery.id}/replay`, undefined, { token: world.people.master.token });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(webhookMessages.replayDisabled);
  });
});
