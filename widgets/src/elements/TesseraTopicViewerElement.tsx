import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { TopicViewer } from '../topic-viewer/TopicViewer.js';
import { dispatchTesseraEvent } from '../events.js';
import { SessionGate, useElementSession } from './useElementSession.js';

/** The attributes of `<tessera-topic-viewer>`, as r2wc hands them over (camelCased). */
export interface TesseraTopicViewerAttributes {
  /** Set by r2wc: the element's shadow root, where the widget renders. */
  container?: HTMLElement | ShadowRoot;
  apiBase?: string;
  organization?: string;
  topic?: string;
  /** `preview="true"`: no procedure toggles. */
  preview?: boolean;
  /** `read-only="true"`: procedure rows cannot be ticked (the owner's view). */
  readOnly?: boolean;
}

export const tesseraTopicViewerProps = {
  apiBase: 'string',
  organization: 'string',
  topic: 'string',
  preview: 'boolean',
  readOnly: 'boolean',
} as const satisfies Record<Exclude<keyof TesseraTopicViewerAttributes, 'container'>, 'string' | 'boolean'>;

/** The topic viewer inside the custom element: its own styles, the page's client, `tessera-complete` out. */
export function TesseraTopicViewerElement(props: TesseraTopicViewerAttributes) {
  const element = useElementSession(props.apiBase, props.container);
  const { client, host, session } = element;
  return (
    <ShadowFrame>
      <SessionGate element={element}>
        <TopicViewer
          key={session}
          client={client}
          organization={props.organization ?? ''}
          topic={props.topic ?? ''}
          preview={props.preview}
          readOnly={props.readOnly}
          onComplete={(change) => host && dispatchTesseraEvent(host, 'tessera-complete', change)}
        />
      </SessionGate>
    </ShadowFrame>
  );
}
