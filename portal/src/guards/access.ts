/**
 * Who may see which path (spec section 2.1). Decisions are pure functions so they can be tested
 * without a router; the loaders in ./loaders apply them.
 */
export type Access = 'guest' | 'open' | 'authenticated';

const GUEST_ONLY = [
  /^\/login\/?$/,
  /^\/sign-up\/?$/,
  /^\/forgot-password\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  /^\/finish-registration\/[^/]+\/?$/,
  /^\/sso\/?$/,
];
const OPEN = [
  /^\/whoops\/?$/,
  /^\/no-response\/?$/,
  /^\/forbidden\/?$/,
  /^\/not-found\/?$/,
  /^\/about\/?$/,
  /^\/mlogin\/?$/,
  /^\/logout\/?$/,
  /^\/confirm-email\/[^/]+\/?$/,
  /^\/sso\/complete\/?$/,
];

export function accessOf(pathname: string): Access {
  if (GUEST_ONLY.some((pattern) => pattern.test(pathname))) return 'guest';
  if (OPEN.some((pattern) => pattern.test(pathname))) return 'open';
  return 'authenticated';
}

const HOME_PATH = '/';

/**
 * A redirect target this app may follow: a path on this origin (an absolute URL of this origin
 * becomes its path). Anything else (another origin, protocol-relative `//host`, `javascript:`) is
 * refused, so a crafted link cannot send a freshly logged-in person elsewhere.
 */
export function safeRedirect(target: string | null | undefined, origin = currentOrigin()): string | null {
  if (!target) return null;
  if (!target.startsWith('/')) return sameOriginPath(target, origin);
  if (target.startsWith('//') || target.startsWith('/\\')) return null;
  return sameOriginPath(target, origin);
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://portal.invalid' : window.location.origin;
}

function sameOriginPath(target: string, origin: string): string | null {
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Where a person goes after logging in: the redirect query, else the previous path, else home. */
export function afterLoginPath(redirect: string | null | undefined, previousPath: string | null | undefined): string {
  const fromPrevious = previousPath && accessOf(previousPath.split('?')[0]) !== 'guest' ? safeRedirect(previousPath) : null;
  const target = safeRedirect(redirect) ?? fromPrevious ?? HOME_PATH;
  // Never land on a guest-only page or /logout right after logging in.
  const path = target.split(/[?#]/)[0];
  return accessOf(path) === 'guest' || path.startsWith('/logout') ? HOME_PATH : target;
}

/** Guest-only routes send an authenticated visitor back (spec 2.1); null lets the visitor in. */
export function guestOnlyRedirect(input: { authenticated: boolean; redirect: string | null; previousPath: string | null }): string | null {
  return input.authenticated ? afterLoginPath(input.redirect, input.previousPath) : null;
}

export function loginPathFor(currentPath: string): string {
  return currentPath === HOME_PATH ? '/login' : `/login?redirect=${encodeURIComponent(currentPath)}`;
}

/** Authenticated routes send visitors to /login, remembering where they were going. */
export function authenticatedRedirect(input: { authenticated: boolean; path: string }): string | null {
  return input.authenticated ? null : loginPathFor(input.path);
}
