import { WEBHOOK_EVENT_TYPES } from '@tessera/sdk/rules';
import { TextField } from '@tessera/widgets/ui';
import type { useForm } from '../../forms/useForm';
import { CheckboxGroup } from '../../ui/CheckboxGroup';
import { Switch } from '../../ui/Switch';
import { TextAreaField } from '../../ui/TextAreaField';
import { EVENT_DESCRIPTIONS, EVENT_NAMES, type WebhookValues } from './webhookCalls';

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, label: EVENT_NAMES[type], detail: `${EVENT_DESCRIPTIONS[type]} (${type})` }));

type WebhookForm = Pick<ReturnType<typeof useForm<WebhookValues, unknown>>, 'values' | 'errors' | 'bind' | 'setValue'>;

/** An endpoint's fields, the same when it is added and when it is changed: where, what for, which events, on or off. */
export function WebhookFields({ form }: { form: WebhookForm }) {
  return (
    <>
      <TextField
        label="URL"
        type="url"
        isRequired
        description="Where Tessera POSTs each event, signed: an https address of your receiver."
        {...form.bind('url')}
      />
      <TextAreaField label="Description" placeholder="What receives these events, e.g. “HR system”." {...form.bind('description')} />
      <CheckboxGroup
        label="Events"
        name="events"
        isRequired
        description="The events sent to this endpoint: choose at least one."
        options={EVENT_OPTIONS}
        value={form.values.events}
        onChange={(events) => form.setValue('events', events)}
        errors={form.errors.events}
      />
      <Switch label="Enabled" name="enabled" isSelected={form.values.enabled} onChange={(enabled) => form.setValue('enabled', enabled)} />
    </>
  );
}
