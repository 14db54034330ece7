import { TOO_MANY_REQUESTS } from '@portal/api/outcome';
import { ROLE_OPTIONS } from '@portal/features/members/memberCalls';
import { FormActions } from '@portal/forms/FormActions';
import { useForm } from '@portal/forms/useForm';
import { Select } from '@portal/ui/Select';
import { TagPicker } from '@portal/ui/TagPicker';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeCall, fakeOptions, fieldErrors, type FakeAnswer } from './fakeApi';
import { GROUP_OPTIONS } from './members';
import { withPortalRouter } from './PortalRouter';

const ALREADY_MEMBER = 'This person is already a member of this organization.';

/** How the fake server answers the form's send, by name (the story's control). */
const ANSWERS = {
  added: { status: 201, body: { data: { id: 'member-61' } } },
  alreadyMember: fieldErrors({ email: [ALREADY_MEMBER] }),
  rateLimited: { status: 429, body: { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' } },
  stillSaving: 'never',
} satisfies Record<string, FakeAnswer>;

type AnswerName = keyof typeof ANSWERS;

const NEW_MEMBER = { email: '', role: 'user', groups: [] as string[] };

/**
 * Add a new member (spec 2.9), built like every portal form: useForm with the SDK's rules, the fields
 * bound to it, FormActions at the end (success once, the form-failure alert, Confirm).
 */
function AddMemberForm({ answer }: { answer: AnswerName }) {
  const form = useForm({
    initialValues: NEW_MEMBER,
    rules: forms.member,
    submit: () => fakeCall(ANSWERS[answer], { handles: [422], delayMs: 200 }),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="add-member-heading">
      <Heading level={2} id="add-member-heading">
        Add a new member
      </Heading>
      <TextField label="Email" type="email" isRequired description="An invitation is sent to this address." {...form.bind('email')} />
      <Select
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={form.values.role}
        onChange={(role) => form.setValue('role', role)}
        errors={form.errors.role}
      />
      <TagPicker
        label="Groups"
        placeholder="Search groups"
        value={form.values.groups}
        onChange={(groups) => form.setValue('groups', groups)}
        search={fakeOptions(GROUP_OPTIONS)}
        errors={form.errors.groups}
      />
      <FormActions form={form} success="Member Added!" />
    </Form>
  );
}

/** A portal form in each of its states (spec section 4): idle -> saving -> success or errors. */
const meta = {
  title: 'Portal/Forms/AddMember',
  component: AddMemberForm,
  args: { answer: 'added' },
  argTypes: { answer: { control: 'select', options: Object.keys(ANSWERS) } },
  parameters: { layout: 'padded' },
  decorators: [
    withPortalRouter(),
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AddMemberForm>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndConfirm(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
  return canvas;
}

/** Nothing typed yet: Confirm is enabled, no message is shown. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByText('Member Added!')).toBeNull();
  },
};

/** Checked in the browser with the SDK's rules before any call; editing the field clears its message. */
export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email' });
    const confirm = canvas.getByRole('button', { name: 'Confirm' });
    await userEvent.click(confirm);
    await expect(await canvas.findByText('The email field is required.')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toBeDisabled();

    await userEvent.type(email, 'not-an-email');
    await expect(canvas.queryByText('The email field is required.')).toBeNull();
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await expect(email).toHaveAccessibleDescription(expect.stringContaining('The email must be a valid email address.'));
  },
};

/** A send in flight: Confirm shows a spinner and cannot be pressed again. */
export const Saving: Story = {
  args: { answer: 'stillSaving' },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndConfirm(canvasElement, 'new.starter@example.com');
    const confirm = canvas.getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toHaveAttribute('aria-disabled', 'true'));
    await expect(confirm.querySelector('[data-spinner]')).not.toBeNull();
    await expect(canvas.queryByText('Member Added!')).toBeNull();
  },
};

/** Saved: the success text shows once, the fields reset, and the next edit takes the text away. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Show groups/ }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Night shift' }));
    await expect(canvas.getByRole('row', { name: 'Night shift' })).toBeInTheDocument();
    await fillAndConfirm(canvasElement, 'new.starter@example.com');

    await expect(await canvas.findByText('Member Added!')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(canvas.getByText('None selected')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'a');
    await expect(canvas.queryByText('Member Added!')).toBeNull();
  },
};

/** The server's 422: its message under the field it names; Confirm stays disabled until that field changes. */
export const ServerFieldErrors: Story = {
  args: { answer: 'alreadyMember' },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndConfirm(canvasElement, 'ada.lovelace@example.com');
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await expect(await canvas.findByText(ALREADY_MEMBER)).toBeInTheDocument();
    await expect(email).toHaveAccessibleDescription(expect.stringContaining(ALREADY_MEMBER));
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await expect(canvas.queryByRole('alert')).toBeNull();

    await userEvent.type(email, 'x');
    await expect(canvas.queryByText(ALREADY_MEMBER)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  },
};

/** A failure that belongs to no field (429 here) shows in the form-failure alert. */
export const FailureAlert: Story = {
  args: { answer: 'rateLimited' },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndConfirm(canvasElement, 'new.starter@example.com');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(TOO_MANY_REQUESTS);
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('new.starter@example.com');

    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'x');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
