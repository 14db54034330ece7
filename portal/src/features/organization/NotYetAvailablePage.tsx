import { Heading } from '@tessera/widgets/ui';
import { useMatches } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';
import { Stack, Text } from '../../ui/Page';

interface TitleHandle {
  title?: string;
}

/**
 * A page of the route table whose screen is not built yet (modules, media, reports...): the links
 * of the sidebar and the top bar already point at it; it says so rather than showing made-up content.
 */
export function NotYetAvailablePage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as TitleHandle | undefined)?.title ?? 'Page';
  usePageTitle(title);
  return (
    <Stack>
      <Heading level={1}>{title}</Heading>
      <Text>This page is not available yet.</Text>
    </Stack>
  );
}
