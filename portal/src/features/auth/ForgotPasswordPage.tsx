import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useSearchParams } from 'react-router';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { forgotPassword } from './authCalls';

/** /forgot-password?email= (spec 2.5). */
export function ForgotPasswordPage() {
  const email = useSearchParams()[0].get('email') ?? '';
  const form = useForm({
    initialValues: { email },
    rules: forms.forgotPassword,
    submit: (values) => forgotPassword(values.email),
    valuesAfterSuccess: () => ({ email: '' }),
  });

  return (
    <CardPage title="Forgot Password">
      <Form onSubmit={form.handleSubmit} aria-label="Forgot password">
        <TextField label="Email" type="email" autoComplete="email" isRequired {...form.bind('email')} />
        {form.succeeded ? <Alert tone="success">We've sent you an email with instructions to reset your password.</Alert> : null}
        <FormFailure messages={form.otherErrors} />
        <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving}>
          Send Reset Link
        </Button>
      </Form>
      <Text>
        <AppLink to="/login">Back to login</AppLink>
      </Text>
    </CardPage>
  );
}
