import type { MediaSummary, MediaType } from '@tessera/sdk';
import { formatFileSize } from '@tessera/sdk/rules';
import { Button, Spinner } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/theme';
import { useCallback, useState } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { formatDate } from '../../lib/dates';
import { queryParams, useServerList, type ListQuery } from '../../lists/useServerList';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { SearchField } from '../../ui/SearchField';
import { useOrganization } from '../organization/organizationContext';
import type { EditorItem } from './editorState';
import { TYPE_LABELS } from './itemLabels';

type MediaOrder = 'created' | 'name' | 'size' | 'type';

const Options = styled(ListBox, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  maxHeight: '50vh',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Option = styled(ListBoxItem, {
  display: 'flex',
  flexDirection: 'column',
  padding: '$2 $3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
  '&[data-selected]': { borderColor: '$primary', backgroundColor: '$surfaceMuted' },
});

const Details = styled('span', { fontSize: '$1', color: '$textMuted' });

function listMedia(tenantId: string, type: MediaType) {
  return (query: ListQuery<MediaOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/media', { params: { path: { tenantId }, query: { ...queryParams(query), paginate: true, type } } }));
}

function MediaLibrary({ type, onChoose, onCancel }: { type: MediaType; onChoose: (media: MediaSummary) => void; onCancel: () => void }) {
  const { organization } = useOrganization();
  const load = useCallback((query: ListQuery<MediaOrder>) => listMedia(organization.id, type)(query), [organization.id, type]);
  const list = useServerList<MediaSummary, MediaOrder>({ load, defaultOrder: 'created', defaultDesc: true });
  const [chosen, setChosen] = useState<MediaSummary | null>(null);
  const kind = TYPE_LABELS[type].toLowerCase();
  return (
    <>
      <SearchField placeholder="Search by name" value={list.searchText} onChange={list.changeSearch} onSubmit={list.submitSearch} />
      {list.isLoading && list.rows.length === 0 ? <Spinner label="Loading media" /> : null}
      {!list.isLoading && list.rows.length === 0 ? <Text>No media found...</Text> : null}
      {list.rows.length > 0 ? (
        <Options
          aria-label={`Media Library: ${kind} files`}
          selectionMode="single"
          selectedKeys={chosen ? [chosen.id] : []}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            setChosen(list.rows.find((media) => media.id === key) ?? null);
          }}
        >
          {list.rows.map((media) => (
            <Option key={media.id} id={media.id} textValue={media.name}>
              <span>{media.name}</span>
              <Details>
                {formatFileSize(media.size)} · {formatDate(media.created_at)}
              </Details>
            </Option>
          ))}
        </Options>
      ) : null}
      {list.meta && list.meta.last_page > 1 ? (
        <Pagination
          label="Media pages"
          page={list.meta.current_page}
          lastPage={list.meta.last_page}
          total={list.meta.total}
          perPage={list.meta.per_page}
          onPage={list.goToPage}
        />
      ) : null}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button isDisabled={!chosen} onPress={() => chosen && onChoose(chosen)}>
          Select
        </Button>
      </DialogActions>
    </>
  );
}

/** The Media Library modal of a media item: the library filtered by the item's type, one selectable. */
export function MediaPickerDialog({ item, onChoose, onCancel }: { item: EditorItem | null; onChoose: (media: MediaSummary) => void; onCancel: () => void }) {
  const type = item && item.type !== 'row' && item.type !== 'paragraph' ? item.type : null;
  return (
    <ModalDialog title="Media Library" isOpen={type !== null} isDismissable onOpenChange={(open) => (open ? undefined : onCancel())}>
      {type ? <MediaLibrary type={type} onChoose={onChoose} onCancel={onCancel} /> : null}
    </ModalDialog>
  );
}
