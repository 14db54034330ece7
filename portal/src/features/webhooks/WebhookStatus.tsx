import { WEBHOOK_EVENT_TYPES } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/Badge';
import { EVENT_NAMES, type Webhook } from './webhookCalls';

const Status = styled('span', { display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '$1' });

const Since = styled('span', { fontSize: '$1', color: '$textMuted' });

/** Enabled, Disabled, or "Disabled: failing" when Tessera turned it off after three days of failed deliveries. */
function statusText(webhook: Pick<Webhook, 'enabled' | 'disabled_reason'>): string {
  if (webhook.enabled) return 'Enabled';
  return webhook.disabled_reason === 'failing' ? 'Disabled: failing' : 'Disabled';
}

/** The endpoint's status, with since when its deliveries fail (while they do). */
export function WebhookStatus({ webhook }: { webhook: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'> }) {
  const tone = webhook.enabled ? 'info' : webhook.disabled_reason === 'failing' ? 'bad' : 'neutral';
  return (
    <Status>
      <Badge tone={tone}>{statusText(webhook)}</Badge>
      {webhook.failing_since ? <Since>{`Failing since ${formatDate(webhook.failing_since)}`}</Since> : null}
    </Status>
  );
}

/** The events an endpoint receives, as a person reads them ("All events" when it has every one). */
export function eventsText(events: readonly Webhook['events'][number][]): string {
  if (events.length === WEBHOOK_EVENT_TYPES.length) return 'All events';
  return events.map((type) => EVENT_NAMES[type]).join(', ');
}
