import { describe, expect, it } from 'vitest';
import { accessOf, afterLoginPath, authenticatedRedirect, guestOnlyRedirect, safeRedirect } from './access';

describe('accessOf', () => {
  it('classifies the routes of spec section 2.1', () => {
    for (const path of ['/login', '/sign-up', '/sign-up/', '/forgot-password', '/reset-password/abc', '/finish-registration/abc']) {
      expect(accessOf(path), path).toBe('guest');
    }
    for (const path of ['/whoops', '/no-response', '/forbidden', '/not-found', '/about', '/mlogin', '/logout', '/confirm-email/t']) {
      expect(accessOf(path), path).toBe('open');
    }
    for (const path of ['/', '/profile', '/acme/modules', '/reset-password']) {
      expect(accessOf(path), path).toBe('authenticated');
    }
  });
});

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirect('/profile?tab=1#top')).toBe('/profile?tab=1#top');
  });

  it('turns an absolute URL of this origin into its path', () => {
    expect(safeRedirect('http://localhost:3000/profile?x=1', 'http://localhost:3000')).toBe('/profile?x=1');
  });

  it('refuses other origins and non-paths', () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'http://evil.example/profile', '', null]) {
      expect(safeRedirect(target), String(target)).toBeNull();
    }
  });
});

describe('afterLoginPath', () => {
  it('prefers the redirect query, then the previous path, then home', () => {
    expect(afterLoginPath('/profile', '/about')).toBe('/profile');
    expect(afterLoginPath(null, '/about')).toBe('/about');
    expect(afterLoginPath('https://evil.example', null)).toBe('/');
    expect(afterLoginPath(null, null)).toBe('/');
  });

  it('never lands on a guest-only page or /logout', () => {
    expect(afterLoginPath('/login', null)).toBe('/');
    expect(afterLoginPath('/logout', null)).toBe('/');
    expect(afterLoginPath(null, '/sign-up')).toBe('/');
  });
});

describe('guards', () => {
  it('lets guests into guest-only routes and sends authenticated visitors back', () => {
    expect(guestOnlyRedirect({ authenticated: false, redirect: null, previousPath: '/profile' })).toBeNull();
    expect(guestOnlyRedirect({ authenticated: true, redirect: null, previousPath: '/profile' })).toBe('/profile');
    expect(guestOnlyRedirect({ authenticated: true, redirect: null, previousPath: null })).toBe('/');
  });

  it('sends visitors of authenticated routes to /login with the path to come back to', () => {
    expect(authenticatedRedirect({ authenticated: true, path: '/profile' })).toBeNull();
    expect(authenticatedRedirect({ authenticated: false, path: '/profile?x=1' })).toBe('/login?redirect=%2Fprofile%3Fx%3D1');
    expect(authenticatedRedirect({ authenticated: false, path: '/' })).toBe('/login');
  });
});
