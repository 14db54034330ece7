import type { Membership, Role } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Link as RouterLink } from 'react-router';
import { canUseAdminArea } from '../../guards/roles';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/Badge';
import { Text } from '../../ui/Page';
import { organizationHome } from '../shell/TopBar';

const ROLE_NAMES: Record<Role, string> = { user: 'User', admin: 'Admin', master: 'Master' };

const List = styled('ul', { display: 'flex', flexDirection: 'column', gap: '$2', margin: 0, padding: 0, listStyle: 'none' });

const Item = styled('li', {
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2 $3',
  padding: '$3 $4',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  '&:hover': { backgroundColor: '$surfaceMuted' },
  '&:focus-within': { boxShadow: '$focus' },
});

// The name's link covers the whole row, so a click anywhere opens the organization.
const Name = styled(RouterLink, {
  marginRight: 'auto',
  color: '$text',
  fontWeight: '$bold',
  textDecoration: 'none',
  outline: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: '$md' },
});

// Above the row's link: the cog is its own target.
const Cog = styled(RouterLink, {
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '$md',
  border: '1px solid $borderSubtle',
  backgroundColor: '$surface',
  color: '$text',
  textDecoration: 'none',
  outline: 'none',
  '&:hover': { backgroundColor: '$secondary' },
  '&:focus-visible': { boxShadow: '$focus' },
});

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Organizations by name, so the list reads the same on every visit. */
function sortedMemberships(memberships: Membership[]): Membership[] {
  return [...memberships].sort((a, b) => a.tenant.name.localeCompare(b.tenant.name));
}

function CogIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}

/**
 * The Your Organizations tab (spec 2.4): per membership the name, role badge, suspended badge and
 * the person's counts; a click opens the client modules, the cog (admin, master) the admin modules.
 */
export function OrganizationList({ memberships }: { memberships: Membership[] }) {
  if (!memberships.length) {
    return <Text>You are not a member of any organization yet. Ask to join one under Request Access.</Text>;
  }
  return (
    <List aria-label="Your organizations">
      {sortedMemberships(memberships).map((membership) => {
        const base = `/${encodeURIComponent(membership.tenant.slug)}`;
        return (
          <Item key={membership.id}>
            <Name to={`${base}/modules`}>{membership.tenant.name}</Name>
            <Badge tone="info">{ROLE_NAMES[membership.role]}</Badge>
            {membership.is_active ? null : <Badge tone="bad">Suspended</Badge>}
            <Text tone="muted">{plural(membership.modules_count, 'module')}</Text>
            <Text tone="muted">{plural(membership.groups_count, 'group')}</Text>
            <Text tone="muted">Joined {formatDate(membership.created_at)}</Text>
            {canUseAdminArea(membership.role) ? (
              <Cog to={organizationHome(membership.tenant, membership.role)} aria-label={`Edit ${membership.tenant.name}`}>
                <CogIcon />
              </Cog>
            ) : null}
          </Item>
        );
      })}
    </List>
  );
}
