import { styled } from '@tessera/widgets/theme';
import { Spinner } from '@tessera/widgets/ui';
import { useEffect, useState } from 'react';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
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

/** The API's version, or null while it loads or when it could not be read. */
function useApiVersion(): { version: string | null; loading: boolean } {
  const [state, setState] = useState<{ version: string | null; loading: boolean }>({ version: null, loading: true });
  useEffect(() => {
    let current = true;
    void apiCall(client.GET('/version')).then((outcome) => {
      if (current) setState({ version: outcome.ok ? outcome.data.data.version : null, loading: false });
    });
    return () => {
      current = false;
    };
  }, []);
  return state;
}

/** /about: the web version (1.3.5) and the API version (spec section 1). */
export function AboutPage() {
  const api = useApiVersion();
  return (
    <CardPage title="About Tessera">
      <Facts>
        <dt>Web version</dt>
        <dd>{WEB_VERSION}</dd>
        <dt>API version</dt>
        <dd>{api.loading ? <Spinner label="Loading the API version" /> : (api.version ?? 'Unavailable')}</dd>
      </Facts>
    </CardPage>
  );
}
