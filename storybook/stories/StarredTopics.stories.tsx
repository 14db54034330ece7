import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StarredTopics } from '@tessera/widgets';
import { DEMO_TENANT, FAKE_HOST_TOKENS } from '@tessera/widgets/testing';
import { FakeTesseraProvider, type FakeApiParameters } from './fakeClient';

/** "Your Starred Topics" of the portal and of `<tessera-starred-topics>`, against the in-memory fake API. */
/** A learner who is logged in (the default); a story with its own `api` parameter spreads this in or leaves it out. */
const loggedIn: FakeApiParameters = { tokens: FAKE_HOST_TOKENS };

const meta = {
  title: 'Widgets/StarredTopics',
  component: StarredTopics,
  args: { organization: DEMO_TENANT, onOpenTopic: fn() },
  argTypes: { client: { control: false }, onOpenTopic: { action: 'open topic' } },
  decorators: [
    (Story, context) => (
      <FakeTesseraProvider api={(context.parameters.api ?? loggedIn) as FakeApiParameters}>
        <div style={{ maxWidth: 720 }}>
          <Story />
        </div>
      </FakeTesseraProvider>
    ),
  ],
} satisfies Meta<typeof StarredTopics>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three starred topics with their module and component; choosing a name calls onOpenTopic. */
export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Fire exits' }));
    await expect(args.onOpenTopic).toHaveBeenCalled();
    await expect(canvas.getByText('Site induction')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { api: { ...loggedIn, delayMs: 600_000 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading...');
  },
};

export const Empty: Story = {
  parameters: { api: { ...loggedIn, favorites: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No topics found...')).toBeInTheDocument();
  },
};

export const Unstar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Unstar Sharpening tools' }));
    await expect(canvas.queryByRole('button', { name: 'Sharpening tools' })).toBeNull();
  },
};

export const UnstarFails: Story = {
  parameters: { api: { ...loggedIn, failing: ['unfavorite'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Unstar Sharpening tools' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The topic could not be unstarred. Please try again.');
    await expect(canvas.getByRole('button', { name: 'Sharpening tools' })).toBeInTheDocument();
  },
};

export const LoadFails: Story = {
  parameters: { api: { ...loggedIn, failing: ['favorites'] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong.');
  },
};

export const LoggedOut: Story = {
  parameters: { api: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Log in to see your starred topics.')).toBeInTheDocument();
  },
};
