/**
 * Entry of the login-only bundle (dist/tessera-login.js): `<tessera-login>` alone, for host pages that only
 * sign people in (the full bundle, dist/tessera-widgets.js, also carries the content widgets).
 */
import { TesseraLoginElement, tesseraLoginProps } from '../elements/TesseraLoginElement.js';
import { defineOnce, shadowElement } from '../elements/shadowElement.js';

if (typeof customElements !== 'undefined') defineOnce('tessera-login', shadowElement(TesseraLoginElement, { props: tesseraLoginProps }));
