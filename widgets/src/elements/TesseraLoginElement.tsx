import { useMemo } from 'react';
import { getPageClient } from '../provider/TesseraProvider.js';
import { LoginWidget } from '../login/LoginWidget.js';
import { ShadowStyles } from '../shadow/ShadowStyles.js';
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
  const { accessToken, refreshToken } = props;
  const hostTokens = useMemo(() => (accessToken && refreshToken ? { accessToken, refreshToken } : undefined), [accessToken, refreshToken]);
  const host = hostOf(props.container);
  return (
    <>
      <ShadowStyles />
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
    </>
  );
}
