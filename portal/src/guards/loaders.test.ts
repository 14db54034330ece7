import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../api/client';
import { useHistoryStore } from '../state/history';
import { useSession } from '../state/session';
import { fakeApi } from '../test/fakeApi';
import { aUser, CONFIG, TOKENS } from '../test/fixtures';
import { authenticatedLoader, guestOnlyLoader } from './loaders';

function args(path: string) {
  return { request: new Request(`http://localhost:3000${path}`), params: {}, context: undefined, unstable_pattern: path } as never;
}

async function redirectOf(run: () => unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
  useHistoryStore.getState().forget();
});

describe('authenticatedLoader', () => {
  it('sends a visitor without tokens to /login with the path', async () => {
    expect(await redirectOf(() => authenticatedLoader(args('/profile')))).toBe('/login?redirect=%2Fprofile');
  });

  it('loads the user and configuration, then lets the screen render', async () => {
    tokenStore.set(TOKENS);
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    expect(await redirectOf(() => authenticatedLoader(args('/profile')))).toBeNull();
    expect(useSession.getState().user?.email).toBe('learner@example.com');
  });

  it.each([
    [500, '/whoops'],
    [403, '/forbidden'],
  ])('answers a %i while loading with the global error page', async (status, page) => {
    tokenStore.set(TOKENS);
    fakeApi([{ method: 'GET', path: '/api/users/me', status, body: { message: 'no', code: 'x' } }]);
    expect(await redirectOf(() => authenticatedLoader(args('/')))).toBe(page);
  });

  it('sends to /login and forgets the tokens when the session cannot be refreshed', async () => {
    tokenStore.set(TOKENS);
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
      { method: 'POST', path: '/api/token', status: 400, body: { message: 'invalid_grant', code: 'invalid_grant' } },
    ]);
    expect(await redirectOf(() => authenticatedLoader(args('/profile')))).toBe('/login?redirect=%2Fprofile');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('guestOnlyLoader', () => {
  it('lets guests in', async () => {
    expect(await redirectOf(() => guestOnlyLoader(args('/login')))).toBeNull();
  });

  it('sends an authenticated visitor to the redirect query, else the previous path, else home', async () => {
    tokenStore.set(TOKENS);
    expect(await redirectOf(() => guestOnlyLoader(args('/login?redirect=%2Fprofile')))).toBe('/profile');
    expect(await redirectOf(() => guestOnlyLoader(args('/sign-up')))).toBe('/');
    useHistoryStore.getState().remember('/about');
    expect(await redirectOf(() => guestOnlyLoader(args('/sign-up')))).toBe('/about');
  });
});
