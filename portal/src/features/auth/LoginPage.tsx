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

/** /login?email=&redirect= (spec 2.5): the login widget, then the redirect URL or home; or single sign-on (issue 33). */
export function LoginPage() {
  usePageTitle('Log In');
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  const { email, onInput } = useTypedEmail(params.get('email'));
  const redirect = params.get('redirect');
  const sso = ssoHref(email, redirect);
  return (
    <Stack onInput={onInput}>
      <LoginWidget
        client={client}
        initialEmail={params.get('email') ?? undefined}
        headingLevel={1}
        autoFocus
        renderLink={renderAppLink}
        onLogin={() => afterLogin(redirect)}
      />
      <Text css={{ textAlign: 'center' }}>
        <AppLink to={sso}>Log in with single sign-on</AppLink>
      </Text>
    </Stack>
  );
}
