import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDisplayDate } from '@tessera/sdk';
import { createFakeClient, DEMO_TENANT, FAKE_API_BASE, fakeBioreqDocument, type FakeApiOptions } from '../testing/index.js';
import { BioreqUploader } from './BioreqUploader.js';
import { bioreqUploaderMessages as text } from './messages.js';

function setup(api: FakeApiOptions = {}, loggedIn = true) {
  const { client, api: fake } = createFakeClient({ loggedIn, ...api });
  const onUploaded = vi.fn();
  const onCancelled = vi.fn();
  render(<BioreqUploader client={client} organization={DEMO_TENANT} onUploaded={onUploaded} onCancelled={onCancelled} />);
  return { fake, onUploaded, onCancelled };
}

const pdf = () => new File(['%PDF-1.4 a small test document'], 'passport.pdf', { type: 'application/pdf' });

describe('BioreqUploader', () => {
  it('asks to log in when nobody is', () => {
    setup({}, false);
    expect(screen.getByText(text.loggedOut)).toBeTruthy();
  });

  it('lists the own documents with status and the reviewer message; cancel only before review', async () => {
    setup({
      bioreqDocuments: [
        fakeBioreqDocument({ title: 'Passport' }),
        fakeBioreqDocument({
          title: 'Licence',
          status: 'match',
          processed: true,
          message: 'Matches our records.',
          abilities: { download: true, cancel: false, decide: false, write_notes: false, read_access_log: false },
        }),
      ],
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('PassportPending'),
      expect.stringContaining('LicenceMatchMatches our records.'),
    ]);
    expect(within(rows[0]).getByRole('button', { name: 'Cancel Passport' })).toBeTruthy();
    // Under review or decided: downloading one's own file is all that is left.
    expect(
      within(rows[1])
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Download Licence']);
    // The spec's date format, as every Tessera screen shows dates.
    expect(rows[0].textContent).toContain(formatDisplayDate('2025-03-01T10:00:00.000Z'));
  });

  it('downloads the own file through its signed URL at the API base the widget uses, and saves it under the title', async () => {
    setup({ bioreqDocuments: [fakeBioreqDocument({ title: 'Passport' })] });
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        fetched.push(String(input));
        return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:saved', revokeObjectURL: () => undefined });
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await userEvent.click(await screen.findByRole('button', { name: 'Download Passport' }));
      await waitFor(() => expect(saved).toHaveBeenCalledOnce());
      expect(fetched).toEqual([expect.stringMatching(new RegExp(`^${FAKE_API_BASE}/bioreq-files/t/`))]);
      expect(screen.queryByText(text.downloadFailed)).toBeNull();
    } finally {
      saved.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("says bioreq is off in the organization, in the server's words, and offers no form", async () => {
    setup({ bioreqDisabled: true });
    expect(await screen.findByText('Bioreq is not enabled for this organization.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: text.upload })).toBeNull();
    expect(screen.queryByText(text.failed)).toBeNull();
  });

  it('checks the fields before sending, uploads, shows the success text and the new row, and calls onUploaded', async () => {
    const { fake, onUploaded } = setup();
    await screen.findByText(text.empty);
    await userEvent.click(screen.getByRole('button', { name: text.upload }));
    expect(screen.getByText('The title field is required.')).toBeTruthy();
    expect(screen.getByText('The description field is required.')).toBeTruthy();
    expect(screen.getByText('The file field is required.')).toBeTruthy();
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: text.title }), 'Passport');
    await userEvent.type(screen.getByRole('textbox', { name: text.description }), 'Photo page');
    await userEvent.upload(screen.getByLabelText(text.file), pdf());
    await userEvent.click(screen.getByRole('button', { name: text.upload }));
    expect(await screen.findByText(text.uploaded)).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ title: 'Passport', status: 'pending' }));
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Passport'));
    const upload = fake.requests.find((request) => request.method === 'POST');
    expect(new URL(upload?.url ?? '').pathname).toBe(`/api/tenants/${DEMO_TENANT}/bioreq`);
    expect(screen.getByRole('textbox', { name: text.title })).toHaveProperty('value', '');
  });

  it('asks before cancelling, then removes the row and calls onCancelled', async () => {
    const { onCancelled } = setup({ bioreqDocuments: [fakeBioreqDocument({ title: 'Passport' })] });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Passport' }));
    const question = screen.getByRole('alertdialog', { name: text.cancelQuestion('Passport') });
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await screen.findByText(text.empty);
    expect(onCancelled).toHaveBeenCalledWith(expect.objectContaining({ title: 'Passport' }));
  });

  it('shows a failed upload without losing the form', async () => {
    setup({ failing: ['bioreq-upload'] });
    await screen.findByText(text.empty);
    await userEvent.type(screen.getByRole('textbox', { name: text.title }), 'Passport');
    await userEvent.type(screen.getByRole('textbox', { name: text.description }), 'Photo page');
    await userEvent.upload(screen.getByLabelText(text.file), pdf());
    await userEvent.click(screen.getByRole('button', { name: text.upload }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: text.title })).toHaveProperty('value', 'Passport');
  });
});
