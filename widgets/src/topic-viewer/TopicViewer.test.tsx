import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTesseraClient, memoryTokenStore } from '@tessera/sdk';
import {
  createFakeApi,
  createFakeClient,
  DEMO_TENANT,
  DEMO_TOPIC_ID,
  demoItems,
  FAKE_API_BASE,
  FAKE_HOST_TOKENS,
  manyItems,
  type FakeApiOptions,
} from '../testing/index.js';
import { TopicViewer, type TopicViewerProps } from './TopicViewer.js';
import { topicViewerMessages as text } from './messages.js';

function setup(api: FakeApiOptions = {}, props: Partial<TopicViewerProps> = {}) {
  const { client, api: fake } = createFakeClient({ loggedIn: true, ...api });
  const onComplete = vi.fn();
  render(<TopicViewer client={client} organization={DEMO_TENANT} topic={DEMO_TOPIC_ID} onComplete={onComplete} {...props} />);
  return { client, fake, onComplete };
}

const rowRegion = (title: string) => screen.getByRole('region', { name: title });
const completionCalls = (fake: { requests: Request[] }) =>
  fake.requests.filter((request) => request.url.includes('/items/completed/')).map((request) => request.method);

describe('TopicViewer', () => {
  it('shows Loading... first, then the topic with its rows in order', async () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe(text.loading);
    expect(await screen.findByRole('heading', { name: 'Using the lathe', level: 2 })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Before you start', 'Watch the demonstration', 'Put on protective equipment', 'Check the machine']);
  });

  it('renders every item type: Markdown paragraph, image, video with poster, audio, pdf link', async () => {
    const items = demoItems();
    setup({ items: { [DEMO_TOPIC_ID]: items } });
    const first = await screen.findByRole('region', { name: 'Before you start' });
    expect(within(first).getByText('safety notes').tagName).toBe('STRONG');
    const image = within(first).getByRole('img', { name: 'Workshop layout' });
    expect(image.getAttribute('src')).toBe(items[0].children[1].media[0].url);

    const second = rowRegion('Watch the demonstration');
    const video = second.querySelector('video') as HTMLVideoElement;
    const videoMedia = items[1].children[0].media[0];
    expect(video.getAttribute('src')).toBe(videoMedia.url);
    expect(video.getAttribute('poster')).toBe(videoMedia.thumbnail?.url);
    expect(video.hasAttribute('controls')).toBe(true);
    // Its captions tracks, from the signed URLs, in CORS mode (the files are on the server's origin).
    expect(video.getAttribute('crossorigin')).toBe('anonymous');
    const tracks = [...video.querySelectorAll('track')].map((track) => ({
      kind: track.getAttribute('kind'),
      src: track.getAttribute('src'),
      srclang: track.getAttribute('srclang'),
      label: track.getAttribute('label'),
      default: track.hasAttribute('default'),
    }));
    expect(tracks).toEqual(
      (videoMedia.captions ?? []).map((caption) => ({
        kind: 'captions',
        src: caption.url,
        srclang: caption.language,
        label: caption.label,
        default: caption.is_default,
      })),
    );
    expect(tracks.map((track) => [track.srclang, track.default])).toEqual([
      ['en', true],
      ['pt-BR', false],
    ]);
    const audio = second.querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe(items[1].children[1].media[0].url);
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(within(second).getByText('Narration')).toBeTruthy();

    const pdf = within(rowRegion('Check the machine')).getByRole('link', { name: text.openPdf('Checklist') });
    expect(pdf.getAttribute('href')).toBe(items[3].children[0].media[0].url);
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('plays a video without captions as before: no tracks, no CORS mode', async () => {
    const items = demoItems();
    const plain = { ...items[1].children[0].media[0] };
    delete plain.captions;
    items[1].children[0] = { ...items[1].children[0], media: [plain] };
    setup({ items: { [DEMO_TOPIC_ID]: items } });
    const video = (await screen.findByRole('region', { name: 'Watch the demonstration' })).querySelector('video') as HTMLVideoElement;
    expect(video.querySelectorAll('track')).toHaveLength(0);
    expect(video.hasAttribute('crossorigin')).toBe(false);
  });

  it('shows the spec text for a topic without items', async () => {
    setup({ items: { [DEMO_TOPIC_ID]: [] } });
    expect(await screen.findByText('This topic appears to be empty.')).toBeTruthy();
  });

  it('shows an error with Try again when loading fails, and loads again on Try again', async () => {
    const { fake } = setup({ failing: ['items'] });
    expect((await screen.findByRole('alert')).textContent).toBe(text.failed);
    const itemCalls = () => fake.requests.filter((request) => request.url.endsWith('/items')).length;
    expect(itemCalls()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: text.retry }));
    await waitFor(() => expect(itemCalls()).toBe(2));
  });

  it('says the topic cannot be found on 404', async () => {
    setup({}, { topic: '0190a5b2-0000-7000-8000-00000000ffff' });
    expect((await screen.findByRole('alert')).textContent).toBe(text.notFound);
  });

  it('asks to log in when there is no session, without calling the API', () => {
    const { client, api } = createFakeClient();
    render(<TopicViewer client={client} organization={DEMO_TENANT} topic={DEMO_TOPIC_ID} />);
    expect(screen.getByText(text.loggedOut)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('does not fetch again when the tokens are refreshed, and asks to log in after a logout', async () => {
    const { client, fake } = setup();
    await screen.findByRole('region', { name: 'Before you start' });
    act(() => client.tokenStore.set({ accessToken: 'host-refreshed', refreshToken: 'host-refreshed' }));
    expect(screen.getByRole('region', { name: 'Before you start' })).toBeTruthy();
    expect(fake.requests.filter((request) => request.url.endsWith('/items'))).toHaveLength(1);
    act(() => client.tokenStore.set(null));
    expect(screen.getByText(text.loggedOut)).toBeTruthy();
  });

  it('asks for a topic when none is given (an element whose topic attribute is not set yet)', () => {
    const { fake } = setup({}, { topic: '' });
    expect(screen.getByText(text.noTopic)).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('ticks a procedure row at once, records it, then reports the change', async () => {
    const { fake, onComplete } = setup();
    const row = await screen.findByRole('region', { name: 'Put on protective equipment' });
    // Named by its row: every procedure checkbox of a topic says which step it ticks.
    const toggle = within(row).getByRole('checkbox', { name: 'Complete: Put on protective equipment' });
    expect(toggle).toHaveProperty('checked', false);
    await userEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', true);
    await waitFor(() => expect(onComplete).toHaveBeenCalledOnce());
    const itemId = row.getAttribute('aria-labelledby')?.replace('tessera-row-', '');
    expect(onComplete).toHaveBeenCalledWith({ topicId: DEMO_TOPIC_ID, itemId, complete: true });
    expect(completionCalls(fake)).toEqual(['POST']);

    const done = within(rowRegion('Check the machine')).getByRole('checkbox', { name: text.completeName('Check the machine') });
    expect(done).toHaveProperty('checked', true);
    await userEvent.click(done);
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(2));
    expect(onComplete.mock.calls[1][0]).toMatchObject({ complete: false });
    expect(completionCalls(fake)).toEqual(['POST', 'DELETE']);
  });

  it('rolls the tick back and shows an error when the server refuses', async () => {
    const api = createFakeApi({ failing: ['complete'] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The completion call waits until the test has seen the optimistic tick.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes('/items/completed/')) await held;
      return api.fetch(request);
    };
    const client = createTesseraClient({ baseUrl: FAKE_API_BASE, tokenStore: memoryTokenStore({ ...FAKE_HOST_TOKENS }), fetch });
    const onComplete = vi.fn();
    render(<TopicViewer client={client} organization={DEMO_TENANT} topic={DEMO_TOPIC_ID} onComplete={onComplete} />);
    const row = await screen.findByRole('region', { name: 'Put on protective equipment' });
    const toggle = within(row).getByRole('checkbox', { name: text.completeName('Put on protective equipment') });
    await userEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', true);
    expect(screen.queryByRole('alert')).toBeNull();
    release();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text.completionFailed));
    expect(toggle).toHaveProperty('checked', false);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('has no toggles in preview or read-only mode; procedure rows say Procedure', async () => {
    setup({}, { preview: true });
    await screen.findByRole('region', { name: 'Put on protective equipment' });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(rowRegion('Put on protective equipment')).getByText(text.procedure)).toBeTruthy();
  });

  it('shows the rows it is given (an unsaved preview) without asking for the saved ones', async () => {
    const draft = manyItems(2);
    const { fake } = setup({}, { preview: true, showTitle: false, items: draft });
    expect(await screen.findByRole('region', { name: 'Step 2' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Put on protective equipment' })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('renders 200 rows from one items call (no call per item)', async () => {
    const { fake } = setup({ items: { [DEMO_TOPIC_ID]: manyItems(200) } }, { showTitle: false });
    expect(await screen.findByRole('region', { name: 'Step 200' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(200);
    expect(fake.requests.map((request) => new URL(request.url).pathname)).toEqual([`/api/tenants/${DEMO_TENANT}/topics/${DEMO_TOPIC_ID}/items`]);
  });
});
