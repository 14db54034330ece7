import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { CurrentUser, TesseraClient, TokenPair } from '@tessera/sdk';
import { useTesseraClient } from '../provider/TesseraProvider.js';
import { styled } from '../stitches.js';
import { AnchorLink, Card, Heading } from '../ui/index.js';
import { LoggedIn } from './LoggedIn.js';
import { LoginForm, type LoginSuccess } from './LoginForm.js';
import { PopupLogin } from './PopupLogin.js';
import { useAccessToken } from './useSession.js';
import { fetchCurrentUser } from './useCurrentUser.js';

export type { LoginSuccess } from './LoginForm.js';

export interface LoginWidgetProps {
  /** The SDK client; defaults to the one from the surrounding TesseraProvider. */
  client?: TesseraClient;
  initialEmail?: string;
  /** An organization id, slug or name: the logged-in state shows that membership (or its suspension). */
  organization?: string;
  onLogin?: (result: LoginSuccess) => void;
  onLogout?: () => void;
  resetPasswordHref?: string;
  signUpHref?: string;
  /** Lets a router-driven host (the portal) render its own links. */
  renderLink?: (href: string, children: ReactNode) => ReactNode;
  /** When tokens exist, show who is logged in and a Log out button instead of the form. */
  showLoggedInState?: boolean;
  /** Tokens handed in by a host page (as /mlogin's second entry point): adopted with `client.loginWithTokens`. */
  hostTokens?: TokenPair;
  /** The form's heading (default "Log In"); the logged-in state says "Your account". */
  heading?: string;
  headingLevel?: 1 | 2 | 3;
  autoFocus?: boolean;
  /**
   * `inline` (default): the email and password form in this page. `popup`: "Log in with Tessera", the password typed
   * in a window of Tessera's origin (the custom element's default on a page of another origin).
   */
  mode?: 'inline' | 'popup';
}

const Links = /* @__PURE__ */ styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$2' });

/** The login card, shared by the portal's /login and /mlogin and by `<tessera-login>`. */
export function LoginWidget(props: LoginWidgetProps) {
  const client = useTesseraClient(props.client);
  const accessToken = useAccessToken(client);
  const [knownUser, setKnownUser] = useState<CurrentUser | undefined>();
  const { onLogin, showLoggedInState = false } = props;

  useHostTokens(client, props.hostTokens, (tokens, user) => {
    setKnownUser(user);
    onLogin?.({ tokens, user });
  });

  async function loggedIn(tokens: TokenPair) {
    // The logged-in state needs the person anyway; fetching it first lets onLogin report who it is.
    const user = showLoggedInState ? await fetchCurrentUser(client).catch(() => undefined) : undefined;
    setKnownUser(user);
    onLogin?.({ tokens, user });
  }

  const showSession = showLoggedInState && accessToken !== null;
  const heading = showSession ? 'Your account' : (props.heading ?? 'Log In');
  const cardRef = useRef<HTMLElement>(null);
  useFocusAfterSwitch(cardRef, showSession);
  return (
    <Card aria-label={heading} cardRef={cardRef}>
      <Heading level={props.headingLevel ?? 2} tabIndex={-1}>
        {heading}
      </Heading>
      {showSession ? (
        <LoggedIn
          client={client}
          accessToken={accessToken}
          organization={props.organization}
          knownUser={knownUser}
          onLogout={() => {
            setKnownUser(undefined);
            props.onLogout?.();
          }}
        />
      ) : props.mode === 'popup' ? (
        <PopupLogin client={client} onSuccess={loggedIn} links={<LoginLinks {...props} />} />
      ) : (
        <LoginForm client={client} initialEmail={props.initialEmail} autoFocus={props.autoFocus} onSuccess={loggedIn} links={<LoginLinks {...props} />} />
      )}
    </Card>
  );
}

function LoginLinks({ resetPasswordHref = '/forgot-password', signUpHref = '/sign-up', renderLink }: LoginWidgetProps) {
  const link = (href: string, text: string) => (renderLink ? renderLink(href, text) : <AnchorLink href={href}>{text}</AnchorLink>);
  return (
    <Links>
      {link(resetPasswordHref, 'Reset your password')}
      {link(signUpHref, 'Sign up for an account')}
    </Links>
  );
}

/**
 * After a login or logout replaced the view that had focus (the pressed button is gone), focus goes to the new
 * view's heading instead of dropping to the page's <body>. Focus elsewhere on the page is left alone.
 */
function useFocusAfterSwitch(cardRef: { current: HTMLElement | null }, showSession: boolean) {
  const shown = useRef(showSession);
  // Whether focus was inside the card last time it moved: a removed button takes its focus away silently.
  const focusInside = useRef(false);
  useEffect(() => {
    const card = cardRef.current;
    if (!card) return undefined;
    const focusIn = () => void (focusInside.current = true);
    const focusOut = (event: FocusEvent) => void (focusInside.current = event.relatedTarget instanceof Node && card.contains(event.relatedTarget));
    card.addEventListener('focusin', focusIn);
    card.addEventListener('focusout', focusOut);
    return () => {
      card.removeEventListener('focusin', focusIn);
      card.removeEventListener('focusout', focusOut);
    };
  }, [cardRef]);
  useLayoutEffect(() => {
    if (shown.current === showSession) return;
    shown.current = showSession;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusInside.current || lost) cardRef.current?.querySelector<HTMLElement>('h1, h2, h3')?.focus();
  }, [cardRef, showSession]);
}

/**
 * Adopts tokens a host hands in, once per pair, then confirms them with GET /users/me before
 * reporting a login (tokens that do not work are cleared by the SDK and the form shows).
 */
function useHostTokens(client: TesseraClient, tokens: TokenPair | undefined, adopted: (tokens: TokenPair, user: CurrentUser) => void) {
  // The newest callback, for an answer that arrives after the host re-rendered.
  const adoptedRef = useRef(adopted);
  useLayoutEffect(() => {
    adoptedRef.current = adopted;
  });
  const accessToken = tokens?.accessToken;
  const refreshToken = tokens?.refreshToken;
  useEffect(() => {
    if (!accessToken || !refreshToken) return undefined;
    let current = true;
    const pair = { accessToken, refreshToken };
    client.loginWithTokens(pair);
    fetchCurrentUser(client).then(
      (user) => current && adoptedRef.current(client.tokenStore.get() ?? pair, user),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, accessToken, refreshToken]);
}
