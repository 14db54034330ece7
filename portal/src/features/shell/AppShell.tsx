import { styled } from '@tessera/widgets/theme';
import { Alert } from '@tessera/widgets/ui';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../guards/access';
import { useSession } from '../../state/session';
import { useTokens } from '../../state/tokens';
import { AppLink } from '../../ui/AppLink';
import { Header, Logo, Main } from './Chrome';
import { UserMenu } from './UserMenu';

const Nav = styled('nav', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%' });

/** The notice of spec 2.3: unconfirmed email, on every authenticated page but the profile. */
export function EmailNotice() {
  return (
    <Alert tone="warning">
      <AppLink to="/profile">Your email needs confirmation</AppLink>
    </Alert>
  );
}

/** Tokens can vanish under a page (a logout in another tab): then the person logs in again. */
function useLeaveWhenLoggedOut() {
  const hasTokens = useTokens((state) => state.tokens !== null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!hasTokens) navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  }, [hasTokens, navigate, pathname, search]);
}

/** The frame of authenticated routes: a minimal top bar (the full shell and sidebars come later). */
export function AppShell() {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  useLeaveWhenLoggedOut();
  if (!user) return null;
  return (
    <>
      <Header>
        <Nav aria-label="Main">
          <Logo to="/">Tessera</Logo>
          <UserMenu email={user.email} />
        </Nav>
      </Header>
      <Main layout="wide">
        {!user.is_confirmed && pathname !== '/profile' ? <EmailNotice /> : null}
        <Outlet />
      </Main>
    </>
  );
}
