import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, Spinner, TextField } from '@tessera/widgets/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiFailure } from '../../api/outcome';
import { useForm } from '../../forms/useForm';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { CardPage, Text } from '../../ui/Page';
import { loginHref } from '../auth/authCalls';
import { goToProvider, startSso } from './signInCalls';

/** The provider's words come back in the address: shown as text, prefixed so the person knows what failed. */
export function failedMessage(error: string): string {
  return `Single sign-on failed: ${error}`;
}

/** "No single sign-on is set up for this email address." (404 `sso_not_found`) and the email's 422 go under the field. */
function emailErrors(failure: ApiFailure) {
  if (failure.status === 404) return { email: [failure.error.message] };
  return null;
}

/**
 * `?organization=<slug>`: a partner intranet's link starts the sign-in at once, without the form. Answers the
 * failure's message when that organization has no single sign-on.
 */
function useStartForOrganization(organization: string | null, redirect: string | null) {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!organization || started.current) return;
    started.current = true;
    void startSso({ organization }, redirect).then((outcome) => {
      if (outcome.ok) goToProvider(outcome.data);
      else if (!outcome.routed) setFailure(outcome.error.message);
    });
  }, [organization, redirect]);
  return { starting: organization !== null && failure === null, failure };
}

function EmailForm({ initialEmail, redirect }: { initialEmail: string; redirect: string | null }) {
  const form = useForm({
    initialValues: { email: initialEmail },
    rules: forms.ssoStart,
    submit: (values) => startSso({ email: values.email.trim() }, redirect),
    // Nothing the portal has read changes: the browser leaves for the provider.
    invalidates: [],
    valuesAfterSuccess: (_url, submitted) => submitted,
    onSuccess: (url) => goToProvider(url),
    mapFailure: emailErrors,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Single sign-on">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        isRequired
        description="Your work email: its domain decides where you sign in."
        {...form.bind('email')}
      />
      {form.succeeded ? <Text role="status">Taking you to your organization&apos;s sign-in page...</Text> : null}
      <FormFailure messages={form.otherErrors} />
      <div>
        <Button type="submit" isDisabled={form.hasErrors} isPending={form.isSaving || form.succeeded}>
          Continue
        </Button>
      </div>
    </Form>
  );
}

/**
 * /sso?email=&organization=&redirect=&error= (issue 33): single sign-on through the organization's own identity
 * provider. An email whose domain a connection serves goes to that provider; `?organization=` starts at once;
 * `?error=` is what went wrong when the provider sent the person back.
 */
export function SsoPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const error = params.get('error');
  const email = params.get('email') ?? '';
  const { starting, failure } = useStartForOrganization(params.get('organization'), redirect);
  return (
    <CardPage title="Log in with single sign-on">
      {error ? <Alert tone="error">{failedMessage(error)}</Alert> : null}
      {starting ? (
        <Spinner label="Taking you to your organization's sign-in page" />
      ) : (
        <>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <EmailForm initialEmail={email} redirect={redirect} />
        </>
      )}
      <Text>
        <AppLink to={loginHref(email)}>Log in with a password</AppLink>
      </Text>
    </CardPage>
  );
}
