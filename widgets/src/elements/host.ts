/** The custom element an r2wc widget renders in (its shadow root's host): where its DOM events start. */
export function hostOf(container: HTMLElement | ShadowRoot | undefined): EventTarget | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? container.host : container;
}
