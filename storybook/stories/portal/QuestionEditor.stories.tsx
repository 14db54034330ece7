import { QuestionEditor } from '@portal/features/kc-authoring/QuestionEditor';
import { newQuestion, type QuestionDraft } from '@portal/features/kc-authoring/questionDraft';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { kcMessages } from '@tessera/sdk/rules';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeCall, fieldErrors } from './fakeApi';
import { withPortalRouter } from './PortalRouter';

/** A small inline image (a blue square) standing for a library file's signed URL. */
const IMAGE_URL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#2563eb"/></svg>');

const WITH_MEDIA: QuestionDraft = {
  id: '01930000-0000-7000-8000-000000000001',
  text: 'Which **angle** does the ladder in the picture stand at?',
  type: 'checkbox',
  media: { id: '01930000-0000-7000-8000-0000000000aa', name: 'Ladder against a wall', type: 'image', url: IMAGE_URL, thumbnail: { url: IMAGE_URL } },
  choices: [
    { key: 'c1', id: '01930000-0000-7000-8000-000000000011', label: '75 degrees', is_answer: true, media: null },
    { key: 'c2', id: '01930000-0000-7000-8000-000000000012', label: 'One in four', is_answer: true, media: null },
    {
      key: 'c3',
      id: '01930000-0000-7000-8000-000000000013',
      label: '45 degrees',
      is_answer: false,
      media: { id: '01930000-0000-7000-8000-0000000000ab', name: 'Steep ladder', type: 'image', url: IMAGE_URL, thumbnail: null },
    },
  ],
};

/** The question editor (spec section 2) with a fake server that accepts the save, or answers a 422. */
function Editor({ initial, answer }: { initial: QuestionDraft; answer: 'saved' | 'invalid' }) {
  return (
    <QuestionEditor
      tenantId="acme-training"
      initial={initial}
      title={initial.id ? 'Edit question' : 'New question'}
      save={() =>
        fakeCall(answer === 'saved' ? { status: 201, body: { data: { id: 'q-new' } } } : fieldErrors({ 'choices.1.label': ['The label field is required.'] }), {
          handles: [422],
          delayMs: 100,
        })
      }
      onSaved={() => {}}
      onCancel={() => {}}
    />
  );
}

const meta = {
  title: 'Portal/Knowledge Checks/QuestionEditor',
  component: Editor,
  args: { initial: newQuestion(), answer: 'saved' },
  parameters: { layout: 'padded' },
  decorators: [
    withPortalRouter(),
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Editor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new question: single choice, two choices, the first the answer. */
export const New: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answers = canvas.getAllByRole('radio');
    await expect(answers[0]).toBeChecked();
    await expect(answers[1]).not.toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Choice 1' })).toHaveValue('new choice 1');
    await userEvent.click(canvas.getByRole('button', { name: '+ add choice' }));
    await expect(canvas.getByRole('textbox', { name: 'Choice 3' })).toHaveValue('new choice 3');
  },
};

/** Saved without text, then with the type changed (every answer mark cleared): the SDK's messages under their fields. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Single Choice/ }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Multiple Choice' }));
    await waitFor(() => expect(canvas.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Question' }));
    await expect(await canvas.findByText('The text field is required.')).toBeInTheDocument();
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Question' }), 'Which checks come before climbing?');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Question' }));
    await expect(await canvas.findByText(kcMessages.oneAnswer)).toBeInTheDocument();
  },
};

/** A saved multiple choice question with media on the question and on a choice. */
export const WithMedia: Story = {
  args: { initial: WITH_MEDIA },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Image: Ladder against a wall')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Remove media of choice 3' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Move choice 3 up' }));
    await expect(canvas.getByRole('textbox', { name: 'Choice 2' })).toHaveValue('45 degrees');
  },
};

/** The server's 422 on one choice's label shows under that choice. */
export const ServerErrors: Story = {
  args: { initial: WITH_MEDIA, answer: 'invalid' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save Question' }));
    await expect(await canvas.findByText('The label field is required.')).toBeInTheDocument();
  },
};
