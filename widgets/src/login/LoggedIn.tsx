import { useState } from 'react';
import type { CurrentUser, Membership, TesseraClient } from '@tessera/sdk';
import { styled } from '../stitches.js';
import { Alert, Button, Spinner } from '../ui/index.js';
import { loginMessages } from './messages.js';
import { useCurrentUser } from './useCurrentUser.js';

const Line = /* @__PURE__ */ styled('p', { margin: 0, color: '$text', fontSize: '$3' });
const Muted = /* @__PURE__ */ styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

/** The membership an `organization` attribute names: by id, slug or name. */
function findMembership(user: CurrentUser, organization?: string): Membership | undefined {
  if (!organization) return undefined;
  const wanted = organization.toLowerCase();
  return user.memberships.find(({ tenant }) => [tenant.id, tenant.slug, tenant.name].some((key) => key.toLowerCase() === wanted));
}

export interface LoggedInProps {
  client: TesseraClient;
  accessToken: string;
  organization?: string;
  knownUser?: CurrentUser;
  onLogout?: () => void;
}

/** Who is logged in (GET /users/me) and a Log out button. */
export function LoggedIn({ client, accessToken, organization, knownUser, onLogout }: LoggedInProps) {
  const state = useCurrentUser(client, accessToken, knownUser);
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    try {
      await client.logout();
      onLogout?.();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <>
      {state.status === 'loading' ? <Spinner label="Loading your account" /> : null}
      {state.status === 'failed' ? <Alert tone="error">{loginMessages.failure}</Alert> : null}
      {state.status === 'loaded' ? <UserSummary user={state.user} organization={organization} /> : null}
      <Button variant="secondary" isPending={isLoggingOut} onPress={() => void logout()}>
        Log out
      </Button>
    </>
  );
}

function UserSummary({ user, organization }: { user: CurrentUser; organization?: string }) {
  const membership = findMembership(user, organization);
  return (
    <>
      <Line>
        Logged in as <strong>{user.name}</strong>
      </Line>
      <Muted>{user.email}</Muted>
      {membership && !membership.is_active ? <Alert tone="warning">Your membership with this organization has been suspended.</Alert> : null}
      {membership && membership.is_active ? <Muted>{membership.tenant.name}</Muted> : null}
    </>
  );
}
