import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, Interaction, TesseraClient } from '@tessera/sdk';
import { Alert, Button, Spinner } from '@tessera/widgets/ui';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { useSession } from '../../state/session';
import { isAuthenticated } from '../../state/tokens';
import { usePageTitle } from '../../lib/usePageTitle';
import { CardPage, Row, Stack, Text } from '../../ui/Page';
import { fetchInteraction, finishInteraction, interactionLogin } from './authorizeCalls';
import { LoginCard } from './LoginPage';

/** What each scope lets the application read, as the consent page lists it. */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Know who you are: your Tessera account',
  profile: 'Your name',
  email: 'Your email address, and whether it is confirmed',
};

/** The browser leaves for the provider's next step (its resume URL), as a full navigation: it sets its cookies. */
function goOn(redirectTo: string) {
  window.location.assign(redirectTo);
}

/**
 * The portal's client with its `login` answered by the authorization request's login (authorizeCalls.ts): the login
 * card's form, messages and checks stay the portal's own, and on success the browser goes on to the provider.
 */
function useInteractionClient(uid: string): TesseraClient {
  return useMemo(() => {
    const wrapped = Object.create(client) as TesseraClient;
    wrapped.login = async (email, password) => {
      const result = await interactionLogin(uid, email, password);
      if (result.ok && result.redirectTo) goOn(result.redirectTo);
      return result;
    };
    return wrapped;
  }, [uid]);
}

/** The request's details, asked for once: a request does not change while its page is open. */
function useInteraction(uid: string): { interaction?: Interaction; error?: string } {
  const { data: answer } = useQuery({ queryKey: ['interaction', uid], queryFn: () => fetchInteraction(uid), staleTime: Infinity, retry: false });
  if (!answer) return {};
  return answer.ok ? { interaction: answer.interaction } : { error: answer.message };
}

/**
 * The person signed in to the portal in this browser, if any: loaded when the portal holds a login (the request may
 * come back here after single sign-on, the only way in when the person's organization enforces it).
 */
function usePortalUser(): CurrentUser | null {
  const user = useSession((state) => state.user);
  useEffect(() => {
    if (isAuthenticated()) void useSession.getState().ensureLoaded({ routeErrors: false });
  }, []);
  return isAuthenticated() ? user : null;
}

/** "Continue as …": the request takes the portal's login, so the person types no password again. */
function ContinueAs({ uid, user }: { uid: string; user: CurrentUser }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const continueAs = async () => {
    setPending(true);
    const answer = await apiCall(client.POST('/interactions/{uid}/continue', { params: { path: { uid } } }), { routeErrors: false });
    if (answer.ok) goOn(answer.data.redirect_to);
    else {
      setPending(false);
      setError(answer.error.message);
    }
  };
  return (
    <Stack>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Text css={{ textAlign: 'center' }}>
        You are signed in to Tessera as <strong>{user.name}</strong> ({user.email}).
      </Text>
      <Row css={{ justifyContent: 'center' }}>
        <Button isPending={pending} onPress={() => void continueAs()}>
          Continue as {user.name}
        </Button>
      </Row>
      <Text css={{ textAlign: 'center' }}>Or log in with another account:</Text>
    </Stack>
  );
}

function Decline({ uid, label, onError }: { uid: string; label: string; onError: (message: string) => void }) {
  const [pending, setPending] = useState(false);
  const decline = async () => {
    setPending(true);
    const answer = await finishInteraction(uid, 'abort');
    if ('redirectTo' in answer) goOn(answer.redirectTo);
    else {
      setPending(false);
      onError(answer.error);
    }
  };
  return (
    <Button variant="secondary" isPending={pending} onPress={() => void decline()}>
      {label}
    </Button>
  );
}

function LoginStep({ uid, interaction }: { uid: string; interaction: Interaction }) {
  usePageTitle('Log In');
  const loginClient = useInteractionClient(uid);
  const user = usePortalUser();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack>
      <Text css={{ textAlign: 'center' }}>
        <strong>{interaction.client.name}</strong> asks you to log in with your Tessera account.
      </Text>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {user ? <ContinueAs uid={uid} user={user} /> : null}
      {/* The browser navigates on in the wrapped client's login; nothing else to do here. Single sign-on comes back
          to this page signed in to the portal, and the person continues as themselves. */}
      <LoginCard loginClient={loginClient} ssoRedirect={`/authorize/${encodeURIComponent(uid)}`} onLogin={() => undefined} />
      <Row css={{ justifyContent: 'center' }}>
        <Decline uid={uid} label="Cancel" onError={setError} />
      </Row>
    </Stack>
  );
}

function ConsentStep({ uid, interaction }: { uid: string; interaction: Interaction }) {
  const title = `Allow ${interaction.client.name} to use your Tessera account?`;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allow = async () => {
    setPending(true);
    const answer = await finishInteraction(uid, 'consent');
    if ('redirectTo' in answer) goOn(answer.redirectTo);
    else {
      setPending(false);
      setError(answer.error);
    }
  };
  return (
    <CardPage title={title}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Text>{interaction.client.name} will be able to:</Text>
      <ul aria-label="What the application asks for">
        {interaction.scopes.map((scope) => (
          <li key={scope}>{SCOPE_DESCRIPTIONS[scope] ?? scope}</li>
        ))}
      </ul>
      <Text>It will not be able to act in Tessera for you. You are asked this once for this application.</Text>
      <Row>
        <Button isPending={pending} onPress={() => void allow()}>
          Allow
        </Button>
        <Decline uid={uid} label="Deny" onError={setError} />
      </Row>
    </CardPage>
  );
}

/**
 * /authorize/:uid: an application asked Tessera's authorization endpoint to sign the person in ("Log in with
 * Tessera", or the login widget's popup). The provider sends the browser here to log in with the portal's own login
 * card (or, signed in to the portal already, to continue as that person), then, for a partner's application, to
 * allow it the scopes it asks (once per application and scopes).
 */
export function AuthorizePage() {
  const { uid = '' } = useParams();
  const { interaction, error } = useInteraction(uid);
  if (error) {
    return (
      <CardPage title="Sign-in request">
        <Alert tone="error">{error}</Alert>
      </CardPage>
    );
  }
  if (!interaction) return <Spinner label="Loading the sign-in request" />;
  return interaction.prompt === 'login' ? <LoginStep uid={uid} interaction={interaction} /> : <ConsentStep uid={uid} interaction={interaction} />;
}
