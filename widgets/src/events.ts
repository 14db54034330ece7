import type { CurrentUser } from '@tessera/sdk';

/** Detail of `tessera-login`: the person who just logged in, when the widget could fetch them. */
export interface TesseraLoginEventDetail {
  user?: CurrentUser;
}

/**
 * The DOM events the custom elements dispatch. All bubble and are composed, so they cross the
 * shadow boundary and a host can listen on the element or any ancestor (`document` included).
 */
export interface TesseraEventMap {
  'tessera-login': CustomEvent<TesseraLoginEventDetail>;
  'tessera-logout': CustomEvent<Record<string, never>>;
}

export type TesseraEventName = keyof TesseraEventMap;

/** Dispatches one of the typed events from `target` (normally the custom element itself). */
export function dispatchTesseraEvent<K extends TesseraEventName>(
  target: EventTarget,
  type: K,
  detail: TesseraEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
