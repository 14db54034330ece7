import type { MediaSummary } from '@tessera/sdk';
import { Button } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/theme';
import { useState } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { useServerList, type ListQuery } from '../../lists/useServerList';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Pagination } from '../../ui/Pagination';
import { SearchField } from '../../ui/SearchField';
import { Text } from '../../ui/Page';

type MediaOrder = 'created' | 'name' | 'size' | 'type';

/** The library's images only, a page at a time (spec 9: the picker shows images only). */
function listImages(tenantId: string) {
  return (query: ListQuery<MediaOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/media', {
        params: {
          path: { tenantId },
          query: { type: 'image', page: query.page, order: query.order, desc: query.desc, per_page: 12, ...(query.search ? { search: query.search } : {}) },
        },
      }),
    );
}

const Grid = styled(ListBox, {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: '$2',
  maxHeight: '360px',
  overflowY: 'auto',
  padding: '$1',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Tile = styled(ListBoxItem, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  padding: '$1',
  border: '2px solid $borderSubtle',
  borderRadius: '$md',
  fontSize: '$1',
  cursor: 'pointer',
  outline: 'none',
  overflowWrap: 'anywhere',
  '& img': { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: '$sm' },
  '&[data-hovered]': { backgroundColor: '$surfaceMuted' },
  '&[data-selected]': { borderColor: '$primary', backgroundColor: '$infoSurface' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

export interface MediaLibraryModalProps {
  tenantId: string;
  isOpen: boolean;
  onSelect(image: MediaSummary): void;
  onCancel(): void;
}

function ImageGrid({ tenantId, selected, onSelected }: { tenantId: string; selected: string | null; onSelected(image: MediaSummary | null): void }) {
  const list = useServerList({ load: listImages(tenantId), defaultOrder: 'created' as MediaOrder, defaultDesc: true });
  const { meta } = list;
  return (
    <>
      <SearchField placeholder="Search by name" value={list.searchText} onChange={list.changeSearch} onSubmit={list.submitSearch} />
      <Grid
        aria-label="Images"
        layout="grid"
        items={list.rows}
        selectionMode="single"
        selectedKeys={selected ? [selected] : []}
        onSelectionChange={(keys) => {
          const id = keys === 'all' ? null : ([...keys][0] as string | undefined);
          onSelected(list.rows.find((image) => image.id === id) ?? null);
        }}
        renderEmptyState={() => <Text tone="muted">{list.isLoading ? 'Loading...' : 'No media found...'}</Text>}
      >
        {(item) => {
          const image = item as MediaSummary;
          return (
            <Tile id={image.id} textValue={image.name}>
              <img src={image.thumbnail?.url ?? image.url} alt="" loading="lazy" />
              <span>{image.name}</span>
            </Tile>
          );
        }}
      </Grid>
      {meta && meta.last_page > 1 ? (
        <Pagination label="Media Library pages" page={meta.current_page} lastPage={meta.last_page} total={meta.total} perPage={meta.per_page} onPage={list.goToPage} />
      ) : null}
    </>
  );
}

/** Spec 2.9 and 9: the Media Library modal — the organization's images, one selectable. */
export function MediaLibraryModal({ tenantId, isOpen, onSelect, onCancel }: MediaLibraryModalProps) {
  const [selected, setSelected] = useState<MediaSummary | null>(null);
  return (
    <ModalDialog title="Media Library" isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isDismissable>
      {isOpen ? <ImageGrid tenantId={tenantId} selected={selected?.id ?? null} onSelected={setSelected} /> : null}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button isDisabled={!selected} onPress={() => selected && onSelect(selected)}>
          Select Image
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
