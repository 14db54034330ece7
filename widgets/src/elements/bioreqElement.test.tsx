import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TesseraBioreqEventDetail } from '../events.js';
import { createFakeApi, DEMO_TENANT, FAKE_HOST_TOKENS, fakeBioreqDocument } from '../testing/index.js';
import '../bioreq-elements.js';

beforeEach(() => {
  const api = createFakeApi({ bioreqDocuments: [fakeBioreqDocument({ title: 'Old card' })] });
  vi.stubGlobal('fetch', api.fetch);
  // The uploads go through fetch here (the fake API); browsers send them with XMLHttpRequest for progress.
  vi.stubGlobal('XMLHttpRequest', undefined);
  // The page (happy-dom's origin) is not the API's: the store is keyed by the API origin (sdk token-store.ts).
  localStorage.setItem('tessera.tokens@https://tessera.test', JSON.stringify(FAKE_HOST_TOKENS));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<tessera-bioreq-uploader>', () => {
  it('renders in its shadow root; an upload dispatches tessera-bioreq-uploaded, a cancel tessera-bioreq-cancelled', async () => {
    const element = document.createElement('tessera-bioreq-uploader');
    element.setAttribute('api-base', 'https://tessera.test/api');
    element.setAttribute('organization', DEMO_TENANT);
    document.body.append(element);
    const view = within(element.shadowRoot as unknown as HTMLElement);
    const heard: CustomEvent<TesseraBioreqEventDetail>[] = [];
    document.addEventListener('tessera-bioreq-uploaded', (event) => heard.push(event));
    document.addEventListener('tessera-bioreq-cancelled', (event) => heard.push(event));

    await view.findByRole('button', { name: 'Cancel Old card' });
    await userEvent.type(view.getByRole('textbox', { name: 'Title' }), 'Passport');
    await userEvent.type(view.getByRole('textbox', { name: 'Description' }), 'Photo page');
    await userEvent.upload(view.getByLabelText('File'), new File(['%PDF-1.4 test'], 'passport.pdf', { type: 'application/pdf' }));
    await userEvent.click(view.getByRole('button', { name: 'Upload' }));
    await view.findByText('Bioreq document uploaded!');
    expect(heard.map((event) => [event.type, event.detail.title])).toEqual([['tessera-bioreq-uploaded', 'Passport']]);

    // The list reads itself again after the upload: the row's button is found once the list is back.
    await userEvent.click(await view.findByRole('button', { name: 'Cancel Old card' }));
    await userEvent.click(await view.findByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(heard.map((event) => event.type)).toContain('tessera-bioreq-cancelled'));
    expect(heard[1].detail).toMatchObject({ organization: DEMO_TENANT, title: 'Old card' });
  });
});
