import { styled } from '@tessera/widgets/stitches';
import type { UserSummary } from '@tessera/sdk';
import type { ReactNode } from 'react';
import { Badge } from './Badge';

const Box = styled('div', { display: 'flex', flexDirection: 'column', gap: '2px' });
const Name = styled('span', { fontWeight: '$medium' });
const Email = styled('span', { color: '$textMuted', fontSize: '$1' });
const Badges = styled('span', { display: 'flex', flexWrap: 'wrap', gap: '$1' });

/** A person in a table: name, email, and badges (Owner, Me, Account Locked...). */
export function PersonCell({ name, email, badges }: { name: string; email: string; badges?: ReactNode }) {
  return (
    <Box>
      {/* An invited person has no name until they finish registration. */}
      <Name>{name || email}</Name>
      <Email>{email}</Email>
      {badges ? <Badges>{badges}</Badges> : null}
    </Box>
  );
}

/** Account Locked when the account is suspended or banned; Not Confirmed until the email is confirmed (spec 2.9). */
export function PersonBadges({ user }: { user: Pick<UserSummary, 'is_active' | 'is_confirmed'> }) {
  if (user.is_active && user.is_confirmed) return null;
  return (
    <>
      {user.is_active ? null : <Badge tone="bad">Account Locked</Badge>}
      {user.is_confirmed ? null : <Badge tone="bad">Not Confirmed</Badge>}
    </>
  );
}
