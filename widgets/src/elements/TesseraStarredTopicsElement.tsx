import { getPageClient } from '../provider/TesseraProvider.js';
import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { useIsLoggedIn, useSessionEvents } from '../login/useSession.js';
import { StarredTopics } from '../starred-topics/StarredTopics.js';
import { dispatchTesseraEvent } from '../events.js';
import { defaultApiBase } from './apiBase.js';
import { hostOf } from './host.js';

/** The attributes of `<tessera-starred-topics>`, as r2wc hands them over (camelCased). */
export interface TesseraStarredTopicsAttributes {
  /** Set by r2wc: the element's shadow root, where the widget renders. */
  container?: HTMLElement | ShadowRoot;
  apiBase?: string;
  organization?: string;
}

export const tesseraStarredTopicsProps = {
  apiBase: 'string',
  organization: 'string',
} as const satisfies Record<Exclude<keyof TesseraStarredTopicsAttributes, 'container'>, 'string'>;

/** The starred topics list inside the custom element; choosing a topic dispatches `tessera-open-topic`. */
export function TesseraStarredTopicsElement(props: TesseraStarredTopicsAttributes) {
  const client = getPageClient(props.apiBase || defaultApiBase());
  const host = hostOf(props.container);
  useSessionEvents(client, host);
  // Keyed by the session: a logout (here or in another tab) unmounts the widget with everything it had loaded.
  const session = useIsLoggedIn(client) ? 'logged-in' : 'logged-out';
  return (
    <ShadowFrame>
      <StarredTopics
        key={session}
        client={client}
        organization={props.organization ?? ''}
        onOpenTopic={(topic) => host && dispatchTesseraEvent(host, 'tessera-open-topic', topic)}
      />
    </ShadowFrame>
  );
}
