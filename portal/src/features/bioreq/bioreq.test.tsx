import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@tessera/sdk/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { BioreqDocument } from './bioreqCalls';

const ACME = aTenant('Acme Training', { enable_bioreq: true });
const BASE = `/api/tenants/${ACME.id}/bioreq`;
const ABILITIES = { download: true, cancel: true, decide: false, write_notes: false, read_access_log: false };

function aDocument(id: string, overrides: Partial<BioreqDocument> = {}): BioreqDocument {
  return {
    id,
    title: `Document ${id}`,
    description: 'Scan of the photo page',
    mime_type: 'application/pdf',
    kind: 'pdf',
    size: 120_000,
    status: 'pending',
    processed: false,
    message: null,
    submitter: { id: 'u-lena', name: 'Lena Learner', email: 'learner@example.com', is_active: true, is_confirmed: true },
    reviewer: null,
    decided_by: null,
    created_at: '2026-03-02T14:05:00Z',
    downloaded_at: null,
    decided_at: null,
    updated_at: '2026-03-02T14:05:00Z',
    file_deleted_at: null,
    abilities: ABILITIES,
    ...overrides,
  };
}

const page = (data: BioreqDocument[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'uploaded', desc: true, search: null },
});

function as(role: 'user' | 'admin' | 'master', routes: (FakeRoute & { once?: boolean })[], tenant = ACME) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ...routes,
  ]);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
  // Uploads go through fetch (the fake) here; browsers send them with XMLHttpRequest for their progress.
  vi.stubGlobal('XMLHttpRequest', undefined);
});

describe('Bioreq client documents page', () => {
  it('lists the pending documents with the spec columns; cancel only before review, after the question', async () => {
    const underReview = aDocument('d-2', {
      status: 'underreview',
      reviewer: { id: 'u-ada', name: 'Ada Admin', email: 'admin@example.com', is_active: true, is_confirmed: true },
      downloaded_at: '2026-03-03T09:00:00Z',
      abilities: { ...ABILITIES, cancel: false },
    });
    const api = as('user', [
      { method: 'GET', path: `${BASE}/user`, status: 200, body: page([aDocument('d-1'), underReview]), once: true },
      { method: 'GET', path: `${BASE}/user`, status: 200, body: page([underReview]) },
      { method: 'DELETE', path: `${BASE}/d-1`, status: 204 },
    ]);
    renderApp('/acme-training/bioreq');
    const table = await screen.findByRole('grid', { name: 'Pending bioreq documents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Title', 'Uploaded By', 'Uploaded', 'Downloaded By', 'Downloaded On', 'Actions']);
    expect(screen.getByRole('button', { name: 'Add Bioreq Document' })).toBeTruthy();
    expect((await within(table).findByRole('row', { name: /Document d-2/ })).textContent).toContain('Ada Admin');
    expect(screen.queryByRole('button', { name: 'Cancel Document d-2' })).toBeNull();
    const listCall = api.requests.find((request) => request.path === `${BASE}/user`);
    expect(listCall).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Document d-1' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel “Document d-1”?' });
    expect(question.textContent).toContain('Are you sure you want to cancel "Document d-1"?');
    fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE' && request.path === `${BASE}/d-1`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Document d-1/ })).toBeNull());
  });

  it('the Add modal shows a 406 under the file field, then uploads with the success text', async () => {
    const unacceptable = 'The file must be a file of type: application/pdf, image/jpeg, image/png, video/mp4, audio/mpeg, audio/wav.';
    const api = as('user', [
      { method: 'GET', path: `${BASE}/user`, status: 200, body: page([]) },
      { method: 'POST', path: BASE, status: 406, body: { message: unacceptable, code: 'unacceptable_file', errors: { file: [unacceptable] } }, once: true },
      { method: 'POST', path: BASE, status: 201, body: { data: aDocument('d-9', { title: 'Passport' }) } },
    ]);
    renderApp('/acme-training/bioreq');
    expect(await screen.findByText('No pending bioreq documents found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Bioreq Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bioreq Document' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Passport' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Photo page' } });
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(unacceptable)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Bioreq document uploaded!')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('the notes modal is display-only for the uploader and shows a load failure with its status', async () => {
    as('user', [
      { method: 'GET', path: `${BASE}/user`, status: 200, body: page([aDocument('d-1')]) },
      { method: 'GET', path: `${BASE}/d-1/notes`, status: 500, body: { message: 'Server error', code: 'server_error' } },
    ]);
    renderApp('/acme-training/bioreq');
    fireEvent.click(await screen.findByRole('button', { name: 'Notes of Document d-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes - Document d-1' });
    expect(await within(dialog).findByText('500 There was an error while loading the notes')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add Note' })).toBeNull();
  });

  it('says bioreq is off instead of calling the server', async () => {
    const api = as('user', [], aTenant('Acme Training'));
    renderApp('/acme-training/bioreq');
    expect(await screen.findByText('Bioreq is not enabled for this organization.')).toBeTruthy();
    expect(api.requests.some((request) => request.path.includes('/bioreq'))).toBe(false);
  });
});

