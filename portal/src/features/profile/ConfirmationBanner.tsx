import { styled } from '@tessera/widgets/stitches';
import { Alert, Button } from '@tessera/widgets/ui';
import { useState } from 'react';
import { TOO_MANY_REQUESTS } from '../../api/outcome';
import { Row, Stack } from '../../ui/Page';
import { resendConfirmation } from './profileCalls';

const Title = styled('strong', { fontSize: '$3' });
const Sent = styled('span', { color: '$success', fontWeight: '$medium' });

type Resend = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

/** Spec 2.6: the unconfirmed-email banner with a resend button and a checkmark once sent. */
export function ConfirmationBanner() {
  const [resend, setResend] = useState<Resend>({ state: 'idle' });

  async function send() {
    setResend({ state: 'sending' });
    const outcome = await resendConfirmation();
    if (outcome.ok) setResend({ state: 'sent' });
    else if (outcome.routed) setResend({ state: 'idle' });
    else setResend({ state: 'failed', message: outcome.status === 429 ? TOO_MANY_REQUESTS : outcome.error.message });
  }

  return (
    <Alert tone="warning">
      <Stack>
        <Title>Your email needs confirmation</Title>
        <span>We sent you a confirmation link. Please check your email, including your spam folder.</span>
        <Row>
          <Button variant="secondary" onPress={send} isPending={resend.state === 'sending'} isDisabled={resend.state === 'sent'}>
            Resend Email
          </Button>
          {resend.state === 'sent' ? (
            <Sent role="status">
              <span aria-hidden="true">✓</span> Email sent
            </Sent>
          ) : null}
        </Row>
        {resend.state === 'failed' ? <span>{resend.message}</span> : null}
      </Stack>
    </Alert>
  );
}
