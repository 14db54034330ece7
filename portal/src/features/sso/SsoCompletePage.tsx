import { Alert, Spinner } from '@tessera/widgets/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../ui/AppLink';
import { CardPage, Text } from '../../ui/Page';
import { useAfterLogin } from '../auth/afterLogin';
import { failedMessage } from './SsoPage';
import { completionFromFragment, exchangeSsoLogin, type SsoCompletion } from './signInCalls';

/** Where the person lands: the redirect asked for, else the organization's page, else home (afterLoginPath checks it). */
function landing(completion: SsoCompletion): string | null {
  return completion.redirect ?? (completion.organization ? `/${encodeURIComponent(completion.organization)}` : null);
}

/**
 * Exchanges the fragment's login code once (it is single use: a second render must not spend it again), then does
 * what a password login does next. Answers what went wrong, if anything.
 */
function useCompletion() {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [completion] = useState(() => completionFromFragment(hash));
  const [error, setError] = useState<string | null>(completion ? null : 'The sign-in link is incomplete.');
  const started = useRef(false);

  useEffect(() => {
    if (!completion || started.current) return;
    started.current = true;
    // The code leaves the address bar and the history entry: it is spent either way.
    void navigate(`${pathname}${search}`, { replace: true });
    void exchangeSsoLogin(completion.code).then((answer) => {
      if ('error' in answer) setError(answer.error);
      else void afterLogin(landing(completion));
    });
  }, [completion, afterLogin, navigate, pathname, search]);

  return error;
}

/**
 * /sso/complete#login=<code>&organization=<slug>&redirect=<path>: where the server's callback sends the browser back
 * from the identity provider. The person is signed in exactly as after a password login: the same tokens, stored the
 * same way, the current user and configuration loaded, then the redirect or the organization's page.
 */
export function SsoCompletePage() {
  const error = useCompletion();
  return (
    <CardPage title="Single sign-on">
      {error ? (
        <>
          <Alert tone="error">{failedMessage(error)}</Alert>
          <Text>
            <AppLink to="/sso">Try again</AppLink> or <AppLink to="/login">log in with a password</AppLink>.
          </Text>
        </>
      ) : (
        <Spinner label="Signing you in" />
      )}
    </CardPage>
  );
}
