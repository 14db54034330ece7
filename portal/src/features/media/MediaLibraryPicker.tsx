import type { MediaSummary, MediaType } from '@tessera/sdk';
import { formatFileSize } from '@tessera/sdk/rules';
import { Button } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useState } from 'react';
import { Text as SlotText } from 'react-aria-components/Text';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { formatDate } from '../../lib/dates';
import { useLocalServerList } from '../../lists/useServerList';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { SearchField } from '../../ui/SearchField';
import { Select, type SelectOption } from '../../ui/Select';
import { listMedia, type MediaOrder } from './mediaCalls';
import { MEDIA_TYPE_NAMES } from './mediaFile';

const Choices = styled(ListBox, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  maxHeight: '360px',
  overflowY: 'auto',
  padding: '$1',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
  // Images are chosen by their look: a grid of thumbnails.
  '&[data-layout="grid"]': { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '$2' },
});

const Choice = styled(ListBoxItem, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  padding: '$2',
  border: '2px solid $borderSubtle',
  borderRadius: '$md',
  cursor: 'pointer',
  outline: 'none',
  overflowWrap: 'anywhere',
  '& img': { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: '$sm' },
  '&[data-hovered]': { backgroundColor: '$surfaceMuted' },
  '&[data-selected]': { borderColor: '$primary', backgroundColor: '$infoSurface' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const ALL_TYPES = 'all';

/** Spec section 5: the type filter of the question media picker, in its words. */
const MEDIA_TYPE_FILTER_OPTIONS: SelectOption[] = [
  { id: ALL_TYPES, label: 'All Types' },
  { id: 'image', label: 'images' },
  { id: 'video', label: 'videos' },
  { id: 'pdf', label: 'pdfs' },
  { id: 'audio', label: 'audio files' },
];

const Details = styled(SlotText, { fontSize: '$1', color: '$textMuted' });

/** One file: its name names the option, size and date describe it; an image shows its thumbnail. */
function MediaChoice({ media }: { media: MediaSummary }) {
  return (
    <Choice id={media.id} textValue={media.name}>
      {media.type === 'image' ? <img src={media.thumbnail?.url ?? media.url} alt="" loading="lazy" /> : null}
      <SlotText slot="label">{media.name}</SlotText>
      <Details slot="description">
        {formatFileSize(media.size)} · {formatDate(media.created_at)}
      </Details>
    </Choice>
  );
}

interface LibraryProps {
  tenantId: string;
  /** One kind of file, or undefined for every kind (All Types). */
  type: MediaType | undefined;
  selected: MediaSummary | null;
  onSelected(media: MediaSummary | null): void;
}

/** The library's files of one type, searchable, a page at a time. */
function MediaChoices({ tenantId, type, selected, onSelected }: LibraryProps) {
  // A picker in a dialog: its page and search are its own, not the page's URL.
  const list = useLocalServerList({
    key: ['media', tenantId, type ?? 'all', 'all'],
    load: listMedia(tenantId, { type }),
    defaultOrder: 'created' as MediaOrder,
    defaultDesc: true,
  });
  const { meta } = list;
  return (
    <>
      <SearchField placeholder="Search by name" value={list.searchText} onChange={list.changeSearch} onSubmit={list.submitSearch} />
      <Choices
        aria-label={type === 'image' ? 'Images' : type ? `Media Library: ${MEDIA_TYPE_NAMES[type].toLowerCase()} files` : 'Media Library: files'}
        layout={type === 'image' ? 'grid' : 'stack'}
        items={list.rows}
        selectionMode="single"
        selectedKeys={selected ? [selected.id] : []}
        onSelectionChange={(keys) => {
          const [key] = keys === 'all' ? [] : [...keys];
          onSelected(list.rows.find((media) => media.id === key) ?? null);
        }}
        renderEmptyState={() => <Text tone="muted">{list.isLoading ? 'Loading...' : 'No media found...'}</Text>}
      >
        {(media) => <MediaChoice media={media as MediaSummary} />}
      </Choices>
      {meta && meta.last_page > 1 ? (
        <Pagination
          label="Media Library pages"
          page={meta.current_page}
          lastPage={meta.last_page}
          total={meta.total}
          perPage={meta.per_page}
          onPage={list.goToPage}
        />
      ) : null}
    </>
  );
}

export interface MediaLibraryPickerProps {
  tenantId: string;
  /**
   * The kind of file to choose (spec 2.9 and 9: a module's or component's image, an item's media), or 'any': every
   * kind, with the type filter (All Types, images, videos, pdfs, audio files) of a question's media.
   */
  type: MediaType | 'any';
  isOpen: boolean;
  onSelect(media: MediaSummary): void;
  onCancel(): void;
}

/** The Media Library modal: the organization's files of one type, one selectable. */
export function MediaLibraryPicker({ tenantId, type, isOpen, onSelect, onCancel }: MediaLibraryPickerProps) {
  const [selected, setSelected] = useState<MediaSummary | null>(null);
  const [filter, setFilter] = useState(ALL_TYPES);
  const shown = type === 'any' ? (filter === ALL_TYPES ? undefined : (filter as MediaType)) : type;
  const close = () => {
    setSelected(null);
    onCancel();
  };
  return (
    <ModalDialog title="Media Library" size="large" isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable>
      {isOpen && type === 'any' ? (
        <Select
          label="Type"
          name="media-type"
          options={MEDIA_TYPE_FILTER_OPTIONS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setSelected(null);
          }}
        />
      ) : null}
      {isOpen ? <MediaChoices key={shown ?? ALL_TYPES} tenantId={tenantId} type={shown} selected={selected} onSelected={setSelected} /> : null}
      <DialogActions>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button
          isDisabled={!selected}
          onPress={() => {
            if (!selected) return;
            setSelected(null);
            onSelect(selected);
          }}
        >
          Select {type === 'any' ? 'Media' : MEDIA_TYPE_NAMES[type]}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
