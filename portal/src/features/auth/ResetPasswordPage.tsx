import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useParams, useSearchParams } from 'react-router';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { loginHref, resetPassword } from './authCalls';

/**
 * /reset-password/:token?email= (spec 2.5). The email comes from the link (read-only); a link without it lets
 * the person type it, and a 422 about it shows under the field.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const linkEmail = useSearchParams()[0].get('email') ?? '';
  const form = useForm({
    initialValues: { email: linkEmail, password: '', password_confirmation: '' },
    rules: forms.resetPasswordScreen,
    submit: ({ email, password }) => resetPassword({ email: email.trim(), password, token }),
  });
  const email = form.submitted?.email ?? form.values.email;

  return (
    <CardPage title="Reset Password">
      {form.succeeded ? (
        <>
          <Alert tone="success">Your password has been reset.</Alert>
          <Text>
            <AppLink to={loginHref(email)}>Log in</AppLink>
          </Text>
        </>
      ) : (
        <Form onSubmit={form.handleSubmit} aria-label="Reset password">
          <TextField label="Email" type="email" autoComplete="email" isReadOnly={linkEmail !== ''} isRequired={linkEmail === ''} {...form.bind('email')} />
          <TextField label="Password" type="password" autoComplete="new-password" isRequired {...form.bind('password')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" isRequired {...form.bind('password_confirmation')} />
          <FormFailure messages={form.otherErrors} />
          <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving}>
            Reset Password
          </Button>
        </Form>
      )}
      <Text>
        <AppLink to="/login">Back to login</AppLink>
      </Text>
    </CardPage>
  );
}
