import { Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { usePageTitle } from '../../lib/usePageTitle';
import { Stack } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import { AddMediaForm } from './AddMediaForm';
import { MediaList } from './MediaList';

type MediaTab = 'all' | 'add';

/** /:organization/admin/media (spec 2.9): the media library, tabs All and Add. */
export function MediaPage() {
  usePageTitle('Media');
  const [tab, setTab] = useState<MediaTab>('all');
  return (
    <Stack>
      <Heading level={1}>Media</Heading>
      <Tabs
        label="Media"
        selected={tab}
        onSelect={(id) => setTab(id as MediaTab)}
        tabs={[
          { id: 'all', title: 'All', panel: <MediaList /> },
          { id: 'add', title: 'Add', panel: <AddMediaForm /> },
        ]}
      />
    </Stack>
  );
}
