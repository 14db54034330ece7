/**
 * @tessera/widgets/elements: the widgets as custom elements. Importing this module registers them.
 *
 *   <tessera-login api-base="https://training.example.com/api" organization="acme-training"></tessera-login>
 *
 * Each element renders into an open shadow root with its own copy of the styles, so the host page's CSS
 * cannot reach in and ours cannot leak out; hosts theme through the `--tessera-*` custom properties.
 */
import { TesseraLoginElement, tesseraLoginProps, type TesseraLoginAttributes } from './elements/TesseraLoginElement.js';
import { TesseraTopicViewerElement, tesseraTopicViewerProps, type TesseraTopicViewerAttributes } from './elements/TesseraTopicViewerElement.js';
import { TesseraStarredTopicsElement, tesseraStarredTopicsProps, type TesseraStarredTopicsAttributes } from './elements/TesseraStarredTopicsElement.js';
import { TesseraKnowledgeCheckElement, tesseraKnowledgeCheckProps, type TesseraKnowledgeCheckAttributes } from './elements/TesseraKnowledgeCheckElement.js';
import { defineOnce, shadowElement } from './elements/shadowElement.js';
import type { TesseraEventMap } from './events.js';
import type { SessionProvider } from './provider/pageSession.js';

export type { SessionProvider } from './provider/pageSession.js';
export type { SessionVia } from './events.js';

/**
 * Every element's `sessionProvider` (a JS property, not an attribute): the host's function answering a fresh embed
 * session token; it wins over the page's `window.Tessera.setSessionProvider(fn)`.
 */
export interface SessionProviderProperty {
  sessionProvider?: SessionProvider;
}

export type { TesseraEventMap, TesseraLoginEventDetail, TesseraCompleteEventDetail, TesseraOpenTopicEventDetail, TesseraSessionEventDetail } from './events.js';
export type { TesseraLoginAttributes } from './elements/TesseraLoginElement.js';
export type { TesseraTopicViewerAttributes } from './elements/TesseraTopicViewerElement.js';
export type { TesseraStarredTopicsAttributes } from './elements/TesseraStarredTopicsElement.js';
export type { TesseraKnowledgeCheckAttributes } from './elements/TesseraKnowledgeCheckElement.js';
export type { TesseraKcStartEventDetail, TesseraKcAnswerEventDetail, TesseraKcCompleteEventDetail } from './events.js';

/** The `<tessera-login>` element; its camelCased properties mirror the attributes. */
export type TesseraLoginHTMLElement = HTMLElement & Omit<TesseraLoginAttributes, 'container'> & SessionProviderProperty;
/** `<tessera-topic-viewer organization="..." topic="...">`. */
export type TesseraTopicViewerHTMLElement = HTMLElement & Omit<TesseraTopicViewerAttributes, 'container'> & SessionProviderProperty;
/** `<tessera-starred-topics organization="...">`. */
export type TesseraStarredTopicsHTMLElement = HTMLElement & Omit<TesseraStarredTopicsAttributes, 'container'> & SessionProviderProperty;

/** `<tessera-knowledge-check organization="..." topic="...">` (or `component="..."`). */
export type TesseraKnowledgeCheckHTMLElement = HTMLElement & Omit<TesseraKnowledgeCheckAttributes, 'container'> & SessionProviderProperty;

export const TesseraLogin = shadowElement(TesseraLoginElement, { props: tesseraLoginProps });

export const TesseraTopicViewer = shadowElement(TesseraTopicViewerElement, { props: tesseraTopicViewerProps });
export const TesseraStarredTopics = shadowElement(TesseraStarredTopicsElement, { props: tesseraStarredTopicsProps });
export const TesseraKnowledgeCheck = shadowElement(TesseraKnowledgeCheckElement, { props: tesseraKnowledgeCheckProps });

const elements: Record<string, CustomElementConstructor> = {
  'tessera-login': TesseraLogin,
  'tessera-topic-viewer': TesseraTopicViewer,
  'tessera-starred-topics': TesseraStarredTopics,
  'tessera-knowledge-check': TesseraKnowledgeCheck,
};

/** Registers every Tessera custom element that is not registered yet (safe to call twice). */
export function defineTesseraElements(registry: CustomElementRegistry = customElements): void {
  for (const [name, constructor] of Object.entries(elements)) defineOnce(name, constructor, registry);
}

if (typeof customElements !== 'undefined') defineTesseraElements();

declare global {
  interface HTMLElementTagNameMap {
    'tessera-login': TesseraLoginHTMLElement;
    'tessera-topic-viewer': TesseraTopicViewerHTMLElement;
    'tessera-starred-topics': TesseraStarredTopicsHTMLElement;
    'tessera-knowledge-check': TesseraKnowledgeCheckHTMLElement;
  }
  // The events are composed and bubble: they reach every ancestor, the document and the window.
  interface HTMLElementEventMap extends TesseraEventMap {}
  interface DocumentEventMap extends TesseraEventMap {}
  interface WindowEventMap extends TesseraEventMap {}
}
