import { useLayoutEffect, useRef } from 'react';
import { getCssText, getCssVersion, subscribeToCss } from '../theme.js';

/**
 * Rules for the custom element's host box. `all: initial` cuts off every property the host page
 * would let us inherit (a hot-pink `color`, a Comic Sans `font-family`); custom properties survive
 * `all`, so `--tessera-*` theme values set by the host still reach the widget. Inside a shadow root
 * our `!important` beats the page's `!important` on the host element.
 */
export const HOST_CSS = `:host{all:initial !important;display:block !important;}:host([hidden]){display:none !important;}`;

/**
 * Keeps a `<style>` element filled with Stitches' CSS. Stitches writes into document.head,
 * which never reaches a shadow root, so each shadow root carries its own copy.
 * The copy is made in a layout effect (before the first paint) and refreshed whenever Stitches
 * adds rules later (a new state rendering a component for the first time).
 */
export function useStitchesCopy(styleRef: { current: HTMLStyleElement | null }, prefix = ''): void {
  useLayoutEffect(() => {
    const style = styleRef.current;
    if (!style) return undefined;
    let copiedVersion = -1;
    const copy = () => {
      const version = getCssVersion();
      if (version === copiedVersion) return;
      copiedVersion = version;
      style.textContent = prefix + getCssText();
    };
    copy();
    return subscribeToCss(copy);
  }, [styleRef, prefix]);
}

/**
 * Render this once at the top of a tree that lives in a shadow root:
 * `<ShadowStyles />` then the widget. Outside a shadow root it renders nothing useful and is harmless.
 */
export function ShadowStyles() {
  const styleRef = useRef<HTMLStyleElement | null>(null);
  useStitchesCopy(styleRef, HOST_CSS);
  return <style ref={styleRef} data-tessera-styles="" />;
}
