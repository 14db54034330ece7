import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { KnowledgeCheckPage, KnowledgeCheckPlayer, KnowledgeCheckReview } from '@tessera/widgets';
import { demoKcResponse, demoKcSummary } from '@tessera/widgets/testing';

/**
 * `<tessera-knowledge-check>`'s screens, each in its states: the player (instructions, a radio and a checkbox
 * question, the unanswered summary, the finish screen, preview), the review and the check page.
 */
const meta = {
  title: 'Widgets/KnowledgeCheck/Player',
  component: KnowledgeCheckPlayer,
  args: { response: demoKcResponse({ questions: 3 }), onSave: fn(async () => true), onFinish: fn(async () => true) },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof KnowledgeCheckPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing answered yet: the instructions come first. */
export const Instructions: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
  },
};

/** A single-choice question (radio), Save & Next disabled until a choice is made. */
export const RadioQuestion: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Begin' }));
    await expect(canvas.getByRole('button', { name: 'Save & Next' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: 'A torque wrench' }));
    await expect(canvas.getByRole('button', { name: 'Save & Next' })).toBeEnabled();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A multiple-choice question (checkbox): question 2, reached after question 1 was answered. */
export const CheckboxQuestion: Story = {
  args: { response: demoKcResponse({ questions: 3, answered: [1] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: /Question 2 of 3/ })).toBeInTheDocument();
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(3);
  },
};

/** The summary with two questions left unanswered: links to them, no Finish yet. */
export const UnansweredSummary: Story = {
  args: { response: demoKcResponse({ questions: 3, answered: [2] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Finish: go to the summary' }));
    await expect(canvas.getByRole('heading', { name: 'Unanswered questions' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Question 1' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Finish' })).toBeNull();
  },
};

/** Every question answered: the finish screen with its Finish button. */
export const FinishScreen: Story = {
  args: { response: demoKcResponse({ questions: 3, answered: [1, 2, 3] }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await expect(args.onFinish).toHaveBeenCalled();
  },
};

/** An author's preview: nothing is saved, Finish is never offered. */
export const Preview: Story = {
  args: { preview: true, response: { ...demoKcResponse({ questions: 2 }), id: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Preview: answers are not saved and the check cannot be finished.')).toBeInTheDocument();
  },
};

/** The review of a completed response: one right, one wrong (struck through and said so), one not answered. */
export const Review: StoryObj<typeof KnowledgeCheckReview> = {
  render: () => <KnowledgeCheckReview response={demoKcResponse({ questions: 3, answered: [1, 2], wrong: [2], status: 'completed' })} title="Lathe safety" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your answer, incorrect')).toBeInTheDocument();
    await expect(canvas.getByText('This question was not answered.')).toBeInTheDocument();
  },
};

/** The client check page: an assigned response with its due date, and two completed attempts. */
export const CheckPage: StoryObj<typeof KnowledgeCheckPage> = {
  render: () => (
    <KnowledgeCheckPage
      name="Lathe safety"
      responses={[
        demoKcSummary({ id: 'a', status: 'assigned', completed_date_time: null, due_date_time: '2025-03-01T17:00:00.000Z' }),
        demoKcSummary({ id: 'b' }),
        demoKcSummary({ id: 'c', completed_date_time: '2025-01-20T10:00:00.000Z', correct_answers: 2, incorrect_answers: 3, score: 40 }),
      ]}
      onStart={fn()}
      onContinue={fn()}
      onOpenReview={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Start Knowledge Check' })).toBeInTheDocument();
    await expect(canvas.getByText(/Due by/)).toBeInTheDocument();
  },
};

/** The check page before any attempt. */
export const NeverCompleted: StoryObj<typeof KnowledgeCheckPage> = {
  render: () => <KnowledgeCheckPage name="Lathe safety" responses={[]} onStart={fn()} onContinue={fn()} onOpenReview={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This knowledge check has not been completed.')).toBeInTheDocument();
  },
};
