import { PrintSheet } from '@portal/features/kc-print/PrintSheet';
import type { KnowledgeCheckQuestion } from '@tessera/sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

function question(n: number, text: string, type: 'radio' | 'checkbox', labels: string[], answers: number[]): KnowledgeCheckQuestion {
  const choices = labels.map((label, index) => ({
    id: `q${n}-c${index}`,
    label,
    value: `q${n}-c${index}`,
    order: index + 1,
    media_id: null,
    media: null,
    is_answer: answers.includes(index),
  }));
  return {
    id: `q${n}`,
    version_id: `q${n}-v1`,
    version: 1,
    text,
    text_html: `<p>${text}</p>`,
    type,
    order: n,
    media_id: null,
    media: null,
    choices,
    answer: choices.filter((choice) => choice.is_answer).map((choice) => choice.id),
    archived: false,
  };
}

const QUESTIONS = [
  question(1, 'How many points of contact should you keep on a ladder?', 'radio', ['One', 'Two', 'Three', 'Four'], [2]),
  question(2, 'Which of these must be checked **before** climbing?', 'checkbox', ['The feet', 'The rungs', 'The colour', 'The locks'], [0, 1, 3]),
  question(3, 'A ladder should lean at about which angle?', 'radio', ['45°', '60°', '75°'], [2]),
];

/** The print screen's sheet (spec 2, "Print screen"): one form of a seeded draw, with or without its key. */
const meta = {
  title: 'Portal/Knowledge checks/Print sheet',
  component: PrintSheet,
  parameters: { layout: 'padded' },
  args: {
    title: 'Knowledge Check: Ladders',
    instructions: 'Answer every question. Mark **one** choice unless told otherwise.',
    form: 'k7q2x9',
    questions: QUESTIONS,
    showAnswers: false,
  },
} satisfies Meta<typeof PrintSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sheet handed to learners: empty boxes, no key. */
export const WithoutAnswers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('k7q2x9')).toBeVisible();
    await expect(canvas.queryByText(/Answer key/)).toBeNull();
    await expect(canvas.queryByText(/\(answer\)/)).toBeNull();
  },
};

/** The same form with Show Answers on: the answers marked in words and the key of this form. */
export const WithAnswers: Story = {
  args: { showAnswers: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const key = canvas.getByRole('region', { name: 'Answer key of form k7q2x9' });
    await expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['C', 'A, B, D', 'C']);
    await expect(canvas.getAllByText(/✓ \(answer\)/)).toHaveLength(5);
  },
};
