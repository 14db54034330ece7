import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useParams, useSearchParams } from 'react-router';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { finishRegistration, loginHref } from './authCalls';

const ignore = () => {};

/** /finish-registration/:token?email= (spec 2.5): an invited person picks a name and password. */
export function FinishRegistrationPage() {
  const { token = '' } = useParams();
  const email = useSearchParams()[0].get('email') ?? '';
  const form = useForm({
    initialValues: { email, token, name: '', password: '', password_confirmation: '' },
    rules: forms.finishRegistration,
    // Email and token cannot be edited here: their messages go to the form-failure alert.
    fields: ['name', 'password', 'password_confirmation'],
    submit: (values) => finishRegistration(values),
  });

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
        <TextField label="Email" type="email" isReadOnly value={email} name="email" onChange={ignore} />
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
