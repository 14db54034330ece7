import type { Membership } from '@tessera/sdk';
import { Alert, Button } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useParams } from 'react-router';
import { TOO_MANY_REQUESTS, type ApiFailure } from '../../api/outcome';
import { useSession } from '../../state/session';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { acceptInvitation } from './authCalls';

/** The texts of this page are Tessera's (the spec has no such page; ARCHITECTURE.md#member-invitations). */
const acceptInvitationTexts = {
  title: 'Accept Invitation',
  intro: 'You have been invited to join an organization on Tessera. Accept the invitation to become a member.',
  accept: 'Accept Invitation',
  accepted: (organization: string) => `You are now a member of ${organization}.`,
  open: (organization: string) => `Go to ${organization}`,
  home: 'Go to your organizations',
} as const;

type Acceptance = { state: 'waiting' } | { state: 'accepted'; membership: Membership } | { state: 'failed'; messages: string[] };

function failureMessages(failure: ApiFailure): string[] {
  if (failure.status === 429) return [TOO_MANY_REQUESTS];
  const messages = Object.values(failure.error.errors ?? {}).flat();
  return messages.length ? messages : [failure.error.message];
}

/**
 * /accept-invitation/:token, the link of an organization's invitation (logged in: the route's guard sends a
 * visitor to log in and back). The person accepts with a button, never by merely opening the link.
 */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const [acceptance, setAcceptance] = useState<Acceptance>({ state: 'waiting' });
  const [isPending, setPending] = useState(false);
  const texts = acceptInvitationTexts;

  async function accept() {
    setPending(true);
    const outcome = await acceptInvitation(token);
    if (outcome.ok) {
      // The new membership shows in the organizations list and the switcher at once.
      await useSession.getState().load();
      setAcceptance({ state: 'accepted', membership: outcome.data.data });
    } else if (!outcome.routed) {
      setAcceptance({ state: 'failed', messages: failureMessages(outcome) });
    }
    setPending(false);
  }

  return (
    <CardPage title={texts.title}>
      {acceptance.state === 'waiting' ? (
        <>
          <Text>{texts.intro}</Text>
          <Button onPress={() => void accept()} isPending={isPending}>
            {texts.accept}
          </Button>
        </>
      ) : null}
      {acceptance.state === 'accepted' ? (
        <>
          <Alert tone="success">{texts.accepted(acceptance.membership.tenant.name)}</Alert>
          <Text>
            <AppLink to={`/${encodeURIComponent(acceptance.membership.tenant.slug)}`}>{texts.open(acceptance.membership.tenant.name)}</AppLink>
          </Text>
        </>
      ) : null}
      {acceptance.state === 'failed' ? (
        <>
          <FormFailure messages={acceptance.messages} />
          <Text>
            <AppLink to="/">{texts.home}</AppLink>
          </Text>
        </>
      ) : null}
    </CardPage>
  );
}
