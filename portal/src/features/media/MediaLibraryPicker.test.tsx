import type { MediaSummary } from '@tessera/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { QueryProvider } from '../../api/queries';
import { fakeApi } from '../../test/fakeApi';
import { TOKENS } from '../../test/fixtures';
import { MediaLibraryPicker } from './MediaLibraryPicker';

const TENANT = 'tenant-1';
const MEDIA_PATH = `/api/tenants/${TENANT}/media`;

function aFile(id: string, name: string, type: MediaSummary['type'], thumbnail: string | null = null): MediaSummary {
  const mime_type = ({ image: 'image/png', video: 'video/mp4', pdf: 'application/pdf', audio: 'audio/mpeg' } as const)[type];
  return { id, name, type, mime_type, size: 2_048, created_at: '2026-03-01T10:00:00Z', url: `/files/${id}`, thumbnail: thumbnail ? { url: thumbnail } : null };
}

const page = (data: MediaSummary[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'created', desc: true, search: null },
});

function searchOf(api: ReturnType<typeof fakeApi>) {
  const [input] = api.fetch.mock.calls[0] as [Request];
  return new URL(input.url).searchParams;
}

beforeEach(() => tokenStore.set(TOKENS));

describe('MediaLibraryPicker', () => {
  it('lists the files of its type, newest first, names each by its name and answers the chosen one', async () => {
    const api = fakeApi([
      { method: 'GET', path: MEDIA_PATH, status: 200, body: page([aFile('v-1', 'Ladder drill', 'video'), aFile('v-2', 'Fire drill', 'video')]) },
    ]);
    const onSelect = vi.fn();
    render(<MediaLibraryPicker tenantId={TENANT} type="video" isOpen onSelect={onSelect} onCancel={() => undefined} />, { wrapper: QueryProvider });
    const dialog = screen.getByRole('dialog', { name: 'Media Library' });
    const list = await within(dialog).findByRole('listbox', { name: 'Media Library: video files' });
    expect(Object.fromEntries(searchOf(api))).toMatchObject({ type: 'video', order: 'created', desc: 'true' });
    const option = await within(list).findByRole('option', { name: 'Fire drill' });
    expect(option.querySelector('img')).toBeNull();
    expect(option.textContent).toContain('2 KB');

    const select = within(dialog).getByRole('button', { name: 'Select Video' });
    expect(select.hasAttribute('disabled')).toBe(true);
    fireEvent.click(option);
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.click(select);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'v-2', name: 'Fire drill' }));
  });

  it('shows images as thumbnails (images only) and says when there are none', async () => {
    const api = fakeApi([
      { method: 'GET', path: MEDIA_PATH, status: 200, body: page([aFile('i-1', 'Site photo', 'image', '/thumbs/i-1')]), once: true },
      { method: 'GET', path: MEDIA_PATH, status: 200, body: page([]) },
    ]);
    const { rerender } = render(<MediaLibraryPicker tenantId={TENANT} type="image" isOpen onSelect={() => undefined} onCancel={() => undefined} />, {
      wrapper: QueryProvider,
    });
    const option = await screen.findByRole('option', { name: 'Site photo' });
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/thumbs/i-1');
    expect(screen.getByRole('listbox', { name: 'Images' }).getAttribute('data-layout')).toBe('grid');
    expect(searchOf(api).get('type')).toBe('image');

    rerender(<MediaLibraryPicker tenantId={TENANT} type="image" isOpen={false} onSelect={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(<MediaLibraryPicker tenantId={TENANT} type="image" isOpen onSelect={() => undefined} onCancel={() => undefined} />);
    expect(await screen.findByText('No media found...')).toBeTruthy();
  });
});
