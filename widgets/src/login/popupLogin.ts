/**
 * The login widget's popup (issue 32 section 3): OAuth's authorization code with PKCE (RFC 7636, S256) for the
 * public client `tessera-web`, in a window of Tessera's own origin, so the password is typed there and never in the
 * partner's page, where any of its scripts could read it. Tessera's callback page (`/oauth/popup-callback`) posts
 * the code to the opener, at the origin named in `state`.
 */
import type { TesseraClient } from '@tessera/sdk';
import { obtainingVia } from '../provider/pageSession.js';

export type PopupOutcome = 'ok' | 'blocked' | 'failed';

/** What the callback page posts to its opener. */
interface AuthorizationMessage {
  type?: string;
  state?: string;
  code?: string;
  error?: string;
}

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);
const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The callback's address: `/oauth/popup-callback` on the API's origin (the redirect URI `tessera-web` has). */
const popupRedirectUri = (client: TesseraClient) => new URL('/oauth/popup-callback', client.baseUrl).href;

/**
 * Opens the sign-in window: call it from the click handler itself (a popup opened later is blocked), then waits for
 * the code, checks where it came from and exchanges it. `null` from `open` is a blocked popup.
 */
export async function loginWithPopup(client: TesseraClient, open = window.open.bind(window)): Promise<PopupOutcome> {
  const popup = open('about:blank', 'tessera-login', 'popup,width=480,height=680');
  if (!popup) return 'blocked';
  const codeVerifier = randomString();
  // Random, and the page's origin for the callback to post to (it checks it against ALLOWED_ORIGINS).
  const state = `${randomString()}.${base64url(utf8(JSON.stringify({ origin: location.origin })))}`;
  const redirectUri = popupRedirectUri(client);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'tessera-web',
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: base64url(await crypto.subtle.digest('SHA-256', utf8(codeVerifier))),
    code_challenge_method: 'S256',
    state,
  });
  popup.location.href = `${client.baseUrl}/authorize?${query}`;
  const message = await answerFrom(popup, new URL(client.baseUrl).origin, state);
  if (!message.code) return 'failed';
  const result = await obtainingVia(client, 'popup', () => client.exchangeAuthorizationCode({ code: message.code!, redirectUri, codeVerifier }));
  return result.ok ? 'ok' : 'failed';
}

/**
 * The callback's message: only from the API's origin, from this popup, with this sign-in's `state` (anything else
 * on the page's message channel is ignored). A popup closed without an answer is an empty message.
 */
function answerFrom(popup: Window, apiOrigin: string, state: string): Promise<AuthorizationMessage> {
  return new Promise((resolve) => {
    const finish = (message: AuthorizationMessage) => {
      removeEventListener('message', hear);
      clearInterval(watch);
      resolve(message);
    };
    const hear = ({ origin, source, data }: MessageEvent<AuthorizationMessage | null>) => {
      if (origin === apiOrigin && source === popup && data?.type === 'tessera-authorization' && data.state === state) finish(data);
    };
    // The callback posts, then closes the window: a close is final only once a message posted before it had time.
    const watch = setInterval(() => popup.closed && setTimeout(() => finish({}), 500), 500);
    addEventListener('message', hear);
  });
}
