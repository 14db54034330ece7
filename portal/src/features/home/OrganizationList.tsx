import type { Membership, Role } from '@tessera/sdk';
import { styled } from '@tessera/widgets/theme';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/Badge';
import { Text } from '../../ui/Page';

const ROLE_NAMES: Record<Role, string> = { user: 'User', admin: 'Admin', master: 'Master' };

const List = styled('ul', { display: 'flex', flexDirection: 'column', gap: '$2', margin: 0, padding: 0, listStyle: 'none' });

const Item = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2 $3',
  padding: '$3 $4',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
});

const Name = styled('span', { fontWeight: '$bold', marginRight: 'auto' });

/** Organizations by name, so the list reads the same on every visit. */
export function sortedMemberships(memberships: Membership[]): Membership[] {
  return [...memberships].sort((a, b) => a.tenant.name.localeCompare(b.tenant.name));
}

/** The Your Organizations tab (spec 2.4): name, role badge and suspended badge per membership. */
export function OrganizationList({ memberships }: { memberships: Membership[] }) {
  if (!memberships.length) {
    return <Text>You are not a member of any organization yet. Ask to join one under Request Access.</Text>;
  }
  return (
    <List aria-label="Your organizations">
      {sortedMemberships(memberships).map((membership) => (
        <Item key={membership.id}>
          <Name>{membership.tenant.name}</Name>
          <Badge tone="info">{ROLE_NAMES[membership.role]}</Badge>
          {membership.is_active ? null : <Badge tone="bad">Suspended</Badge>}
          <Text tone="muted">Joined {formatDate(membership.created_at)}</Text>
        </Item>
      ))}
    </List>
  );
}
