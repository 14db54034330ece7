import type { TokenPair } from '@tessera/sdk';
import { LoginWidget } from '@tessera/widgets';
import { Alert, Spinner } from '@tessera/widgets/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { clearLocalState } from '../../state/localState';
import { useSession } from '../../state/session';
import { Main } from '../shell/Chrome';
import { useAfterLogin } from './afterLogin';
import { renderAppLink } from './renderAppLink';

interface HandedTokens {
  tokens: TokenPair;
  redirect: string | null;
}

/**
 * Reads tokens a host page hands in through the URL fragment (#access_token=...&refresh_token=...
 * &redirect=...). A fragment never reaches the server, so the tokens stay out of its logs.
 */
function tokensFromFragment(hash: string): HandedTokens | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return null;
  return { tokens: { accessToken, refreshToken }, redirect: params.get('redirect') };
}

/** Adopts handed-in tokens once; answers the API's error message when they do not work. */
function useHandedTokens(afterLogin: (redirect: string | null) => Promise<void>, queryRedirect: string | null) {
  const [handed] = useState(() => tokensFromFragment(window.location.hash));
  const [error, setError] = useState<string | null>(null);
  const [adopting, setAdopting] = useState(handed !== null);
  const started = useRef(false);

  useEffect(() => {
    if (!handed || started.current) return;
    started.current = true;
    // Take the tokens out of the address bar and the history entry.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    client.loginWithTokens(handed.tokens);
    const session = useSession.getState();
    session.reset();
    void session.load({ routeErrors: false }).then((failure) => {
      if (!failure) return afterLogin(handed.redirect ?? queryRedirect);
      clearLocalState();
      setError(failure.error.message);
      setAdopting(false);
    });
  }, [handed, afterLogin, queryRedirect]);

  return { adopting, error };
}

/**
 * /mlogin (spec 2.1): chromeless login helper for host pages. Two entry points: the login form with
 * a `redirect` query parameter, or access and refresh tokens (and a redirect) in the URL fragment.
 */
export function MloginPage() {
  usePageTitle('Log In');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const afterLogin = useAfterLogin();
  const { adopting, error } = useHandedTokens(afterLogin, redirect);

  return (
    <Main layout="centered">
      {adopting ? (
        <Spinner label="Logging in" />
      ) : (
        <>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <LoginWidget client={client} headingLevel={1} renderLink={renderAppLink} onLogin={() => afterLogin(redirect)} />
        </>
      )}
    </Main>
  );
}
