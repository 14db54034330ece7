import { useCallback, useEffect, useState } from 'react';
import { unwrap, type TesseraClient, type Topic } from '@tessera/sdk';

export type StarredTopicsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; topics: Topic[] };

/** The caller's favourite topics (all of them, in one page), fetched again when the page logs in. */
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
  /** Removes the topic from the list at once; puts it back in its place when the server refuses. */
  const unstar = useCallback(
    async (topic: Topic) => {
      setUnstarFailed(false);
      let index = -1;
      setState((current) => {
        if (current.status !== 'loaded') return current;
        index = current.topics.findIndex((other) => other.id === topic.id);
        return { ...current, topics: current.topics.filter((other) => other.id !== topic.id) };
      });
      const path = { tenantId: organization, componentId: topic.component_id, topicId: topic.id };
      try {
        await unwrap(client.DELETE('/tenants/{tenantId}/components/{componentId}/topics/favorites/{topicId}', { params: { path } }));
      } catch {
        setUnstarFailed(true);
        setState((current) => {
          if (current.status !== 'loaded' || current.topics.some((other) => other.id === topic.id)) return current;
          const topics = [...current.topics];
          topics.splice(index < 0 ? topics.length : Math.min(index, topics.length), 0, topic);
          return { ...current, topics };
        });
      }
    },
    [client, organization],
  );
  return { state, reload, unstar, unstarFailed };
}
