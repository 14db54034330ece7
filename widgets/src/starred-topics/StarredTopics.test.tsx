import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClient, DEMO_TENANT, demoFavorites, type FakeApiOptions } from '../testing/index.js';
import { StarredTopics, type StarredTopicsProps } from './StarredTopics.js';
import { starredTopicsMessages as text } from './messages.js';

function setup(api: FakeApiOptions = {}, props: Partial<StarredTopicsProps> = {}) {
  const favorites = api.favorites ?? demoFavorites();
  const { client, api: fake } = createFakeClient({ loggedIn: true, ...api, favorites });
  const onOpenTopic = vi.fn();
  render(<StarredTopics client={client} organization={DEMO_TENANT} onOpenTopic={onOpenTopic} {...props} />);
  return { fake, onOpenTopic, favorites };
}

const topicNames = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].querySelector('button')?.textContent);

describe('StarredTopics', () => {
  it('lists the starred topics with description, module and component names', async () => {
    const { fake } = setup();
    expect(screen.getByRole('heading', { name: 'Your Starred Topics' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(text.loading);
    await screen.findByRole('table');
    expect(topicNames()).toEqual(['Using the lathe', 'Sharpening tools', 'Fire exits']);
    const fireExits = screen.getAllByRole('row')[3];
    expect(
      within(fireExits)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fire exitsWhere to go when the alarm sounds.', 'Site induction', 'Emergencies', 'Unstar']);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Module', 'Component', 'Actions']);
    const url = new URL(fake.requests[0].url);
    expect(url.pathname).toBe(`/api/tenants/${DEMO_TENANT}/my-membership/favorite-topics`);
    expect(url.searchParams.get('paginate')).toBe('false');
  });

  it('shows the empty text when nothing is starred', async () => {
    setup({ favorites: [] });
    expect(await screen.findByText('No topics found...')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    setup({ failing: ['favorites'] });
    expect((await screen.findByRole('alert')).textContent).toBe(text.failed);
    expect(screen.getByRole('button', { name: text.retry })).toBeTruthy();
  });

  it('unstars a topic: it leaves the list and the server is told', async () => {
    const { fake, favorites } = setup();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Unstar Sharpening tools' }));
    expect(topicNames()).toEqual(['Using the lathe', 'Fire exits']);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Your Starred Topics' }));
    const call = fake.requests.at(-1) as Request;
    expect(call.method).toBe('DELETE');
    expect(new URL(call.url).pathname).toBe(`/api/tenants/${DEMO_TENANT}/components/${favorites[1].component_id}/topics/favorites/${favorites[1].id}`);
  });

  it('puts the topic back in its place and says so when unstarring fails', async () => {
    setup({ failing: ['unfavorite'] });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Unstar Sharpening tools' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text.unstarFailed));
    expect(topicNames()).toEqual(['Using the lathe', 'Sharpening tools', 'Fire exits']);
  });

  it('opening a topic hands over organization, topic, component and module ids', async () => {
    const { onOpenTopic, favorites } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Fire exits' }));
    expect(onOpenTopic).toHaveBeenCalledWith({
      organization: DEMO_TENANT,
      topicId: favorites[2].id,
      componentId: favorites[2].component_id,
      moduleId: favorites[2].component.module.id,
    });
  });
});
