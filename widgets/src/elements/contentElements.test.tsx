import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, DEMO_TENANT, DEMO_TOPIC_ID, demoFavorites, FAKE_HOST_TOKENS, type FakeApi } from '../testing/index.js';
import type { TesseraCompleteEventDetail, TesseraOpenTopicEventDetail } from '../events.js';
import '../elements.js';

let api: FakeApi;
/** Tokens of https://tessera.test, under that origin's key. */
const TOKEN_KEY = 'tessera.tokens@https://tessera.test';

function mount(tag: 'tessera-topic-viewer' | 'tessera-starred-topics', attributes: Record<string, string>) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const root = element.shadowRoot as ShadowRoot;
  return { element, root, view: within(root as unknown as HTMLElement) };
}

beforeEach(() => {
  api = createFakeApi({ favorites: demoFavorites() });
  vi.stubGlobal('fetch', api.fetch);
  localStorage.setItem(TOKEN_KEY, JSON.stringify(FAKE_HOST_TOKENS));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  // A new page each test: its session runtime (providers, the one tessera-session per change) starts afresh.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.widgets.sessions.v1')];
});

describe('<tessera-topic-viewer>', () => {
  it('renders the topic in its shadow root with its styles, and ticking a row dispatches tessera-complete', async () => {
    const { root, view } = mount('tessera-topic-viewer', {
      'api-base': 'https://tessera.test/api',
      organization: DEMO_TENANT,
      topic: DEMO_TOPIC_ID,
    });
    const row = await view.findByRole('region', { name: 'Put on protective equipment' });
    expect(root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('')).toContain('tessera-c-');
    const heard: CustomEvent<TesseraCompleteEventDetail>[] = [];
    document.addEventListener('tessera-complete', (event) => heard.push(event), { once: true });
    await userEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0].detail).toMatchObject({ topicId: DEMO_TOPIC_ID, complete: true });
    expect(heard[0].bubbles && heard[0].composed).toBe(true);
  });

  it('has no toggles with preview="true"', async () => {
    const { view } = mount('tessera-topic-viewer', {
      'api-base': 'https://tessera.test/api',
      organization: DEMO_TENANT,
      topic: DEMO_TOPIC_ID,
      preview: 'true',
    });
    await view.findByRole('region', { name: 'Put on protective equipment' });
    expect(view.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('<tessera-starred-topics>', () => {
  it('lists the starred topics, and choosing one dispatches tessera-open-topic', async () => {
    const { element, view } = mount('tessera-starred-topics', { 'api-base': 'https://tessera.test/api', organization: DEMO_TENANT });
    const heard: CustomEvent<TesseraOpenTopicEventDetail>[] = [];
    element.parentElement?.addEventListener('tessera-open-topic', (event) => heard.push(event));
    await userEvent.click(await view.findByRole('button', { name: 'Using the lathe' }));
    expect(heard).toHaveLength(1);
    expect(heard[0].detail).toMatchObject({ organization: DEMO_TENANT, topicId: DEMO_TOPIC_ID });
  });
});

describe('several widgets, servers and sessions on one page', () => {
  it("a widget pointed at another API origin gets none of the first origin's tokens", async () => {
    const other = createFakeApi({ favorites: demoFavorites() });
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.startsWith('https://other.test/')) {
        seen.push(request.headers.get('Authorization'));
        return other.fetch(request);
      }
      return api.fetch(request);
    });
    const { view } = mount('tessera-starred-topics', { 'api-base': 'https://tessera.test/api', organization: DEMO_TENANT });
    const second = mount('tessera-starred-topics', { 'api-base': 'https://other.test/api', organization: DEMO_TENANT });
    await view.findByRole('button', { name: 'Using the lathe' });
    expect(await second.view.findByText('Log in to see your starred topics.')).toBeTruthy();
    expect(seen.filter(Boolean)).toEqual([]);
    expect(localStorage.getItem('tessera.tokens@https://other.test')).toBeNull();
  });

  it("clears the starred list when the page logs out, and shows the next person's list after their login", async () => {
    const { view } = mount('tessera-starred-topics', { 'api-base': 'https://tessera.test/api', organization: DEMO_TENANT });
    await view.findByRole('button', { name: 'Using the lathe' });
    localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: null }));
    await view.findByText('Log in to see your starred topics.');
    expect(view.queryByRole('button', { name: 'Using the lathe' })).toBeNull();
  });
});
