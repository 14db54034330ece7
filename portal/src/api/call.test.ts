import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { apiCall } from './call';
import { client } from './client';
import { setErrorRouter, type ErrorRouter } from './errorRouting';
import { globalRouteFor } from './outcome';

describe('globalRouteFor', () => {
  it('maps the spec section 8 statuses to their pages', () => {
    expect(globalRouteFor(0)).toBe('/no-response');
    expect(globalRouteFor(403)).toBe('/forbidden');
    expect(globalRouteFor(404)).toBe('/not-found');
    expect(globalRouteFor(500)).toBe('/whoops');
    expect(globalRouteFor(503)).toBe('/whoops');
  });

  it('leaves statuses that screens show to the screens', () => {
    for (const status of [400, 401, 409, 422, 429]) expect(globalRouteFor(status)).toBeNull();
  });
});

describe('apiCall', () => {
  const router = {
    goTo: vi.fn<ErrorRouter['goTo']>(),
    unauthenticated: vi.fn<ErrorRouter['unauthenticated']>(),
    accessBlocked: vi.fn<ErrorRouter['accessBlocked']>(),
  };

  beforeEach(() => {
    router.goTo.mockReset();
    router.unauthenticated.mockReset();
    router.accessBlocked.mockReset();
    setErrorRouter(router);
  });

  it('answers the data of a success', async () => {
    fakeApi([{ method: 'GET', path: '/api/version', status: 200, body: { data: { version: '1.0.0' } } }]);
    expect(await apiCall(client.GET('/version'))).toEqual({ ok: true, data: { data: { version: '1.0.0' } } });
    expect(router.goTo).not.toHaveBeenCalled();
  });

  it.each([
    [403, '/forbidden'],
    [404, '/not-found'],
    [500, '/whoops'],
  ])('routes an unhandled %i to %s', async (status, path) => {
    fakeApi([{ method: 'GET', path: '/api/config', status, body: { message: 'no', code: 'x' } }]);
    const outcome = await apiCall(client.GET('/config'));
    expect(outcome).toMatchObject({ ok: false, status, routed: true });
    expect(router.goTo).toHaveBeenCalledWith(path);
  });

  it.each(['membership_suspended', 'email_unconfirmed'])('reports a 403 %s as an access block, not a forbidden page', async (code) => {
    fakeApi([{ method: 'GET', path: '/api/tenants/acme/groups', status: 403, body: { message: 'Blocked.', code } }]);
    const outcome = await apiCall(client.GET('/tenants/{tenantId}/groups', { params: { path: { tenantId: 'acme' } } }));
    expect(outcome).toMatchObject({ ok: false, status: 403, routed: true });
    expect(router.accessBlocked).toHaveBeenCalledWith(code);
    expect(router.goTo).not.toHaveBeenCalled();
  });

  it('routes a request without an answer to /no-response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiCall(client.GET('/version'))).toMatchObject({ ok: false, status: 0, routed: true });
    expect(router.goTo).toHaveBeenCalledWith('/no-response');
  });

  it('hands statuses the screen handles back without routing', async () => {
    const errors = { email: ['The email has already been taken.'] };
    fakeApi([{ method: 'POST', path: '/api/forgot-password', status: 422, body: { message: 'Invalid', code: 'validation_failed', errors } }]);
    const outcome = await apiCall(client.POST('/forgot-password', { body: { email: 'a@example.com' } }), { handles: [422] });
    expect(outcome).toMatchObject({ ok: false, status: 422, routed: false, error: { errors } });
    expect(router.goTo).not.toHaveBeenCalled();
  });

  it('hands everything back, unrouted, when a loader asks so', async () => {
    fakeApi([{ method: 'GET', path: '/api/config', status: 500, body: { message: 'boom', code: 'server_error' } }]);
    expect(await apiCall(client.GET('/config'), { routeErrors: false })).toMatchObject({ status: 500, routed: false });
    expect(router.goTo).not.toHaveBeenCalled();
  });

  it('reports a 401 that survived the refresh as unauthenticated', async () => {
    fakeApi([{ method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }]);
    expect(await apiCall(client.GET('/users/me'))).toMatchObject({ status: 401, routed: true });
    expect(router.unauthenticated).toHaveBeenCalled();
  });
});
