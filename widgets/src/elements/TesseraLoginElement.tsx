import { useLayoutEffect, useState } from 'react';
import type { TokenPair } from '@tessera/sdk';
import { LoginWidget } from '../login/LoginWidget.js';
import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { dispatchTesseraEvent } from '../events.js';
import { portalUrlFor } from './apiBase.js';
import { SessionGate, useElementSession } from './useElementSession.js';

/** The attributes of `<tessera-login>`, as r2wc hands them over (camelCased). */
export interface TesseraLoginAttributes {
  /** Set by r2wc: the element's shadow root, where the widget renders. */
  container?: HTMLElement | ShadowRoot;
  apiBase?: string;
  organization?: string;
  email?: string;
  accessToken?: string;
  refreshToken?: string;
  resetPasswordHref?: string;
  signUpHref?: string;
  heading?: string;
  /**
   * `popup`: "Log in with Tessera" opens a window of Tessera's origin, where the password is typed; `inline`: the
   * password form in this page. Default: `popup` when the API is on another origin than the page, else `inline`.
   */
  loginMode?: string;
}

/** r2wc's `props` declaration: every attribute is a string (callbacks travel as DOM events instead). */
export const tesseraLoginProps = {
  apiBase: 'string',
  organization: 'string',
  email: 'string',
  accessToken: 'string',
  refreshToken: 'string',
  resetPasswordHref: 'string',
  signUpHref: 'string',
  heading: 'string',
  loginMode: 'string',
} as const satisfies Record<Exclude<keyof TesseraLoginAttributes, 'container'>, 'string'>;

/** The login widget inside the custom element: its own styles, the page's client, DOM events out. */
export function TesseraLoginElement(props: TesseraLoginAttributes) {
  const element = useElementSession(props.apiBase, props.container);
  const { client, host } = element;
  const portal = portalUrlFor(client.baseUrl);
  const hostTokens = useHandedTokens(host, props.accessToken, props.refreshToken);
  // With a session provider the host signs the person in: no password form (SessionGate shows its progress).
  return (
    <ShadowFrame>
      <SessionGate element={element}>
        <LoginWidget
          client={client}
          showLoggedInState
          mode={loginModeOf(props.loginMode, client.baseUrl)}
          initialEmail={props.email}
          organization={props.organization}
          hostTokens={hostTokens}
          heading={props.heading}
          resetPasswordHref={props.resetPasswordHref || `${portal}/forgot-password`}
          signUpHref={props.signUpHref || `${portal}/sign-up`}
          onLogin={({ user }) => host && dispatchTesseraEvent(host, 'tessera-login', { user })}
          onLogout={() => host && dispatchTesseraEvent(host, 'tessera-logout', {})}
        />
      </SessionGate>
    </ShadowFrame>
  );
}

/**
 * Tokens a host hands in through `access-token` and `refresh-token`: kept here once read, and the attributes are
 * removed from the element at once, so they do not sit in the DOM for any script of the page to read later.
 */
function useHandedTokens(host: EventTarget | null, accessToken: string | undefined, refreshToken: string | undefined): TokenPair | undefined {
  const [handed, setHanded] = useState<TokenPair | undefined>();
  if (accessToken && refreshToken && (handed?.accessToken !== accessToken || handed.refreshToken !== refreshToken)) {
    setHanded({ accessToken, refreshToken });
  }
  useLayoutEffect(() => {
    if (!(host instanceof Element) || !(accessToken || refreshToken)) return;
    host.removeAttribute('access-token');
    host.removeAttribute('refresh-token');
  }, [host, accessToken, refreshToken]);
  return handed;
}

/** The `login-mode` attribute, else the safer way for the page: the popup whenever the API is another origin's. */
function loginModeOf(attribute: string | undefined, apiBase: string): 'inline' | 'popup' {
  if (attribute === 'inline' || attribute === 'popup') return attribute;
  return new URL(apiBase, location.href).origin === location.origin ? 'inline' : 'popup';
}
