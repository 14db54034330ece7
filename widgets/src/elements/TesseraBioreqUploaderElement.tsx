import { BioreqUploader } from '../bioreq-uploader/BioreqUploader.js';
import { dispatchTesseraEvent } from '../events.js';
import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { SessionGate, useElementSession } from './useElementSession.js';

/** The attributes of `<tessera-bioreq-uploader>`, as r2wc hands them over (camelCased). */
export interface TesseraBioreqUploaderAttributes {
  /** Set by r2wc: the element's shadow root, where the widget renders. */
  container?: HTMLElement | ShadowRoot;
  apiBase?: string;
  organization?: string;
}

export const tesseraBioreqUploaderProps = {
  apiBase: 'string',
  organization: 'string',
} as const satisfies Record<Exclude<keyof TesseraBioreqUploaderAttributes, 'container'>, 'string'>;

/** The uploader inside the custom element; uploads and cancellations are announced as DOM events. */
export function TesseraBioreqUploaderElement(props: TesseraBioreqUploaderAttributes) {
  // Keyed by the session: a logout (here or in another tab) unmounts the widget with the documents it had listed.
  const element = useElementSession(props.apiBase, props.container);
  const { client, host, session } = element;
  const detail = (document: { id: string; title: string; status: string }) => ({
    organization: props.organization ?? '',
    id: document.id,
    title: document.title,
    status: document.status,
  });
  return (
    <ShadowFrame>
      <SessionGate element={element}>
        <BioreqUploader
          key={session}
          client={client}
          organization={props.organization ?? ''}
          onUploaded={(document) => host && dispatchTesseraEvent(host, 'tessera-bioreq-uploaded', detail(document))}
          onCancelled={(document) => host && dispatchTesseraEvent(host, 'tessera-bioreq-cancelled', detail(document))}
        />
      </SessionGate>
    </ShadowFrame>
  );
}
