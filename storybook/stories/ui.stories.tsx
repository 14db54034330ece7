import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Alert, AnchorLink, Button, Card, Checkbox, Form, Heading, Link, Spinner, TextField } from '@tessera/widgets/ui';

/** The shared ui kit: react-aria-components wrapped once and styled through the theme. */
const meta = {
  title: 'UI/Kit',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const row = { display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' } as const;
const column = { display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 360 } as const;

export const Buttons: Story = {
  render: () => (
    <div style={row}>
      <Button onPress={fn()}>Primary</Button>
      <Button variant="secondary" onPress={fn()}>
        Secondary
      </Button>
      <Button variant="danger" onPress={fn()}>
        Delete
      </Button>
      <Button variant="link" onPress={fn()}>
        Link button
      </Button>
      <Button isPending>Saving</Button>
      <Button isDisabled>Disabled</Button>
    </div>
  ),
};

function Field(props: { label: string; errors?: string[]; description?: string; isDisabled?: boolean; type?: 'password' }) {
  const [value, setValue] = useState('');
  return <TextField name={props.label.toLowerCase()} value={value} onChange={setValue} {...props} />;
}

export const TextFields: Story = {
  render: () => (
    <div style={column}>
      <Field label="Email" />
      <Field label="Full Name" description="Letters and spaces only." />
      <Field label="Password" type="password" errors={['The password must contain an uppercase letter.']} />
      <Field label="Disabled" isDisabled />
    </div>
  ),
};

export const Alerts: Story = {
  render: () => (
    <div style={column}>
      <Alert tone="error">The email and/or password are incorrect.</Alert>
      <Alert tone="warning">Your email needs confirmation</Alert>
      <Alert tone="success">Request Sent!</Alert>
      <Alert tone="info">We've sent you an email with instructions to reset your password.</Alert>
    </div>
  ),
};

function CheckboxExample() {
  const [selected, setSelected] = useState(false);
  return (
    <div style={column}>
      <Checkbox label="Enable bioreq" isSelected={selected} onChange={setSelected} />
      <Checkbox label="Disabled" isSelected isDisabled onChange={() => undefined} />
    </div>
  );
}

export const Checkboxes: Story = { render: () => <CheckboxExample /> };

export const Links: Story = {
  render: () => (
    <div style={row}>
      <Link href="#sign-up">Sign up for an account</Link>
      <Link onPress={fn()}>Resend</Link>
      <AnchorLink href="#reset">Reset your password</AnchorLink>
    </div>
  ),
};

export const Spinners: Story = {
  render: () => (
    <div style={row}>
      <Spinner label="Loading" />
      <span style={{ fontSize: 32 }}>
        <Spinner label="Loading, larger" />
      </span>
    </div>
  ),
};

function FormExample() {
  const [name, setName] = useState('');
  return (
    <Card aria-label="Request Access">
      <Heading level={2}>Request Access</Heading>
      <Form aria-label="Request Access" validationErrors={{ name: 'You have already requested to join this organization.' }} onSubmit={fn()}>
        <TextField label="Organization Name" name="name" value={name} onChange={setName} />
        <Button type="submit">Request Access</Button>
      </Form>
    </Card>
  );
}

/** A card with a form whose server errors come through `validationErrors`. */
export const CardWithForm: Story = { render: () => <FormExample /> };
