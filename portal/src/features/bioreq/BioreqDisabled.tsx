import { Heading } from '@tessera/widgets/ui';
import { Stack, Text } from '../../ui/Page';
import { bioreqTexts } from './bioreqCalls';

/** Both bioreq pages, opened by URL while the organization has bioreq off: say so instead of calling the server. */
export function BioreqDisabledPage() {
  return (
    <Stack>
      <Heading level={1}>Bioreq</Heading>
      <Text>{bioreqTexts.disabled}</Text>
    </Stack>
  );
}
