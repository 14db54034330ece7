import { FormActions } from '@portal/forms/FormActions';
import { UNSAVED_CHANGES_TEXT, UnsavedChangesPrompt } from '@portal/forms/UnsavedChangesPrompt';
import { useForm } from '@portal/forms/useForm';
import { Breadcrumbs } from '@portal/ui/Breadcrumbs';
import { Stack } from '@portal/ui/Page';
import { TextAreaField } from '@portal/ui/TextAreaField';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { forms } from '@tessera/sdk/rules';
import { Form, TextField } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { fakeCall } from './fakeApi';
import { placeholderPage, withPortalRouter } from './PortalRouter';

const SAFETY_TEAM = { name: 'Safety team', description: 'Everyone who runs the fire drills.' };

/**
 * An edit screen (Edit Group, spec 2.9) with the unsaved-changes prompt: leaving it inside the app with
 * changes not saved asks first (react-router's blocker); the page it leaves for is /groups.
 */
function EditGroupForm() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: SAFETY_TEAM,
    rules: forms.groupUpdate,
    submit: (values) => fakeCall({ status: 200, body: { data: { id: 'group-1', ...values } } }, { handles: [422], delayMs: 150 }),
    valuesAfterSuccess: (_, submitted) => submitted,
  });
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Groups', to: '/groups' }, { label: 'Edit' }]} />
      <Form onSubmit={form.handleSubmit} aria-label="Edit group">
        <UnsavedChangesPrompt when={form.isDirty} />
        <TextField label="Name" isRequired {...form.bind('name')} />
        <TextAreaField label="Description" isRequired {...form.bind('description')} />
        <FormActions form={form} success="Group Updated!" onCancel={() => navigate('/groups')} />
      </Form>
    </Stack>
  );
}

const meta = {
  title: 'Portal/Forms/UnsavedChanges',
  component: EditGroupForm,
  parameters: { layout: 'padded' },
  decorators: [
    withPortalRouter({ '/groups': placeholderPage('Groups') }),
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EditGroupForm>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog is rendered outside the story's root (a modal over the whole page).
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Nothing changed: Cancel leaves at once. */
export const Unchanged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    await expect(page(canvasElement).queryByRole('alertdialog')).toBeNull();
  },
};

/** Changed and not saved: Cancel or a link asks first; Stay keeps the edits, Leave goes. */
export const AsksBeforeLeaving: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' North');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));

    const question = await page(canvasElement).findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT });
    const stay = within(question).getByRole('button', { name: 'Stay' });
    await expect(stay).toHaveFocus();
    await userEvent.click(stay);
    await expect(page(canvasElement).queryByRole('alertdialog')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Safety team North');

    await userEvent.click(canvas.getByRole('link', { name: 'Groups' }));
    const again = await page(canvasElement).findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
  },
};

/** Saved changes are not unsaved: after Group Updated! Cancel leaves without asking. */
export const LeavesAfterSaving: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), ' North');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('Group Updated!')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Safety team North');

    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    await expect(page(canvasElement).queryByRole('alertdialog')).toBeNull();
  },
};
