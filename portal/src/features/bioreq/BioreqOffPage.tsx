import { Heading } from '@tessera/widgets/ui';
import { Stack, Text } from '../../ui/Page';
import { bioreqTexts } from './bioreqCalls';

/** What the client and admin bioreq pages show while the organization has bioreq off (no call is made). */
export function BioreqOffPage() {
  return (
    <Stack>
      <Heading level={1}>Bioreq</Heading>
      <Text>{bioreqTexts.disabled}</Text>
    </Stack>
  );
}
