import { Heading } from '@tessera/widgets/ui';
import { usePageTitle } from '../../lib/usePageTitle';
import { Stack } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import { AddMediaForm } from './AddMediaForm';
import { MediaList } from './MediaList';
import { useUrlTab } from '../../lists/listParams';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const MEDIA_TABS = ['all', 'add'] as const;

/** /:organization/admin/media (spec 2.9): the media library, tabs All and Add. */
export function MediaPage() {
  usePageTitle('Media');
  const [tab, setTab] = useUrlTab(MEDIA_TABS);
  return (
    <Stack>
      <Heading level={1}>Media</Heading>
      <Tabs
        label="Media"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <MediaList /> },
          { id: 'add', title: 'Add', panel: <AddMediaForm /> },
        ]}
      />
    </Stack>
  );
}
