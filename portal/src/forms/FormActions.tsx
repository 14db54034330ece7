import { Alert, Button } from '@tessera/widgets/ui';
import { FormFailure } from '../ui/FormFailure';
import { Row } from '../ui/Page';

interface FormActionsProps {
  form: { succeeded: boolean; otherErrors: string[]; hasErrors: boolean; isSaving: boolean };
  /** The screen's success text (spec), shown once after a save. */
  success: string;
  submitLabel?: string;
  /** Edit screens offer Cancel beside the submit button. */
  onCancel?: () => void;
}

/**
 * The end of a form (spec section 4): the success text once, the errors that belong to no field,
 * and the submit button, disabled while errors exist or a save runs (with Cancel on edit screens).
 */
export function FormActions({ form, success, submitLabel = 'Confirm', onCancel }: FormActionsProps) {
  const submit = (
    <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving}>
      {submitLabel}
    </Button>
  );
  return (
    <>
      {form.succeeded ? <Alert tone="success">{success}</Alert> : null}
      <FormFailure messages={form.otherErrors} />
      {onCancel ? (
        <Row justify="end">
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          {submit}
        </Row>
      ) : (
        <div>{submit}</div>
      )}
    </>
  );
}
