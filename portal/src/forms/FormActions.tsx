import { Alert, Button } from '@tessera/widgets/ui';
import { FormFailure } from '../ui/FormFailure';

interface FormActionsProps {
  form: { succeeded: boolean; otherErrors: string[]; hasErrors: boolean; isSaving: boolean };
  /** The screen's success text (spec), shown once after a save. */
  success: string;
  submitLabel?: string;
}

/**
 * The end of a create form (spec section 4): the success text once, the errors that belong to no field,
 * and the submit button, disabled while errors exist or a save runs.
 */
export function FormActions({ form, success, submitLabel = 'Confirm' }: FormActionsProps) {
  return (
    <>
      {form.succeeded ? <Alert tone="success">{success}</Alert> : null}
      <FormFailure messages={form.otherErrors} />
      <div>
        <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
