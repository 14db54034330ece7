import { dispatchTesseraEvent } from '../events.js';
import { KnowledgeCheck } from '../knowledge-check/KnowledgeCheck.js';
import { ShadowFrame } from '../shadow/ShadowFrame.js';
import { SessionGate, useElementSession } from './useElementSession.js';

/** The attributes of `<tessera-knowledge-check>`, as r2wc hands them over (camelCased). */
export interface TesseraKnowledgeCheckAttributes {
  /** Set by r2wc: the element's shadow root, where the widget renders. */
  container?: HTMLElement | ShadowRoot;
  apiBase?: string;
  organization?: string;
  /** The topic whose check is taken (an id). */
  topic?: string;
  /** The component whose check is taken (an id), when there is no `topic`. */
  component?: string;
}

export const tesseraKnowledgeCheckProps = {
  apiBase: 'string',
  organization: 'string',
  topic: 'string',
  component: 'string',
} as const satisfies Record<Exclude<keyof TesseraKnowledgeCheckAttributes, 'container'>, 'string'>;

/** The knowledge check inside the custom element: start or continue, answer, finish and review; events out. */
export function TesseraKnowledgeCheckElement(props: TesseraKnowledgeCheckAttributes) {
  // Keyed by the session: a logout (here or in another tab) unmounts the widget with the responses it had loaded.
  const element = useElementSession(props.apiBase, props.container);
  const { client, host, session } = element;
  const organization = props.organization ?? '';
  return (
    <ShadowFrame>
      <SessionGate element={element}>
        <KnowledgeCheck
          key={`${session} ${props.topic ?? ''} ${props.component ?? ''}`}
          client={client}
          organization={organization}
          topic={props.topic || undefined}
          component={props.topic ? undefined : props.component || undefined}
          onStart={(started) => host && dispatchTesseraEvent(host, 'tessera-kc-start', { organization, ...started })}
          onAnswer={(answered) => host && dispatchTesseraEvent(host, 'tessera-kc-answer', { organization, ...answered })}
          onComplete={(completed) => host && dispatchTesseraEvent(host, 'tessera-kc-complete', { organization, ...completed })}
        />
      </SessionGate>
    </ShadowFrame>
  );
}