describe('Bioreq admin review page', () => {
  it('a match needs its message; the verdict is sent with it and the row is shown in the success colour', async () => {
    const row = aDocument('d-1', { status: 'underreview', abilities: { ...ABILITIES, cancel: false, decide: true, write_notes: true } });
    const api = as('admin', [
      { method: 'GET', path: BASE, status: 200, body: page([row]) },
      { method: 'POST', path: `${BASE}/d-1/match`, status: 200, body: { data: { ...row, status: 'match', processed: true, message: 'It matches.' } } },
    ]);
    renderApp('/acme-training/admin/bioreq');
    fireEvent.click(await screen.findByRole('button', { name: 'Match Document d-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Match - Document d-1' });
    expect(within(dialog).getByText('This message will be delivered to the uploader')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('The message field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'It matches.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.requests.find((request) => request.path === `${BASE}/d-1/match`)?.body).toEqual({ match: true, message: 'It matches.' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Document d-1/ }).getAttribute('data-highlighted')).toBe('true'));
  });

  it('no match asks the spec question and may carry a reason', async () => {
    const row = aDocument('d-1', { status: 'underreview', abilities: { ...ABILITIES, cancel: false, decide: true, write_notes: true } });
    const api = as('admin', [
      { method: 'GET', path: BASE, status: 200, body: page([row]) },
      { method: 'POST', path: `${BASE}/d-1/match`, status: 200, body: { data: { ...row, status: 'nomatch', processed: true } } },
    ]);
    renderApp('/acme-training/admin/bioreq');
    fireEvent.click(await screen.findByRole('button', { name: 'No match Document d-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm No Match - Document d-1' });
    expect(within(dialog).getByText('Are you sure "Document d-1" is not a match?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.requests.find((request) => request.path === `${BASE}/d-1/match`)?.body).toEqual({ match: false }));
  });
});

describe('Bioreq review against a changed server', () => {
  it('after a 409 (another reviewer decided) the list is read again, so Match and No match are no longer offered', async () => {
    const open = aDocument('d-1', { status: 'underreview', abilities: { ...ABILITIES, cancel: false, decide: true, write_notes: true } });
    const decided = { ...open, status: 'match' as const, processed: true, abilities: { ...open.abilities, decide: false } };
    as('admin', [
      { method: 'GET', path: BASE, status: 200, body: page([open]), once: true },
      { method: 'GET', path: BASE, status: 200, body: page([decided]) },
      {
        method: 'POST',
        path: `${BASE}/d-1/match`,
        status: 409,
        body: { code: 'already_decided', message: 'A decision on this document has already been taken.' },
      },
    ]);
    renderApp('/acme-training/admin/bioreq');
    fireEvent.click(await screen.findByRole('button', { name: 'No match Document d-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm No Match - Document d-1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('A decision on this document has already been taken.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Match Document d-1', hidden: true })).toBeNull());
  });

  it('fetches the signed file at the address the portal is served from, whatever PUBLIC_URL says, and reads the row again', async () => {
    const pending = aDocument('d-1', { abilities: { ...ABILITIES, cancel: false, decide: true, write_notes: true } });
    const signedPath = `/api/bioreq-files/${ACME.id}/d-1`;
    const api = as('admin', [
      { method: 'GET', path: BASE, status: 200, body: page([pending]), once: true },
      { method: 'GET', path: BASE, status: 200, body: page([{ ...pending, status: 'underreview' }]) },
      {
        method: 'GET',
        path: `${BASE}/d-1/download`,
        status: 200,
        body: {
          data: {
            url: `https://training.example.com${signedPath}?user=u&expires=1&signature=s`,
            file_name: 'd-1.pdf',
            mime_type: 'application/pdf',
            expires_at: '2026-03-02T14:06:00Z',
          },
        },
      },
      { method: 'GET', path: signedPath, status: 200, body: {} },
    ]);
    // The browser's save (an object URL clicked as a download link); jsdom would navigate to it instead.
    Object.assign(URL, { createObjectURL: () => 'blob:saved', revokeObjectURL: () => undefined });
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/acme-training/admin/bioreq');
    fireEvent.click(await screen.findByRole('button', { name: 'Download Document d-1' }));
    await waitFor(() => expect(api.requests.filter((request) => request.path === BASE)).toHaveLength(2));
    const fetched = api.fetch.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).find((url) => url.includes('/bioreq-files/'));
    expect(new URL(fetched as string, window.location.href).origin).toBe(window.location.origin);
    expect(saved).toHaveBeenCalledOnce();
    saved.mockRestore();
  });
});

describe('Bioreq retention settings', () => {
  it('a master sets the days, sees the rule message for a bad value, and turns retention off with an empty field', async () => {
    const api = as('master', [
      { method: 'GET', path: BASE, status: 200, body: page([]) },
      // The loader names the organization as the address does (its slug); the save by its id.
      { method: 'GET', path: '/api/tenants/acme-training/bioreq/settings', status: 200, body: { data: { retention_days: null } } },
      { method: 'PUT', path: `${BASE}/settings`, status: 200, body: { data: { retention_days: 30 } }, once: true },
      { method: 'PUT', path: `${BASE}/settings`, status: 200, body: { data: { retention_days: null } } },
    ]);
    renderApp('/acme-training/admin/bioreq');
    fireEvent.click(await screen.findByRole('link', { name: 'Retention settings' }));
    const field = await screen.findByRole('textbox', { name: "Delete processed documents' files after (days)" });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.minNumber('retention_days', 1))).toBeTruthy();
    fireEvent.change(field, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bioreq settings saved!')).toBeTruthy();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
        { retention_days: 30 },
        { retention_days: null },
      ]),
    );
  });

  it('an admin reviews but is not offered the settings', async () => {
    as('admin', [{ method: 'GET', path: BASE, status: 200, body: page([]) }]);
    renderApp('/acme-training/admin/bioreq');
    expect(await screen.findByRole('heading', { name: 'Bioreq' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Retention settings' })).toBeNull();
  });
});
