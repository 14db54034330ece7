import { Alert, Spinner } from '@tessera/widgets/ui';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ApiFailure } from '../../api/outcome';
import { TOO_MANY_REQUESTS } from '../../api/outcome';
import { useSession } from '../../state/session';
import { useTokens } from '../../state/tokens';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { confirmEmail, loginHref } from './authCalls';

type Confirmation = { state: 'confirming' } | { state: 'confirmed' } | { state: 'failed'; messages: string[] };

/** Failure shows the server's errors for email or other (spec 2.5, 8): every message the answer carries. */
function confirmationMessages(failure: ApiFailure): string[] {
  if (failure.status === 429) return [TOO_MANY_REQUESTS];
  const { email = [], ...rest } = failure.error.errors ?? {};
  const messages = [...email, ...Object.values(rest).flat()];
  return messages.length ? messages : [failure.error.message];
}

/** Sends the confirmation once, even when React runs the effect twice (StrictMode). */
function useConfirmation(token: string, email: string | null): Confirmation {
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'confirming' });
  const sent = useRef(false);
  const isAuthenticated = useTokens((state) => state.tokens !== null);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirmEmail(email ? { token, email } : { token }).then(async (outcome) => {
      if (outcome.ok) {
        // A logged-in person's notice and banner disappear with the fresh user.
        if (isAuthenticated) await useSession.getState().load();
        setConfirmation({ state: 'confirmed' });
      } else if (!outcome.routed) {
        setConfirmation({ state: 'failed', messages: confirmationMessages(outcome) });
      }
    });
  }, [token, email, isAuthenticated]);

  return confirmation;
}

/** /confirm-email/:token?email= (spec 2.5), open to anyone. */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const email = useSearchParams()[0].get('email');
  const confirmation = useConfirmation(token, email);
  const isAuthenticated = useTokens((state) => state.tokens !== null);

  return (
    <CardPage title="Confirm Email">
      {confirmation.state === 'confirming' ? <Spinner label="Confirming your email" /> : null}
      {confirmation.state === 'confirmed' ? (
        <>
          <Alert tone="success">Thank you for confirming your email.</Alert>
          <Text>{isAuthenticated ? <AppLink to="/">Go to your organizations</AppLink> : <AppLink to={loginHref(email)}>Log in</AppLink>}</Text>
        </>
      ) : null}
      {confirmation.state === 'failed' ? <FormFailure messages={confirmation.messages} /> : null}
    </CardPage>
  );
}
