import { useCallback, useState } from 'react';
import { unwrap, type TesseraClient, type Topic } from '@tessera/sdk';
import { useRemote, type Remote } from '../data/useRemote.js';

/** The caller's favourite topics (all of them, in one page), fetched again when the page logs in, and unstarring. */
export function useStarredTopics(client: TesseraClient, organization: string, isLoggedIn: boolean) {
  const { remote, reload } = useRemote(isLoggedIn && organization ? [client, organization] : null, async () => {
    const params = { path: { tenantId: organization }, query: { paginate: false } };
    const body = await unwrap(client.GET('/tenants/{tenantId}/my-membership/favorite-topics', { params }));
    return body.data;
  });

  const [unstarFailed, setUnstarFailed] = useState(false);
  // Topics being unstarred leave the list at once; one the server refuses comes back in its own place.
  const [unstarred, setUnstarred] = useState<ReadonlySet<string>>(new Set());
  const unstar = useCallback(
    async (topic: Topic) => {
      setUnstarFailed(false);
      setUnstarred((ids) => new Set(ids).add(topic.id));
      const path = { tenantId: organization, componentId: topic.component_id, topicId: topic.id };
      try {
        await unwrap(client.DELETE('/tenants/{tenantId}/components/{componentId}/topics/favorites/{topicId}', { params: { path } }));
      } catch {
        setUnstarFailed(true);
        setUnstarred((ids) => {
          const next = new Set(ids);
          next.delete(topic.id);
          return next;
        });
      }
    },
    [client, organization],
  );
  const visible: Remote<Topic[]> = remote.status === 'loaded' ? { status: 'loaded', value: remote.value.filter((topic) => !unstarred.has(topic.id)) } : remote;
  return { remote: visible, reload, unstar, unstarFailed };
}
