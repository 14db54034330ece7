/**
 * Entry of the bioreq bundle (dist/tessera-bioreq.js): `<tessera-bioreq-uploader>` with `<tessera-login>`, so a
 * host page can sign members in and take their documents with one script tag. It is a bundle of its own so
 * dist/tessera-widgets.js keeps its budget; a page may load both (each element is registered once).
 */
import { TesseraLoginElement, tesseraLoginProps } from '../elements/TesseraLoginElement.js';
import { defineOnce, shadowElement } from '../elements/shadowElement.js';
import { defineBioreqElements } from '../bioreq-elements.js';

if (typeof customElements !== 'undefined') {
  defineOnce('tessera-login', shadowElement(TesseraLoginElement, { props: tesseraLoginProps }));
  defineBioreqElements();
}
