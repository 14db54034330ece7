/**
 * How every Tessera widget becomes a custom element: a small element class of our own (it replaced r2wc, whose
 * generality the standalone bundles paid for) rendering the component into an open shadow root.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { enableShadowDOM } from 'react-stately/private/flags/flags';
import { elementProvider, installPageApi, setElementProvider, type SessionProvider } from '../provider/pageSession.js';

// react-aria follows pointer events on the document; without this flag it reads the retargeted event
// target (the custom element, not the button inside its shadow root) and cancels every mouse press.
enableShadowDOM();

/** How an attribute becomes a prop: a string as it is, a boolean true when it starts with t, y or 1-9 (`"true"`). */
export type PropKind = 'string' | 'boolean';

const attributeOf = (prop: string) => prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const propOf = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A custom element class rendering `component` in an open shadow root: every declared prop is an attribute
 * (`apiBase` is `api-base`) and a property reflecting it; the component also gets `container` (the shadow root).
 * `sessionProvider` is a property only (a function): the page runtime keeps it (pageSession.ts). A property the
 * page set before the element was defined (an own property of the not-yet-upgraded element) is adopted.
 */
export function shadowElement<P extends object>(component: ComponentType<P>, { props }: { props: Record<string, PropKind> }): CustomElementConstructor {
  const names = Object.keys(props);
  const read = (name: string, value: string | null) => (!value ? undefined : props[name] === 'boolean' ? /^[ty1-9]/i.test(value) : value);

  class TesseraElement extends HTMLElement {
    static observedAttributes = names.map(attributeOf);
    private readonly shadow = this.attachShadow({ mode: 'open' });
    private readonly values: Record<string, unknown> = {};
    private root: Root | undefined;

    constructor() {
      super();
      for (const name of [...names, 'sessionProvider']) {
        if (name !== 'sessionProvider') this.values[name] = read(name, this.getAttribute(attributeOf(name)));
        if (!Object.hasOwn(this, name)) continue;
        const early = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = early;
      }
    }

    connectedCallback() {
      this.render();
    }

    disconnectedCallback() {
      this.root?.unmount();
      this.root = undefined;
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      // A removed or emptied attribute keeps the prop's last value, as r2wc did: `<tessera-login>` removes its token
      // attributes once read, and a host handing tokens in sets one attribute after the other.
      if (!value) return;
      const name = propOf(attribute);
      this.values[name] = read(name, value);
      this.render();
    }

    get sessionProvider(): SessionProvider | undefined {
      return elementProvider(this);
    }

    set sessionProvider(provider: SessionProvider | undefined) {
      setElementProvider(this, provider);
    }

    private render() {
      if (!this.isConnected) return;
      this.root ??= createRoot(this.shadow);
      this.root.render(createElement(component, { ...this.values, container: this.shadow } as P));
    }
  }

  for (const name of names) {
    const attribute = attributeOf(name);
    Object.defineProperty(TesseraElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return read(name, this.getAttribute(attribute));
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, props[name] === 'boolean' ? String(Boolean(value)) : String(value));
      },
    });
  }
  return TesseraElement;
}

/** Registers `constructor` as `name` unless the page has that element already (safe to call twice). */
export function defineOnce(name: string, constructor: CustomElementConstructor, registry: CustomElementRegistry = customElements): void {
  installPageApi();
  if (!registry.get(name)) registry.define(name, constructor);
}
