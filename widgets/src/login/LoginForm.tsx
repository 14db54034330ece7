import { useState, type ReactNode } from 'react';
import type { CurrentUser, TesseraClient, TokenPair } from '@tessera/sdk';
import { fieldMessages, formErrors, hasErrors, loginForm, type FieldErrors } from '@tessera/sdk/rules';
import { Alert, Button, Form, TextField } from '../ui/index.js';
import { obtainingVia } from '../provider/pageSession.js';
import { describeLoginFailure } from './loginOutcome.js';

type LoginField = 'email' | 'password';

export interface LoginSuccess {
  tokens: TokenPair;
  /** Present when the widget fetched the person (it does when it shows the logged-in state). */
  user?: CurrentUser;
}

export interface LoginFormProps {
  client: TesseraClient;
  initialEmail?: string;
  /** Runs after the tokens are stored; a returned promise keeps the button pending until it settles. */
  onSuccess: (tokens: TokenPair) => void | Promise<void>;
  autoFocus?: boolean;
  links: ReactNode;
}

/** Email, password, Log In; client checks with the SDK's `loginForm`, then the password grant. */
export function LoginForm({ client, initialEmail = '', onSuccess, autoFocus, links }: LoginFormProps) {
  const [values, setValues] = useState<Record<LoginField, string>>({ email: initialEmail, password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const recheck = (field: LoginField, next: Record<LoginField, string>) =>
    setFieldErrors((current) => ({ ...current, [field]: fieldMessages(loginForm, field, next) }));

  const change = (field: LoginField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows a message, it follows the typing so the message goes away as soon as it is fixed.
    if (fieldErrors[field]?.length) recheck(field, next);
  };

  // Checking on blur only when something was typed: tabbing through an empty form should not scold.
  const blur = (field: LoginField) => () => {
    if (values[field] !== '') recheck(field, values);
  };

  async function submit() {
    if (isPending) return;
    const problems = formErrors(loginForm, values);
    setFieldErrors(problems);
    setGeneralError(null);
    if (hasErrors(problems)) return;
    setPending(true);
    try {
      const result = await obtainingVia(client, 'password', () => client.login(values.email.trim(), values.password));
      if (result.ok) {
        await onSuccess(result.tokens);
        return;
      }
      const problem = describeLoginFailure(result);
      setFieldErrors(problem.fieldErrors);
      setGeneralError(problem.generalError);
    } finally {
      setPending(false);
    }
  }

  return (
    <Form onSubmit={() => void submit()} aria-label="Log In">
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        autoFocus={autoFocus}
        isRequired
        value={values.email}
        onChange={change('email')}
        onBlur={blur('email')}
        errors={fieldErrors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        value={values.password}
        onChange={change('password')}
        onBlur={blur('password')}
        errors={fieldErrors.password}
      />
      <Button type="submit" isPending={isPending}>
        Log In
      </Button>
      {links}
    </Form>
  );
}
