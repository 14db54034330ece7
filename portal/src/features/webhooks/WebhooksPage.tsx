import { forms } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Form, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { useDeleteQuestion } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { useOrganization } from '../organization/organizationContext';
import { SecretDialog } from './SecretDialog';
import {
  createWebhook,
  DELETE_WEBHOOK_QUESTION,
  deleteWebhook,
  listWebhooks,
  NEW_WEBHOOK,
  webhookPath,
  type Webhook,
  type WebhookCreated,
  type WebhookOrder,
  type WebhookValues,
} from './webhookCalls';
import { WebhookFields } from './WebhookFields';
import { eventsText, WebhookStatus } from './WebhookStatus';

const Url = styled('span', { overflowWrap: 'anywhere' });

const Description = styled('span', { display: 'block', fontSize: '$1', color: '$textMuted' });

function AddWebhookForm({ onCreated }: { onCreated(created: WebhookCreated): void }) {
  const { organization } = useOrganization();
  const form = useForm<WebhookValues, WebhookCreated>({
    initialValues: NEW_WEBHOOK,
    rules: forms.webhook,
    submit: (values) => createWebhook(organization.id, values),
    onSuccess: onCreated,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="add-webhook-heading">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Heading level={2} id="add-webhook-heading">
        Add endpoint
      </Heading>
      <WebhookFields form={form} />
      <FormActions form={form} success="Endpoint added!" submitLabel="Add endpoint" />
    </Form>
  );
}

/**
 * /:organization/admin/webhooks (beyond the spec, like integration clients): the organization's webhook endpoints,
 * for masters and the owner; linked from the Members and Integration clients pages (the spec's sidebar stays as it
 * is). Adding one shows its signing secret this once.
 */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const list = useServerList({ key: ['webhooks', organization.id], load: listWebhooks(organization.id), defaultOrder: 'url' as WebhookOrder });
  const actions = useRowActions();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const deletion = useDeleteQuestion({
    question: DELETE_WEBHOOK_QUESTION,
    name: (webhook: Webhook) => webhook.url,
    actions,
    remove: (webhook: Webhook) => deleteWebhook(organization.id, webhook),
    deleted: (webhook) => ({ title: 'Endpoint deleted', description: `${webhook.url} receives no more events.` }),
  });

  const columns: TableColumn<Webhook>[] = [
    {
      id: 'url',
      title: 'URL',
      sortKey: 'url',
      isRowHeader: true,
      render: (webhook) => (
        <>
          <Url>{webhook.url}</Url>
          {webhook.description ? <Description>{webhook.description}</Description> : null}
        </>
      ),
    },
    { id: 'events', title: 'Events', render: (webhook) => eventsText(webhook.events) },
    { id: 'status', title: 'Status', render: (webhook) => <WebhookStatus webhook={webhook} /> },
    { id: 'created', title: 'Created', sortKey: 'created', render: (webhook) => formatDate(webhook.created_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (webhook) => (
        <RowActions>
          <RowLink to={webhookPath(organization.slug, webhook.id)} aria-label={`Open ${webhook.url}`}>
            Open
          </RowLink>
          <RowButton aria-label={`Delete ${webhook.url}`} tone="danger" isDisabled={actions.isPending} onPress={() => deletion.ask(webhook)}>
            Delete
          </RowButton>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack>
      <Heading level={1}>Webhooks</Heading>
      <Text>
        Tessera POSTs this organization&apos;s events to these endpoints as they happen, each signed with the endpoint&apos;s secret, and retries a failed
        delivery for about three days.
      </Text>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label="Webhook endpoints"
        list={list}
        columns={columns}
        rowKey={(webhook) => webhook.id}
        emptyText="No webhook endpoints yet."
        searchPlaceholder="Search URL or description"
        rowAction={(webhook) => () => navigate(webhookPath(organization.slug, webhook.id))}
      />
      <AddWebhookForm
        // The form's save invalidates the list, which reads the new endpoint.
        onCreated={setCreated}
      />
      <SecretDialog
        title="Endpoint added"
        secret={created?.secret ?? null}
        note={created ? `It signs every delivery to ${created.url}.` : undefined}
        onClose={() => setCreated(null)}
      />
      {deletion.dialog}
    </Stack>
  );
}
