import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BioreqUploader } from '@tessera/widgets';
import { DEMO_TENANT, FAKE_HOST_TOKENS, fakeBioreqDocument } from '@tessera/widgets/testing';
import { FakeTesseraProvider, type FakeApiParameters } from './fakeClient';

/** `<tessera-bioreq-uploader>`: a member's upload form and own documents, against the in-memory fake API. */
const documents = [
  fakeBioreqDocument({ title: 'Passport' }),
  fakeBioreqDocument({
    title: 'Vaccination record',
    status: 'underreview',
    abilities: { download: true, cancel: false, decide: false, write_notes: false, read_access_log: false },
  }),
  fakeBioreqDocument({
    title: 'Driving licence',
    status: 'match',
    processed: true,
    message: 'Your licence matches our records.',
    abilities: { download: true, cancel: false, decide: false, write_notes: false, read_access_log: false },
  }),
];
const loggedIn: FakeApiParameters = { tokens: FAKE_HOST_TOKENS, bioreqDocuments: documents };

const meta = {
  title: 'Widgets/BioreqUploader',
  component: BioreqUploader,
  args: { organization: DEMO_TENANT, onUploaded: fn(), onCancelled: fn() },
  argTypes: { client: { control: false } },
  decorators: [
    (Story, context) => (
      <FakeTesseraProvider api={(context.parameters.api ?? loggedIn) as FakeApiParameters}>
        <div style={{ maxWidth: 760 }}>
          <Story />
        </div>
      </FakeTesseraProvider>
    ),
  ],
} satisfies Meta<typeof BioreqUploader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pending, under review (no cancel) and matched (the reviewer's message) documents. */
export const Documents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your licence matches our records.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Cancel Passport' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Cancel Vaccination record' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { api: { tokens: FAKE_HOST_TOKENS } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No bioreq documents found')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { api: { ...loggedIn, delayMs: 600_000 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading...');
  },
};

/** The form's own checks before anything is sent. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await expect(canvas.getByText('The title field is required.')).toBeInTheDocument();
    await expect(canvas.getByText('The file field is required.')).toBeInTheDocument();
  },
};

export const Uploaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), 'Residence permit');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Both sides');
    await userEvent.upload(canvas.getByLabelText('File'), new File(['%PDF-1.4 story'], 'permit.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await expect(await canvas.findByText('Bioreq document uploaded!')).toBeInTheDocument();
    await expect(args.onUploaded).toHaveBeenCalled();
  },
};

export const CancelQuestion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel Passport' }));
    await expect(canvas.getByRole('alertdialog', { name: 'Are you sure you want to cancel "Passport"?' })).toBeInTheDocument();
  },
};

export const LoadFails: Story = {
  parameters: { api: { ...loggedIn, failing: ['bioreq'] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong.');
  },
};

export const LoggedOut: Story = {
  parameters: { api: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Log in to upload your documents.')).toBeInTheDocument();
  },
};
