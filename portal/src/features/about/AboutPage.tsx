import { styled } from '@tessera/widgets/stitches';
import { Spinner } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../api/client';
import { read } from '../../api/queries';
import { CardPage } from '../../ui/Page';
import { WEB_VERSION } from '../../version';

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  margin: 0,
  '& dt': { fontWeight: '$medium' },
  '& dd': { margin: 0 },
});

/** /about: the web version (1.3.5) and the API version (spec section 1). */
export function AboutPage() {
  // A failure is routed globally (a 5xx to /whoops, no answer to /no-response), as before.
  const api = useQuery({ queryKey: ['version'], queryFn: () => read(client.GET('/version')), staleTime: Infinity });
  return (
    <CardPage title="About Tessera">
      <Facts>
        <dt>Web version</dt>
        <dd>{WEB_VERSION}</dd>
        <dt>API version</dt>
        <dd>{api.isPending ? <Spinner label="Loading the API version" /> : (api.data?.data.version ?? 'Unavailable')}</dd>
      </Facts>
    </CardPage>
  );
}
