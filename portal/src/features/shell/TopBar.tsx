import type { CurrentUser, TenantSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Link as RouterLink } from 'react-router';
import { canUseAdminArea, type AccessRole } from '../../guards/roles';
import { Header, Logo, LogoMark } from './Chrome';
import { UserMenu } from './UserMenu';

const Bar = styled('nav', { display: 'flex', alignItems: 'center', gap: '$4', width: '100%', minWidth: 0, '@media (max-width: 575.98px)': { gap: '$2' } });

const OrganizationLink = styled(RouterLink, {
  marginRight: 'auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: '$text',
  fontSize: '$3',
  fontWeight: '$bold',
  textDecoration: 'none',
  borderRadius: '$sm',
  outline: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { boxShadow: '$focus' },
});

const Spacer = styled('span', { marginRight: 'auto' });

/** Names longer than this leave no room for the wordmark beside them. */
const LONG_ORGANIZATION_NAME = 24;

export type LogoVariant = 'wordmark' | 'mark';

/**
 * Spec 2.3: one of two logos, chosen by the organization name. The full wordmark shows outside
 * organizations and beside short names; a long name gets the compact mark so the bar keeps its room.
 */
export function logoFor(organizationName: string | null): LogoVariant {
  return organizationName && organizationName.length > LONG_ORGANIZATION_NAME ? 'mark' : 'wordmark';
}

/** The organization name links to the modules page its role works in: admin, or client for users. */
export function organizationHome(organization: Pick<TenantSummary, 'slug'>, role: AccessRole): string {
  const base = `/${encodeURIComponent(organization.slug)}`;
  return canUseAdminArea(role) ? `${base}/admin/modules` : `${base}/modules`;
}

export interface TopBarProps {
  user: CurrentUser;
  organization: { organization: TenantSummary; role: AccessRole } | null;
}

/** The top bar of authenticated routes (spec 2.3): logo home, organization name, the account menu. */
export function TopBar({ user, organization }: TopBarProps) {
  const variant = logoFor(organization?.organization.name ?? null);
  return (
    <Header>
      <Bar aria-label="Main">
        <Logo to="/" aria-label="Tessera home" data-logo={variant}>
          <LogoMark />
          {variant === 'wordmark' ? <span aria-hidden="true">Tessera</span> : null}
        </Logo>
        {organization ? (
          <OrganizationLink to={organizationHome(organization.organization, organization.role)}>{organization.organization.name}</OrganizationLink>
        ) : (
          <Spacer />
        )}
        <UserMenu
          email={user.email}
          settingsPath={organization && organization.role !== 'owner' ? `/${encodeURIComponent(organization.organization.slug)}/content-tree` : null}
        />
      </Bar>
    </Header>
  );
}
