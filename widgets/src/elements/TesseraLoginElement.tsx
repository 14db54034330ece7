import { useLayoutEffect, useState } from 'react';
import type { TokenPair } from '@tessera/sdk';
import { getPageClient } from '../provider/TesseraProvider.js';
import { LoginWidget } from '../login/LoginWidget.js';
import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { useSessionEvents } from '../login/useSession.js';
import { dispatchTesseraEvent } from '../events.js';
import { defaultApiBase, portalUrlFor } from './apiBase.js';
import { hostOf } from './host.js';

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
} as const satisfies Record<Exclude<keyof TesseraLoginAttributes, 'container'>, 'string'>;

/** The login widget inside the custom element: its own styles, the page's client, DOM events out. */
export function TesseraLoginElement(props: TesseraLoginAttributes) {
  const apiBase = props.apiBase || defaultApiBase();
  const client = getPageClient(apiBase);
  const portal = portalUrlFor(apiBase);
  const host = hostOf(props.container);
  const hostTokens = useHandedTokens(host, props.accessToken, props.refreshToken);
  useSessionEvents(client, host);
  return (
    <ShadowFrame>
      <LoginWidget
        client={client}
        showLoggedInState
        initialEmail={props.email}
        organization={props.organization}
        hostTokens={hostTokens}
        heading={props.heading}
        resetPasswordHref={props.resetPasswordHref || `${portal}/forgot-password`}
        signUpHref={props.signUpHref || `${portal}/sign-up`}
        onLogin={({ user }) => host && dispatchTesseraEvent(host, 'tessera-login', { user })}
        onLogout={() => host && dispatchTesseraEvent(host, 'tessera-logout', {})}
      />
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
