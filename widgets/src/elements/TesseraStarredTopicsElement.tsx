import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { StarredTopics } from '../starred-topics/StarredTopics.js';
import { dispatchTesseraEvent } from '../events.js';
import { SessionGate, useElementSession } from './useElementSession.js';

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
  const element = useElementSession(props.apiBase, props.container);
  const { client, host, session } = element;
  return (
    <ShadowFrame>
      <SessionGate element={element}>
        <StarredTopics
          key={session}
          client={client}
          organization={props.organization ?? ''}
          onOpenTopic={(topic) => host && dispatchTesseraEvent(host, 'tessera-open-topic', topic)}
        />
      </SessionGate>
    </ShadowFrame>
  );
}
