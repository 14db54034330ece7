import { useQuery } from '@tanstack/react-query';
import { forms, webhookMessages } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Button, Form, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { ApiOutcome } from '../../api/outcome';
import { unwrap, useApiMutation, useWrites } from '../../api/queries';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { loadRecord, param } from '../../guards/records';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUrlTab } from '../../lists/listParams';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { Badge } from '../../ui/Badge';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { useConfirm, useDeleteQuestion } from '../../ui/ConfirmDialog';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { FormFailure } from '../../ui/FormFailure';
import { InfoTip } from '../../ui/InfoTip';
import { Row, Stack, Text } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { RowActions, RowButton } from '../../ui/RowButton';
import { Table, type TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { announce, type ToastMessage } from '../../ui/Toasts';
import { useOrganization } from '../organization/organizationContext';
import { SecretDialog } from './SecretDialog';
import {
  DELETE_WEBHOOK_QUESTION,
  deleteWebhook,
  EVENT_NAMES,
  getWebhook,
  getWebhookDelivery,
  listWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  STATE_NAMES,
  updateWebhook,
  webhooksPath,
  webhookValues,
  type Webhook,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryState,
  type WebhookSecret,
  type WebhookValues,
} from './webhookCalls';
import { WebhookFields } from './WebhookFields';
import { eventsText, WebhookStatus } from './WebhookStatus';

/** /:organization/admin/webhooks/:webhook: the endpoint, read through the cache. */
export function webhookLoader({ params, request }: LoaderFunctionArgs): Promise<Webhook | null> {
  const [tenantId, webhookId] = [param(params, 'organization'), param(params, 'webhook')];
  return loadRecord(request, ['webhooks', tenantId, webhookId], () => getWebhook(tenantId, webhookId));
}

const Details = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$3 $5',
  margin: 0,
  '& dt': { fontWeight: '$bold' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$4' });

/** A delivery's JSON body: it scrolls in its box, which the keyboard can reach (a region named Payload). */
const Payload = styled('div', {
  maxHeight: '320px',
  overflow: 'auto',
  padding: '$3',
  borderRadius: '$md',
  backgroundColor: '$surfaceMuted',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
  '& pre': { margin: 0, fontFamily: 'monospace', fontSize: '$1', whiteSpace: 'pre' },
});

const DELIVERY_TABS = ['all', 'pending', 'succeeded', 'failed'] as const;
type DeliveryTab = (typeof DELIVERY_TABS)[number];

const TAB_TITLES: Record<DeliveryTab, string> = { all: 'All', pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

const EMPTY_LOG: Record<DeliveryTab, string> = {
  all: 'No deliveries yet.',
  pending: 'No pending deliveries.',
  succeeded: 'No succeeded deliveries.',
  failed: 'No failed deliveries.',
};

const STATE_TONES: Record<WebhookDeliveryState, 'neutral' | 'info' | 'bad'> = { pending: 'info', succeeded: 'neutral', failed: 'bad' };

/** How a delivery is named in its row's controls: its event and when it happened. */
function deliveryName(delivery: Pick<WebhookDelivery, 'event_type' | 'created_at'>): string {
  return `${EVENT_NAMES[delivery.event_type]}, ${formatDate(delivery.created_at)}`;
}

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

/** The delivery with its body and every attempt, read when it is opened. */
function DeliveryDialog({ webhookId, delivery, onClose }: { webhookId: string; delivery: WebhookDelivery; onClose(): void }) {
  const { organization } = useOrganization();
  const detail = useQuery({
    queryKey: ['webhook-deliveries', organization.id, webhookId, 'detail', delivery.id],
    queryFn: async () => unwrap(await getWebhookDelivery(organization.id, webhookId, delivery.id)),
  });
  const attemptColumns: TableColumn<WebhookAttempt>[] = [
    { id: 'attempt', title: 'Attempt', isRowHeader: true, render: (attempt) => `Attempt ${attempt.attempt}` },
    { id: 'status', title: 'Status code', render: (attempt) => dash(attempt.status_code) },
    { id: 'error', title: 'Error', render: (attempt) => dash(attempt.error) },
    { id: 'duration', title: 'Duration', render: (attempt) => `${attempt.duration_ms} ms` },
    { id: 'at', title: 'Sent', render: (attempt) => formatDate(attempt.attempted_at) },
  ];
  return (
    <ModalDialog title={`Delivery: ${deliveryName(delivery)}`} isOpen isDismissable onOpenChange={(open) => !open && onClose()} size="large">
      <ReadState query={detail} loading="Loading the delivery...">
        {(shown: WebhookDeliveryDetail) => (
          <Stack>
            <Details>
              <dt>Delivery ID</dt>
              <dd>{shown.id}</dd>
              <dt>Event</dt>
              <dd>{`${EVENT_NAMES[shown.event_type]} (${shown.event_type})`}</dd>
              <dt>State</dt>
              <dd>{STATE_NAMES[shown.state]}</dd>
              <dt>Delivered</dt>
              <dd>{shown.delivered_at ? formatDate(shown.delivered_at) : '—'}</dd>
              <dt>Next attempt</dt>
              <dd>{shown.next_attempt_at ? formatDate(shown.next_attempt_at) : '—'}</dd>
            </Details>
            <Heading level={3}>Payload</Heading>
            <Payload role="region" aria-label="Payload" tabIndex={0}>
              <pre>{JSON.stringify(shown.payload, null, 2)}</pre>
            </Payload>
            <Heading level={3}>Attempts</Heading>
            <Table
              label="Attempts"
              columns={attemptColumns}
              rows={shown.attempt_log}
              rowKey={(attempt) => String(attempt.attempt)}
              emptyText="No attempt yet."
            />
          </Stack>
        )}
      </ReadState>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

const REPLAYED: ToastMessage = { title: 'Delivery sent again', description: 'It is pending until the endpoint answers.' };

/** One tab of the delivery log: a page of deliveries in that state (all of them on the All tab), newest first. */
function DeliveryList({ webhook, tab }: { webhook: Webhook; tab: DeliveryTab }) {
  const { organization } = useOrganization();
  const state = tab === 'all' ? undefined : tab;
  // Its own family: deleting the endpoint (which invalidates `webhooks`) does not read a log that is gone.
  const list = useServerList({
    key: ['webhook-deliveries', organization.id, webhook.id, tab],
    load: listWebhookDeliveries(organization.id, webhook.id, state),
    // The log's order is fixed (newest first): nothing is sorted or sent.
    defaultOrder: 'created',
  });
  const actions = useRowActions();
  const [viewed, setViewed] = useState<WebhookDelivery | null>(null);

  const columns: TableColumn<WebhookDelivery>[] = [
    { id: 'event', title: 'Event', isRowHeader: true, render: (delivery) => EVENT_NAMES[delivery.event_type] },
    { id: 'state', title: 'State', render: (delivery) => <Badge tone={STATE_TONES[delivery.state]}>{STATE_NAMES[delivery.state]}</Badge> },
    { id: 'attempts', title: 'Attempts', render: (delivery) => String(delivery.attempts) },
    { id: 'status', title: 'Last status', render: (delivery) => dash(delivery.last_status_code) },
    { id: 'error', title: 'Last error', render: (delivery) => dash(delivery.last_error) },
    { id: 'created', title: 'Created', render: (delivery) => formatDate(delivery.created_at) },
    { id: 'next', title: 'Next attempt', render: (delivery) => (delivery.next_attempt_at ? formatDate(delivery.next_attempt_at) : '—') },
    {
      id: 'actions',
      title: 'Actions',
      render: (delivery) => {
        const name = deliveryName(delivery);
        const pending = delivery.state === 'pending';
        return (
          <RowActions>
            <RowButton aria-label={`View ${name}`} onPress={() => setViewed(delivery)}>
              View
            </RowButton>
            <RowButton
              aria-label={`Replay ${name}`}
              isDisabled={actions.isPending || pending || !webhook.enabled}
              onPress={() => void actions.run(delivery.id, () => replayWebhookDelivery(organization.id, webhook.id, delivery), REPLAYED)}
            >
              Replay
            </RowButton>
            {pending && webhook.enabled ? <InfoTip label={`Why ${name} cannot be replayed`} text={webhookMessages.replayPending} /> : null}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={`${TAB_TITLES[tab]} deliveries`}
        list={list}
        columns={columns}
        rowKey={(delivery) => delivery.id}
        emptyText={EMPTY_LOG[tab]}
        rowAction={(delivery) => () => setViewed(delivery)}
      />
      {viewed ? <DeliveryDialog webhookId={webhook.id} delivery={viewed} onClose={() => setViewed(null)} /> : null}
    </Stack>
  );
}

/** The delivery log, by state; a disabled endpoint's deliveries cannot be replayed (the 409 it would answer). */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [tab, setTab] = useUrlTab(DELIVERY_TABS);
  return (
    <Section aria-labelledby="delivery-log-heading">
      <Heading level={2} id="delivery-log-heading">
        Delivery log
      </Heading>
      <Text tone="muted">Each event sent to this endpoint, newest first, with its attempts. Deliveries are kept 30 days.</Text>
      {webhook.enabled ? null : <Alert tone="info">{webhookMessages.replayDisabled}</Alert>}
      <Tabs
        label="Deliveries by state"
        selected={tab}
        onSelect={setTab}
        tabs={DELIVERY_TABS.map((id) => ({ id, title: TAB_TITLES[id], panel: <DeliveryList key={id} webhook={webhook} tab={id} /> }))}
      />
    </Section>
  );
}

function EditWebhookForm({ webhook, onSaved }: { webhook: Webhook; onSaved(saved: Webhook): void }) {
  const { organization } = useOrganization();
  const form = useForm<WebhookValues, Webhook>({
    initialValues: webhookValues(webhook),
    rules: forms.webhookUpdate,
    // Only what differs from the endpoint as last saved is sent.
    submit: (values) => updateWebhook(organization.id, webhook, values),
    valuesAfterSuccess: (saved) => webhookValues(saved),
    onSuccess: onSaved,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="edit-webhook-heading">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Heading level={2} id="edit-webhook-heading">
        Edit endpoint
      </Heading>
      <WebhookFields form={form} />
      <FormActions form={form} success="Endpoint saved!" submitLabel="Save changes" />
    </Form>
  );
}

/** Rotate the signing secret (after a question) and delete the endpoint (after the delete question). */
function WebhookActions({ webhook, onRotated }: { webhook: Webhook; onRotated(secret: WebhookSecret): void }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [messages, setMessages] = useState<string[]>([]);
  // The endpoint's own family only: its delivery log is not read again for a change that is not in it, nor after a
  // delete (it is gone: reading it would answer 404).
  const { run: rotate } = useApiMutation(() => rotateWebhookSecret(organization.id, webhook), [['webhooks']]);
  const { write, isPending } = useWrites([['webhooks']]);
  const deletion = useDeleteQuestion({
    question: DELETE_WEBHOOK_QUESTION,
    name: (asked: Webhook) => asked.url,
    actions: {
      isPending,
      run: async (_key: string, call: () => Promise<ApiOutcome<unknown>>, done: ToastMessage | null) => {
        setMessages([]);
        const outcome = await write(call);
        if (outcome.ok) {
          if (done) announce(done.title, done.description);
          return true;
        }
        if (!outcome.routed) setMessages([outcome.error.message]);
        return false;
      },
    },
    remove: (asked: Webhook) => deleteWebhook(organization.id, asked),
    deleted: (asked) => ({ title: 'Endpoint deleted', description: `${asked.url} receives no more events.` }),
    onDeleted: () => navigate(webhooksPath(organization.slug)),
  });

  const askRotate = () =>
    confirm.ask({
      title: 'Rotate the signing secret?',
      question:
        'A new secret is made and shown once. For the next 24 hours every delivery is signed with both secrets, so your receiver can switch without losing an event.',
      confirmLabel: 'Rotate secret',
      tone: 'primary',
      run: async () => {
        setMessages([]);
        const outcome = await rotate(undefined);
        if (outcome.ok) onRotated(outcome.data);
        else if (!outcome.routed) setMessages([outcome.error.message]);
      },
    });

  return (
    <>
      <FormFailure messages={messages} />
      <Row>
        <Button variant="secondary" onPress={askRotate}>
          Rotate secret
        </Button>
        <Button variant="danger" isDisabled={isPending} onPress={() => deletion.ask(webhook)}>
          Delete endpoint
        </Button>
      </Row>
      {confirm.dialog}
      {deletion.dialog}
    </>
  );
}

/** The endpoint as last answered by the server (a save, a rotation), its edit form and its delivery log. */
function WebhookView({ loaded }: { loaded: Webhook }) {
  const [webhook, setWebhook] = useState(loaded);
  const [rotated, setRotated] = useState<WebhookSecret | null>(null);
  return (
    <>
      <Details>
        <dt>URL</dt>
        <dd>{webhook.url}</dd>
        {webhook.description ? (
          <>
            <dt>Description</dt>
            <dd>{webhook.description}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>
          <WebhookStatus webhook={webhook} />
        </dd>
        <dt>Events</dt>
        <dd>{eventsText(webhook.events)}</dd>
        <dt>Created</dt>
        <dd>{`${formatDate(webhook.created_at)}${webhook.created_by ? ` by ${webhook.created_by.name}` : ''}`}</dd>
        {webhook.previous_secret_expires_at ? (
          <>
            <dt>Previous secret</dt>
            <dd>{`Also signs deliveries until ${formatDate(webhook.previous_secret_expires_at)}`}</dd>
          </>
        ) : null}
      </Details>
      <WebhookActions
        webhook={webhook}
        onRotated={(secret) => {
          setRotated(secret);
          setWebhook((current) => ({ ...current, previous_secret_expires_at: secret.previous_secret_expires_at }));
        }}
      />
      <EditWebhookForm webhook={webhook} onSaved={setWebhook} />
      <DeliveryLog webhook={webhook} />
      <SecretDialog
        title="Secret rotated"
        secret={rotated?.secret ?? null}
        note={
          rotated
            ? `The previous secret keeps working for 24 hours, until ${formatDate(rotated.previous_secret_expires_at)}: every delivery until then carries both signatures.`
            : undefined
        }
        onClose={() => setRotated(null)}
      />
    </>
  );
}

/** /:organization/admin/webhooks/:webhook: one endpoint, breadcrumb Webhooks > Endpoint. */
export function WebhookPage() {
  usePageTitle('Webhook endpoint');
  const loaded = useLoaderData() as Webhook | null;
  const { organization } = useOrganization();
  if (!loaded) return null;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Webhooks', to: webhooksPath(organization.slug) }, { label: 'Endpoint' }]} />
      <Heading level={1}>Webhook endpoint</Heading>
      <WebhookView key={loaded.id} loaded={loaded} />
    </Stack>
  );
}
