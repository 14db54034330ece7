import { useCallback, useEffect, useState } from 'react';
import { unwrap, type TesseraClient, type Topic } from '@tessera/sdk';

export type StarredTopicsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; topics: Topic[] };

/** The caller's favourite topics (all of them, in one page), fetched again when the page logs in, and unstarring. */
export function useStarredTopics(client: TesseraClient, organization: string, isLoggedIn: boolean) {
  const [state, setState] = useState<StarredTopicsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!isLoggedIn || !organization) return undefined;
    let current = true;
    setState({ status: 'loading' });
    const params = { path: { tenantId: organization }, query: { paginate: false } };
    unwrap(client.GET('/tenants/{tenantId}/my-membership/favorite-topics', { params })).then(
      (body) => current && setState({ status: 'loaded', topics: body.data }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [client, organization, isLoggedIn, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

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
  const visible: StarredTopicsState =
    state.status === 'loaded' ? { ...state, topics: state.topics.filter((topic) => !unstarred.has(topic.id)) } : state;
  return { state: visible, reload, unstar, unstarFailed };
}
