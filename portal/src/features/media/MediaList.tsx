import type { MediaType } from '@tessera/sdk';
import { formatFileSize } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { client } from '../../api/client';
import { read, readNow } from '../../api/queries';
import { formatDate } from '../../lib/dates';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useUrlFilter } from '../../lists/listParams';
import { useServerList } from '../../lists/useServerList';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import { Select, type SelectOption } from '../../ui/Select';
import type { TableColumn } from '../../ui/Table';
import { useOrganization } from '../organization/organizationContext';
import { useDeleteQuestion } from '../../ui/ConfirmDialog';
import { deleteMedia, downloadUrl, getMedia, listMedia, type Media, type MediaFilters, type MediaOrder } from './mediaCalls';
import { MEDIA_TYPE_NAMES } from './mediaFile';
import { isViewable, MediaViewer } from './MediaViewer';

/** Spec 2.9 and section 8. */
const DELETE_MEDIA_QUESTION = 'This will permanently delete this item. Are you sure you want to continue?';

/** Our words (the spec has none): said before deleting a file that items show (issue 14). */
function mediaUsesText(count: number | undefined): string | undefined {
  if (!count) return undefined;
  return `${count === 1 ? '1 item uses' : `${count} items use`} this file; ${count === 1 ? 'it' : 'they'} will be left without it.`;
}

const ALL = 'all';

/** Spec section 9: the type filter's options, in its words. */
const TYPE_FILTER_OPTIONS: SelectOption[] = [
  { id: ALL, label: 'All Types' },
  { id: 'image', label: 'images' },
  { id: 'video', label: 'videos' },
  { id: 'pdf', label: 'pdfs' },
  { id: 'audio', label: 'audio files' },
];

const Filters = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', '& > *': { minWidth: '200px' } });

/** Every module of the organization, for the module filter (none while they load). */
function useModuleOptions(tenantId: string): SelectOption[] {
  const modules = useQuery({
    queryKey: ['modules', tenantId, 'all-names'],
    queryFn: () => read(client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId }, query: { paginate: false, short: true, order: 'name' } } })),
  });
  return (modules.data?.data ?? []).map((module) => ({ id: module.id, label: module.name }));
}

function useMediaColumns(actions: ReturnType<typeof useRowActions>, askDelete: (media: Media) => void): TableColumn<Media>[] {
  const { organization } = useOrganization();
  const base = `/${encodeURIComponent(organization.slug)}/admin/media`;
  return [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (media) => media.name },
    { id: 'type', title: 'Type', sortKey: 'type', render: (media) => MEDIA_TYPE_NAMES[media.type] },
    { id: 'created', title: 'Created', sortKey: 'created', render: (media) => formatDate(media.created_at) },
    { id: 'size', title: 'Size', sortKey: 'size', render: (media) => formatFileSize(media.size) },
    {
      id: 'actions',
      title: 'Actions',
      render: (media) => (
        <RowActions>
          {media.abilities.update ? (
            <RowLink to={`${base}/${media.id}/edit`} aria-label={`Settings of ${media.name}`}>
              Settings
            </RowLink>
          ) : null}
          <RowButton aria-label={`Download ${media.name}`} onPress={() => window.location.assign(downloadUrl(media.url))}>
            Download
          </RowButton>
          <RowButton
            aria-label={`Delete ${media.name}`}
            tone="danger"
            isDisabled={!media.abilities.delete || actions.isPending}
            onPress={() => askDelete(media)}
          >
            Delete
          </RowButton>
        </RowActions>
      ),
    },
  ];
}

/** The All tab (spec 2.9): type and module filters, search by name, the viewer, settings, download and delete. */
export function MediaList() {
  const { organization } = useOrganization();
  const [type, setType] = useUrlFilter('type', ALL);
  const [module, setModule] = useUrlFilter('module', ALL);
  const filters: MediaFilters = { type: type === ALL ? undefined : (type as MediaType), module: module === ALL ? undefined : module };
  // Newest first, as the picker (issue 14): a new upload lands on the first page.
  const list = useServerList({
    key: ['media', organization.id, type, module],
    load: listMedia(organization.id, filters),
    defaultOrder: 'created' as MediaOrder,
    defaultDesc: true,
  });
  const actions = useRowActions();
  const [viewed, setViewed] = useState<Media | null>(null);
  const deletion = useDeleteQuestion({
    question: DELETE_MEDIA_QUESTION,
    name: (media: Media) => `“${media.name}”`,
    actions,
    remove: (media: Media) => deleteMedia(organization.id, media),
    detail: (media) => mediaUsesText(media.items_count),
    deleted: (media) => ({ title: 'Media deleted', description: `“${media.name}” was deleted.` }),
  });
  /** List rows carry no use count (the contract): the single read gives it before the question opens. */
  async function askDelete(media: Media) {
    const outcome = await readNow(['media', organization.id, media.id], () => getMedia(organization.id, media.id));
    if (outcome.ok) deletion.ask(outcome.data.data);
    else if (!outcome.routed) deletion.ask(media);
  }
  const columns = useMediaColumns(actions, (media) => void askDelete(media));
  const moduleOptions = useModuleOptions(organization.id);

  return (
    <Stack>
      <Filters>
        <Select label="Type" name="type" options={TYPE_FILTER_OPTIONS} value={type} onChange={setType} />
        <Select label="Module" name="module" options={[{ id: ALL, label: 'All Modules' }, ...moduleOptions]} value={module} onChange={setModule} />
      </Filters>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label="Media"
        list={list}
        columns={columns}
        rowKey={(media) => media.id}
        emptyText="No media found..."
        searchPlaceholder="Search by name"
        // Images, videos and audio files open in the viewer; a pdf opens in a new window.
        rowAction={(media) => (isViewable(media) ? () => setViewed(media) : () => window.open(media.url, '_blank', 'noopener'))}
      />
      <MediaViewer media={viewed} onClose={() => setViewed(null)} />
      {deletion.dialog}
    </Stack>
  );
}
