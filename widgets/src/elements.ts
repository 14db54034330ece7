/**
 * @tessera/widgets/elements: the widgets as custom elements. Importing this module registers them.
 *
 *   <tessera-login api-base="https://training.example.com/api" organization="acme-training"></tessera-login>
 *
 * Each element renders into an open shadow root with its own copy of the styles, so the host page's CSS
 * cannot reach in and ours cannot leak out; hosts theme through the `--tessera-*` custom properties.
 */
import r2wc from '@r2wc/react-to-web-component';
import { enableShadowDOM } from 'react-stately/private/flags/flags';
import { TesseraLoginElement, tesseraLoginProps, type TesseraLoginAttributes } from './elements/TesseraLoginElement.js';
import type { TesseraEventMap } from './events.js';

export type { TesseraEventMap, TesseraLoginEventDetail } from './events.js';
export type { TesseraLoginAttributes } from './elements/TesseraLoginElement.js';

/** The `<tessera-login>` element; its camelCased properties mirror the attributes. */
export type TesseraLoginHTMLElement = HTMLElement & Omit<TesseraLoginAttributes, 'container'>;

// react-aria follows pointer events on the document; without this flag it reads the retargeted event
// target (the custom element, not the button inside its shadow root) and cancels every mouse press.
enableShadowDOM();

export const TesseraLogin = r2wc(TesseraLoginElement, { shadow: 'open', props: tesseraLoginProps });

const elements: Record<string, CustomElementConstructor> = { 'tessera-login': TesseraLogin };

/** Registers every Tessera custom element that is not registered yet (safe to call twice). */
export function defineTesseraElements(registry: CustomElementRegistry = customElements): void {
  for (const [name, constructor] of Object.entries(elements)) {
    if (!registry.get(name)) registry.define(name, constructor);
  }
}

if (typeof customElements !== 'undefined') defineTesseraElements();

declare global {
  interface HTMLElementTagNameMap {
    'tessera-login': TesseraLoginHTMLElement;
  }
  // The events are composed and bubble: they reach every ancestor, the document and the window.
  interface HTMLElementEventMap extends TesseraEventMap {}
  interface DocumentEventMap extends TesseraEventMap {}
  interface WindowEventMap extends TesseraEventMap {}
}
