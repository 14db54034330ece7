import { Heading } from '@tessera/widgets/ui';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSession } from '../../state/session';
import { Stack, Text } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import { OrganizationList } from './OrganizationList';
import { RequestAccessForm } from './RequestAccessForm';
import { useUrlTab } from '../../lists/listParams';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const HOME_TABS = ['organizations', 'request-access'] as const;

/** / (spec 2.4): the person's organizations, and a way to ask to join another. */
export function HomePage() {
  usePageTitle('Home');
  const user = useSession((state) => state.user);
  const [tab, setTab] = useUrlTab(HOME_TABS);
  if (!user) return null;
  // Owners find their way through the owner sidebar (Organizations, Users) instead of the tabs.
  if (user.is_owner) {
    return (
      <Stack>
        <Heading level={1}>Home</Heading>
        <Text>Manage organizations and user accounts from the sidebar.</Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Heading level={1}>Home</Heading>
      <Tabs
        label="Organizations"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'organizations', title: 'Your Organizations', panel: <OrganizationList memberships={user.memberships} /> },
          { id: 'request-access', title: 'Request Access', panel: <RequestAccessForm isConfirmed={user.is_confirmed} /> },
        ]}
      />
    </Stack>
  );
}
