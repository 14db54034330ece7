import { LoginWidget } from '@tessera/widgets';
import { useSearchParams } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAfterLogin } from './afterLogin';
import { renderAppLink } from './renderAppLink';

/** /login?email=&redirect= (spec 2.5): the login widget, then the redirect URL or home. */
export function LoginPage() {
  usePageTitle('Log In');
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  return (
    <LoginWidget
      client={client}
      initialEmail={params.get('email') ?? undefined}
      headingLevel={1}
      autoFocus
      renderLink={renderAppLink}
      onLogin={() => afterLogin(params.get('redirect'))}
    />
  );
}
