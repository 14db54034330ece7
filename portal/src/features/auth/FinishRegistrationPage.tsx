import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useParams, useSearchParams } from 'react-router';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { finishRegistration, loginHref } from './authCalls';

/**
 * /finish-registration/:token?email= (spec 2.5): an invited person picks a name and password. The email comes
 * from the link (read-only); a link without it lets the person type it, and a 422 about it shows under the field.
 */
export function FinishRegistrationPage() {
  const { token = '' } = useParams();
  const linkEmail = useSearchParams()[0].get('email') ?? '';
  const form = useForm({
    initialValues: { email: linkEmail, token, name: '', password: '', password_confirmation: '' },
    rules: forms.finishRegistration,
    // The token cannot be edited here: its messages go to the form-failure alert.
    fields: ['email', 'name', 'password', 'password_confirmation'],
    submit: (values) => finishRegistration({ ...values, email: values.email.trim() }),
  });
  const email = form.submitted?.email ?? form.values.email;

  if (form.succeeded) {
    return (
      <CardPage title="Finish Registration">
        <Alert tone="success">You've completed the registration process!</Alert>
        <Text>
          <AppLink to={loginHref(email)}>Log in</AppLink>
        </Text>
      </CardPage>
    );
  }

  return (
    <CardPage title="Finish Registration">
      <Form onSubmit={form.handleSubmit} aria-label="Finish registration">
        <TextField label="Email" type="email" autoComplete="email" isReadOnly={linkEmail !== ''} isRequired={linkEmail === ''} {...form.bind('email')} />
        <TextField label="Full Name" autoComplete="name" isRequired {...form.bind('name')} />
        <TextField label="Password" type="password" autoComplete="new-password" isRequired {...form.bind('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" isRequired {...form.bind('password_confirmation')} />
        <FormFailure messages={form.otherErrors} />
        <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving}>
          Submit
        </Button>
      </Form>
    </CardPage>
  );
}
