import type { TesseraClient } from '@tessera/sdk';
import { LoginWidget } from '@tessera/widgets';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Stack, Text } from '../../ui/Page';
import { useAfterLogin } from './afterLogin';
import { renderAppLink } from './renderAppLink';

/**
 * The email as the person types it into the widget's form (its inputs' events bubble here), so the single sign-on
 * link carries it.
 */
function useTypedEmail(initial: string | null) {
  const [email, setEmail] = useState(initial ?? '');
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.name === 'email') setEmail(input.value);
  };
  return { email, onInput };
}

/** The /sso page with the email typed so far and the redirect asked for (each only when there is one). */
function ssoHref(email: string, redirect: string | null): string {
  const query = new URLSearchParams();
  if (email.trim()) query.set('email', email.trim());
  if (redirect) query.set('redirect', redirect);
  return query.size ? `/sso?${query.toString()}` : '/sso';
}

export interface LoginCardProps {
  /** The client the login form calls `login` on: the portal's, or an authorization request's (AuthorizePage). */
  loginClient?: TesseraClient;
  initialEmail?: string | null;
  /** Where "Log in with single sign-on" goes on with (the /login page's redirect); without it the link is not shown. */
  ssoRedirect?: string | null;
  showSso?: boolean;
  onLogin: () => void;
}

/** The login card of /login, also shown by /authorize/:uid (the same form, texts and validation messages). */
export function LoginCard({ loginClient = client, initialEmail, ssoRedirect = null, showSso = true, onLogin }: LoginCardProps) {
  const { email, onInput } = useTypedEmail(initialEmail ?? null);
  const sso = ssoHref(email, ssoRedirect);
  return (
    <Stack onInput={onInput}>
      <LoginWidget client={loginClient} initialEmail={initialEmail ?? undefined} headingLevel={1} autoFocus renderLink={renderAppLink} onLogin={onLogin} />
      {showSso ? (
        <Text css={{ textAlign: 'center' }}>
          <AppLink to={sso}>Log in with single sign-on</AppLink>
        </Text>
      ) : null}
    </Stack>
  );
}

/** /login?email=&redirect= (spec 2.5): the login widget, then the redirect URL or home; or single sign-on (issue 33). */
export function LoginPage() {
  usePageTitle('Log In');
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  const redirect = params.get('redirect');
  return <LoginCard initialEmail={params.get('email')} ssoRedirect={redirect} onLogin={() => afterLogin(redirect)} />;
}
