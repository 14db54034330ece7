import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TopicViewer } from '@tessera/widgets';
import { DEMO_TENANT, DEMO_TOPIC_ID, FAKE_HOST_TOKENS, manyItems } from '@tessera/widgets/testing';
import { FakeTesseraProvider, type FakeApiParameters } from './fakeClient';

/**
 * The topic viewer of the portal's items view and of `<tessera-topic-viewer>`: a topic's rows with paragraphs
 * (Markdown), images, videos, pdfs and audio, and procedure rows to tick. Every story talks to the in-memory fake API.
 */
/** A learner who is logged in (the default); a story with its own `api` parameter spreads this in or leaves it out. */
const loggedIn: FakeApiParameters = { tokens: FAKE_HOST_TOKENS };

const meta = {
  title: 'Widgets/TopicViewer',
  component: TopicViewer,
  args: { organization: DEMO_TENANT, topic: DEMO_TOPIC_ID, onComplete: fn() },
  argTypes: { client: { control: false }, onComplete: { action: 'complete' } },
  decorators: [
    (Story, context) => (
      <FakeTesseraProvider api={(context.parameters.api ?? loggedIn) as FakeApiParameters}>
        <div style={{ maxWidth: 720 }}>
          <Story />
        </div>
      </FakeTesseraProvider>
    ),
  ],
} satisfies Meta<typeof TopicViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const procedureToggle = async (canvasElement: HTMLElement, row: string) => {
  const region = await within(canvasElement).findByRole('region', { name: row });
  return within(region).getByRole('checkbox', { name: `Complete: ${row}` });
};

/** Rows with every item type: a Markdown paragraph, an image, a video with its poster, audio, a pdf link. */
export const EveryItemType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Workshop layout' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Open Checklist (PDF, new tab)' })).toHaveAttribute('target', '_blank');
    await expect(canvasElement.querySelector('video[controls][poster]')).not.toBeNull();
    await expect(canvasElement.querySelector('audio[controls]')).not.toBeNull();
  },
};

export const Loading: Story = {
  parameters: { api: { ...loggedIn, delayMs: 600_000 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading...');
  },
};

export const Empty: Story = {
  parameters: { api: { ...loggedIn, items: { [DEMO_TOPIC_ID]: [] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This topic appears to be empty.')).toBeInTheDocument();
  },
};

/** Ticking a procedure row shows at once and is recorded; `onComplete` reports it. */
export const ProcedureRows: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = await procedureToggle(canvasElement, 'Put on protective equipment');
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(await procedureToggle(canvasElement, 'Check the machine')).toBeChecked();
    await expect(args.onComplete).toHaveBeenCalled();
  },
};

/** The server refuses the tick: the row goes back and an alert says so. */
export const CompletionFails: Story = {
  parameters: { api: { ...loggedIn, failing: ['complete'] } },
  play: async ({ canvasElement }) => {
    const toggle = await procedureToggle(canvasElement, 'Put on protective equipment');
    await userEvent.click(toggle);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Your progress on this step could not be saved. Please try again.');
    await expect(toggle).not.toBeChecked();
  },
};

export const LoadFails: Story = {
  parameters: { api: { ...loggedIn, failing: ['items'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  args: { topic: '0190a5b2-0000-7000-8000-00000000ffff' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This topic could not be found.');
  },
};

/** An author's preview: no toggles (the portal adds its preview banner). */
export const Preview: Story = {
  args: { preview: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Put on protective equipment' });
    await expect(within(canvasElement).queryAllByRole('checkbox')).toHaveLength(0);
  },
};

/** The owner's view: procedure rows are marked, not toggled. */
export const ReadOnly: Story = { args: { readOnly: true } };

export const LoggedOut: Story = {
  parameters: { api: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Log in to see this topic.')).toBeInTheDocument();
  },
};

/** The render budget's topic: 200 rows, every fifth a procedure. */
export const TwoHundredItems: Story = {
  args: { showTitle: false },
  parameters: { api: { ...loggedIn, items: { [DEMO_TOPIC_ID]: manyItems(200) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Step 200' })).toBeInTheDocument();
  },
};
