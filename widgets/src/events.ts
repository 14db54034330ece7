import type { CurrentUser } from '@tessera/sdk';

/** Detail of `tessera-login`: the person who just logged in, when the widget could fetch them. */
export interface TesseraLoginEventDetail {
  user?: CurrentUser;
}

/** Detail of `tessera-complete`: a procedure row of a topic was ticked (complete) or unticked. */
export interface TesseraCompleteEventDetail {
  topicId: string;
  itemId: string;
  complete: boolean;
}

/** Detail of `tessera-open-topic`: a topic was chosen in the starred list; the host decides where it opens. */
export interface TesseraOpenTopicEventDetail {
  organization: string;
  topicId: string;
  componentId: string;
  moduleId: string;
}

/** Detail of `tessera-bioreq-uploaded` and `tessera-bioreq-cancelled`: the document (no file, no description). */
export interface TesseraBioreqEventDetail {
  organization: string;
  id: string;
  title: string;
  status: string;
}

/**
 * Detail of `tessera-kc-start`: a knowledge-check response was started (or an assigned one begun), or, with
 * `resumed: true`, the attempt in progress was continued.
 */
export interface TesseraKcStartEventDetail {
  organization: string;
  knowledgeCheckId: string;
  responseId: string;
  attempt: number;
  resumed: boolean;
}

/** Detail of `tessera-kc-answer`: one question's answer was saved (the chosen choice ids; correctness is not known yet). */
export interface TesseraKcAnswerEventDetail {
  organization: string;
  knowledgeCheckId: string;
  responseId: string;
  questionId: string;
  choiceIds: string[];
}

/** Detail of `tessera-kc-complete`: the response was finished and scored (`score` 0 to 100, two decimals). */
export interface TesseraKcCompleteEventDetail {
  organization: string;
  knowledgeCheckId: string;
  responseId: string;
  score: number;
  correctAnswers: number;
  incorrectAnswers: number;
}

/**
 * How the page's session was obtained: `password` (the login widget's form), `popup` (the login widget's Tessera
 * sign-in window), `embed-session` (the host's session provider), or `refresh` (a session the page found: stored by
 * an earlier login or another tab, or handed in through `access-token`/`refresh-token`).
 */
export type SessionVia = 'password' | 'popup' | 'embed-session' | 'refresh';

/**
 * Detail of `tessera-session`: whether the page holds a session with `apiBase`. Dispatched once per page and API
 * base, on the `document` (not by each element: five widgets on a page are one session): when the first widget of
 * the API base connects (`reason: 'load'`) and whenever the state changes: a login or logout in this page or another
 * tab (`'change'`), or a session that could not be refreshed any more (`'expired'`). `storage` says where the tokens
 * live: `local` (localStorage, shared with the other tabs), or `memory` where the browser refuses localStorage
 * (a sandboxed or cross-site iframe): the session then lasts as long as the page or frame. `via` (logged in only)
 * says how the session was obtained.
 */
export interface TesseraSessionEventDetail {
  state: 'logged-in' | 'logged-out';
  reason: 'load' | 'change' | 'expired';
  apiBase: string;
  storage: 'local' | 'memory';
  via?: SessionVia;
}

/**
 * The DOM events the custom elements dispatch. All bubble and are composed, so they cross the
 * shadow boundary and a host can listen on the element or any ancestor (`document` included);
 * `tessera-session` is the page's, dispatched on the `document` itself.
 */
export interface TesseraEventMap {
  'tessera-login': CustomEvent<TesseraLoginEventDetail>;
  'tessera-logout': CustomEvent<Record<string, never>>;
  'tessera-complete': CustomEvent<TesseraCompleteEventDetail>;
  'tessera-open-topic': CustomEvent<TesseraOpenTopicEventDetail>;
  'tessera-session': CustomEvent<TesseraSessionEventDetail>;
  'tessera-bioreq-uploaded': CustomEvent<TesseraBioreqEventDetail>;
  'tessera-bioreq-cancelled': CustomEvent<TesseraBioreqEventDetail>;
  'tessera-kc-start': CustomEvent<TesseraKcStartEventDetail>;
  'tessera-kc-answer': CustomEvent<TesseraKcAnswerEventDetail>;
  'tessera-kc-complete': CustomEvent<TesseraKcCompleteEventDetail>;
}

export type TesseraEventName = keyof TesseraEventMap;

/** Dispatches one of the typed events from `target` (normally the custom element itself). */
export function dispatchTesseraEvent<K extends TesseraEventName>(target: EventTarget, type: K, detail: TesseraEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
