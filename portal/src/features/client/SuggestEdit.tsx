import type { Suggestion, Topic } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form } from '@tessera/widgets/ui';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { TextAreaField } from '../../ui/TextAreaField';
import { useOrganization } from '../organization/organizationContext';
import { sendSuggestion } from './clientCalls';

/** Shown on the items view once a suggestion has been sent (the spec's style: "Request Sent!"). */
export const SUGGESTION_SENT = 'Suggestion Sent!';

export interface SuggestEditDialogProps {
  topic: Pick<Topic, 'id' | 'name'>;
  isOpen: boolean;
  onClose(): void;
  onSent(suggestion: Suggestion): void;
}

/** "Suggest an edit": a suggestion about this topic (the server fills in its component and module). */
export function SuggestEditDialog({ topic, isOpen, onClose, onSent }: SuggestEditDialogProps) {
  const { organization } = useOrganization();
  const form = useForm({
    initialValues: { text: '' },
    rules: forms.suggestion,
    submit: (values) => sendSuggestion(organization.id, { text: values.text.trim(), topic_id: topic.id }),
    onSuccess: onSent,
  });
  return (
    <ModalDialog title="Suggest an edit" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && onClose()}>
      <Form onSubmit={form.handleSubmit} aria-label="Suggest an edit">
        <Text tone="muted">Tell the authors what to change in {topic.name}.</Text>
        <TextAreaField label="Suggestion" isRequired {...form.bind('text')} />
        <FormActions form={form} success={SUGGESTION_SENT} submitLabel="Send" onCancel={onClose} />
      </Form>
    </ModalDialog>
  );
}
