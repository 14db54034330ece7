/** How every Tessera widget becomes a custom element: r2wc with an open shadow root. */
import r2wc from '@r2wc/react-to-web-component';
import { enableShadowDOM } from 'react-stately/private/flags/flags';

// react-aria follows pointer events on the document; without this flag it reads the retargeted event
// target (the custom element, not the button inside its shadow root) and cancels every mouse press.
enableShadowDOM();

export const shadowElement: typeof r2wc = (component, options) => r2wc(component, { shadow: 'open', ...options });

/** Registers `constructor` as `name` unless the page has that element already (safe to call twice). */
export function defineOnce(name: string, constructor: CustomElementConstructor, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(name)) registry.define(name, constructor);
}
