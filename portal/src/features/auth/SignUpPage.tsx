import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { loginHref, signUp } from './authCalls';
import { Captcha } from './Captcha';

const EMPTY = { email: '', name: '', password: '', password_confirmation: '' };

function Welcome({ name, email }: { name: string; email: string }) {
  return (
    <>
      <Alert tone="success">Welcome to Tessera, {name}!</Alert>
      <Text>We've sent a confirmation email to {email}. Follow its link to confirm your address.</Text>
      <Text>
        <AppLink to={loginHref(email)}>Log in to your account</AppLink>
      </Text>
    </>
  );
}

/** /sign-up (spec 2.5): the Sign Up button waits for the captcha's proof of work. */
export function SignUpPage() {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A new key remounts the captcha: a failed sign-up asks for a fresh proof.
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm({
    initialValues: EMPTY,
    rules: forms.signUpScreen,
    fields: ['email', 'name', 'password', 'password_confirmation', 'recaptcha_token'],
    submit: ({ email, name, password }) => signUp({ email, name, password, recaptcha_token: captchaToken ?? '' }),
    onFailure: () => {
      setCaptchaToken(null);
      setCaptchaKey((key) => key + 1);
    },
  });

  function onCaptcha(payload: string | null) {
    setCaptchaToken(payload);
    if (payload) form.touched('recaptcha_token');
  }

  if (form.succeeded && form.submitted) {
    return (
      <CardPage title="Sign Up">
        <Welcome name={form.submitted.name} email={form.submitted.email} />
      </CardPage>
    );
  }

  return (
    <CardPage title="Sign Up">
      <Form onSubmit={form.handleSubmit} aria-label="Sign up">
        <TextField label="Email" type="email" autoComplete="email" isRequired {...form.bind('email')} />
        <TextField label="Full Name" autoComplete="name" isRequired {...form.bind('name')} />
        <TextField label="Password" type="password" autoComplete="new-password" isRequired {...form.bind('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" isRequired {...form.bind('password_confirmation')} />
        <Captcha key={captchaKey} onChange={onCaptcha} errors={form.errors.recaptcha_token ?? []} />
        <FormFailure messages={form.otherErrors} />
        <Button type="submit" isDisabled={!captchaToken || form.hasErrors} isPending={form.isSaving}>
          Sign Up
        </Button>
      </Form>
      <Text>
        Already have an account? <AppLink to="/login">Back to login</AppLink>
      </Text>
    </CardPage>
  );
}
