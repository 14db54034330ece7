import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../api/client';
import { fakeApi } from '../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../test/fixtures';
import { useHistoryStore } from './history';
import { clearLocalState, logOut } from './localState';
import { currentOrganization, SESSION_STORAGE_KEY, useSession } from './session';
import { useTokens } from './tokens';

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
});

describe('tokens', () => {
  it('persist in localStorage through the SDK store and show in the React store', () => {
    tokenStore.set(TOKENS);
    expect(JSON.parse(localStorage.getItem('tessera.tokens') ?? 'null')).toEqual(TOKENS);
    expect(useTokens.getState().tokens).toEqual(TOKENS);
  });

  it('follow a logout in another tab', () => {
    tokenStore.set(TOKENS);
    localStorage.removeItem('tessera.tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'tessera.tokens', newValue: null }));
    expect(useTokens.getState().tokens).toBeNull();
  });
});

describe('session', () => {
  it('loads the current user, and the configuration only once', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    expect(await useSession.getState().load()).toBeNull();
    expect(await useSession.getState().load()).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: { email: 'learner@example.com' }, config: CONFIG });
    expect(api.requests.map((request) => request.path)).toEqual(['/api/users/me', '/api/config', '/api/users/me']);
    expect(api.requests[0].authorization).toBe('Bearer access-1');
  });

  it('asks for the configuration beside the current user, not after it', async () => {
    tokenStore.set(TOKENS);
    const asked: string[] = [];
    let answerMe: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        asked.push(path);
        const body = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
        if (path === '/api/config') return body(CONFIG);
        return new Promise<Response>((resolve) => (answerMe = () => resolve(body(aUser()))));
      }),
    );
    const loading = useSession.getState().load();
    await vi.waitFor(() => expect(asked).toEqual(['/api/users/me', '/api/config']));
    answerMe();
    expect(await loading).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: { email: 'learner@example.com' }, config: CONFIG });
  });

  it('a preload answers every load of the first navigation, even one asked for after its answer; later loads ask again', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    let settleNavigation = () => {};
    useSession.getState().preload(new Promise<void>((resolve) => (settleNavigation = resolve)));
    // The guards, while it runs; the organization's loader, once its code has arrived (after the answer).
    expect(await useSession.getState().ensureLoaded({ routeErrors: false })).toBeNull();
    expect(await useSession.getState().load({ routeErrors: false })).toBeNull();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/users/me', '/api/config']);
    expect(useSession.getState().user).toMatchObject({ email: 'learner@example.com' });
    settleNavigation();
    await Promise.resolve();
    await useSession.getState().load({ routeErrors: false });
    expect(api.requests.map((request) => request.path)).toEqual(['/api/users/me', '/api/config', '/api/users/me']);
  });

  it('every load asked for while the preload runs answers from it (the guards, then the organization loader)', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    useSession.getState().preload(new Promise(() => {}));
    const guard = useSession.getState().ensureLoaded({ routeErrors: false });
    const organization = useSession.getState().load({ routeErrors: false });
    expect(await Promise.all([guard, organization])).toEqual([null, null]);
    expect(api.requests.map((request) => request.path)).toEqual(['/api/users/me', '/api/config']);
  });

  it('a failed preload is loaded again by the first load, with its options', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 503, body: { message: 'Down', code: 'server_error' }, once: true },
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    useSession.getState().preload(new Promise(() => {}));
    expect(await useSession.getState().load({ routeErrors: false })).toBeNull();
    expect(api.requests.filter((request) => request.path === '/api/users/me')).toHaveLength(2);
  });

  it('answers the failure of a load', async () => {
    fakeApi([{ method: 'GET', path: '/api/users/me', status: 500, body: { message: 'Server error', code: 'server_error' } }]);
    expect(await useSession.getState().load({ routeErrors: false })).toMatchObject({ status: 500 });
    expect(useSession.getState().user).toBeNull();
  });

  it('answers the current organization from the memberships', () => {
    const tenant = aTenant('Acme Training', { id: 'org-1' });
    const user = aUser({ memberships: [aMembership({ role: 'admin', tenant })] });
    expect(currentOrganization({ user, organizationId: 'org-1' })).toEqual(tenant);
    expect(currentOrganization({ user, organizationId: 'org-2' })).toBeNull();
  });

  it('persists the current organization, not the user', () => {
    useSession.setState({ user: aUser() });
    useSession.getState().setOrganization('org-1');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toEqual({ organizationId: 'org-1' });
  });
});

describe('logout', () => {
  it('clears tokens, session and persisted state', () => {
    tokenStore.set(TOKENS);
    useSession.setState({ user: aUser(), config: CONFIG });
    useSession.getState().setOrganization('org-1');
    useHistoryStore.getState().remember('/about');
    expect(sessionStorage.getItem('tessera.history')).toContain('/about');
    clearLocalState();
    expect(sessionStorage.getItem('tessera.history')).toBeNull();
    expect(useHistoryStore.getState().previousPath).toBeNull();
    expect(localStorage.getItem('tessera.tokens')).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, config: null, organizationId: null });
    expect(useTokens.getState().tokens).toBeNull();
  });

  it('revokes the session on the server with the access token', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([{ method: 'POST', path: '/api/token', status: 204 }]);
    await logOut();
    expect(api.requests).toMatchObject([{ method: 'POST', path: '/api/token', authorization: 'Bearer access-1' }]);
    expect(tokenStore.get()).toBeNull();
  });
});
