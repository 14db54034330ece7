import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClient, DEMO_TENANT, DEMO_TOPIC_ID, manyItems } from '../testing/index.js';
import { TopicViewer } from './TopicViewer.js';

// Counts how often a paragraph renders: a stand-in for Markdown without its own memo, so every render of a
// row shows up here.
const paragraphRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../markdown/Markdown.js', () => ({
  Markdown: ({ text }: { text: string | null }) => {
    paragraphRenders.count += 1;
    return <p>{text}</p>;
  },
}));

describe('TopicViewer rows', () => {
  it('ticking one procedure row renders only that row again, not the other 49', async () => {
    const { client } = createFakeClient({ loggedIn: true, items: { [DEMO_TOPIC_ID]: manyItems(50) } });
    const onComplete = vi.fn();
    render(<TopicViewer client={client} organization={DEMO_TENANT} topic={DEMO_TOPIC_ID} showTitle={false} onComplete={onComplete} />);
    await screen.findByRole('region', { name: 'Step 50' });
    const before = paragraphRenders.count;
    await userEvent.click(within(screen.getByRole('region', { name: 'Step 1' })).getByRole('checkbox'));
    await waitFor(() => expect(onComplete).toHaveBeenCalledOnce());
    expect(paragraphRenders.count - before).toBe(1);
  });
});
