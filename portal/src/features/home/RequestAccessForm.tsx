import { forms } from '@tessera/sdk/rules';
import type { FieldErrors } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiFailure } from '../../api/outcome';
import { OTHER } from '../../forms/formState';
import { useForm } from '../../forms/useForm';
import { FormFailure } from '../../ui/FormFailure';

export const CONFIRM_FIRST = 'You must confirm your email before using this form.';

/** The server's tenant_id messages and the texts the spec shows for them (section 8). */
const TENANT_MESSAGES: [keyword: string, text: string][] = [
  ['removed', 'You have been removed from this organization.'],
  ['submitted', 'You have already requested to join this organization.'],
  ['associated', 'You are already a member.'],
];

function tenantMessage(serverMessage: string): string {
  const match = TENANT_MESSAGES.find(([keyword]) => serverMessage.toLowerCase().includes(keyword));
  return match ? match[1] : serverMessage;
}

/** Access request errors: tenant_id messages under other in the spec's words; an unconfirmed email's 403 too. */
export function accessRequestErrors(failure: ApiFailure): FieldErrors | null {
  if (failure.status === 403 && failure.error.code === 'email_unconfirmed') return { [OTHER]: [CONFIRM_FIRST] };
  const tenantErrors = failure.status === 422 ? failure.error.errors?.tenant_id : undefined;
  if (!tenantErrors) return null;
  const { tenant_id: _tenant, ...fieldErrors } = failure.error.errors ?? {};
  return { ...fieldErrors, [OTHER]: tenantErrors.map(tenantMessage) };
}

/** The Request Access tab (spec 2.4): ask to join an organization by its name. */
export function RequestAccessForm({ isConfirmed }: { isConfirmed: boolean }) {
  const form = useForm({
    initialValues: { name: '' },
    rules: forms.accessRequest,
    submit: ({ name }) => apiCall(client.POST('/access-requests', { body: { name } }), { handles: [403, 422, 429] }),
    mapFailure: accessRequestErrors,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Request access">
      {isConfirmed ? null : <Alert tone="info">{CONFIRM_FIRST}</Alert>}
      <TextField label="Organization Name" isRequired isDisabled={!isConfirmed} {...form.bind('name')} />
      {form.succeeded ? <Alert tone="success">Request Sent!</Alert> : null}
      <FormFailure messages={form.otherErrors} />
      <div>
        <Button type="submit" isDisabled={!isConfirmed || form.hasErrors} isPending={form.isSaving}>
          Request Access
        </Button>
      </div>
    </Form>
  );
}
