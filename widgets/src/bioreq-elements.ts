/**
 * @tessera/widgets/bioreq-elements: `<tessera-bioreq-uploader>` as a custom element (importing this module
 * registers it). It is an entry of its own, like its standalone bundle (dist/tessera-bioreq.js), so the content
 * widgets' bundle keeps its budget: a host that takes bioreq uploads loads it beside them.
 *
 *   <tessera-bioreq-uploader organization="acme-training"></tessera-bioreq-uploader>
 */
import { TesseraBioreqUploaderElement, tesseraBioreqUploaderProps, type TesseraBioreqUploaderAttributes } from './elements/TesseraBioreqUploaderElement.js';
import { defineOnce, shadowElement } from './elements/shadowElement.js';
import type { SessionProviderProperty } from './elements.js';

export type { TesseraBioreqUploaderAttributes } from './elements/TesseraBioreqUploaderElement.js';
export type { TesseraBioreqEventDetail } from './events.js';

/** `<tessera-bioreq-uploader organization="...">`. */
export type TesseraBioreqUploaderHTMLElement = HTMLElement & Omit<TesseraBioreqUploaderAttributes, 'container'> & SessionProviderProperty;

export const TesseraBioreqUploader = shadowElement(TesseraBioreqUploaderElement, { props: tesseraBioreqUploaderProps });

/** Registers `<tessera-bioreq-uploader>` unless the page has it already (safe to call twice). */
export function defineBioreqElements(registry: CustomElementRegistry = customElements): void {
  defineOnce('tessera-bioreq-uploader', TesseraBioreqUploader, registry);
}

if (typeof customElements !== 'undefined') defineBioreqElements();

declare global {
  interface HTMLElementTagNameMap {
    'tessera-bioreq-uploader': TesseraBioreqUploaderHTMLElement;
  }
}
