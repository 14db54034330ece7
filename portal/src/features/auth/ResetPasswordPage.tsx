import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useParams, useSearchParams } from 'react-router';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { loginHref, resetPassword } from './authCalls';

const EMPTY = { password: '', password_confirmation: '' };
const ignore = () => {};

/** /reset-password/:token?email= (spec 2.5). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const email = useSearchParams()[0].get('email') ?? '';
  const form = useForm({
    initialValues: EMPTY,
    rules: forms.resetPasswordScreen,
    submit: ({ password }) => resetPassword({ email, password, token }),
  });

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
          <TextField label="Email" type="email" isReadOnly value={email} name="email" onChange={ignore} />
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
