import { styled } from '@tessera/widgets/stitches';
import { Alert } from '@tessera/widgets/ui';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../guards/access';
import { useSession } from '../../state/session';
import { useTokens } from '../../state/tokens';
import { AppLink } from '../../ui/AppLink';
import { MAIN_ID, SkipLink } from '../../ui/SkipLink';
import { Toasts } from '../../ui/Toasts';
import { useOrganizationContext } from '../organization/organizationContext';
import { Main } from './Chrome';
import { Sidebar } from './Sidebar';
import { sidebarLinks } from './sidebar';
import { TopBar } from './TopBar';

const Body = styled('div', {
  display: 'flex',
  minHeight: 'calc(100vh - 65px)',
  '@media (max-width: 575.98px)': { flexDirection: 'column' },
});

/** The notice of spec 2.3: unconfirmed email, on every authenticated page but the profile. */
function EmailNotice() {
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

/**
 * The frame of authenticated routes (spec 2.3): the top bar, the sidebar of the role, the page, and the toast
 * region that announces completed actions.
 */
export function AppShell() {
  const user = useSession((state) => state.user);
  const organization = useOrganizationContext();
  const { pathname } = useLocation();
  useLeaveWhenLoggedOut();
  if (!user) return null;
  const links = sidebarLinks(
    organization ? { area: 'organization', role: organization.role, organization: organization.organization } : { area: 'platform', isOwner: user.is_owner },
  );
  return (
    <>
      <SkipLink />
      <TopBar user={user} organization={organization} />
      <Body>
        {links.length ? <Sidebar label={organization ? 'Organization' : 'Owner'} links={links} /> : null}
        <Main layout="app" id={MAIN_ID} tabIndex={-1}>
          {!user.is_confirmed && pathname !== '/profile' ? <EmailNotice /> : null}
          <Outlet />
        </Main>
      </Body>
      <Toasts />
    </>
  );
}
