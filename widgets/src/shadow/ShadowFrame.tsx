import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { styled } from '../stitches.js';
import { adoptTesseraStyles } from '../theme.js';

/**
 * The top of every custom element's tree. Nothing of the host page's CSS reaches into a shadow root except what
 * inherits through the host element (a hot-pink `color`, Comic Sans, `letter-spacing`, an 8px `font-size`):
 * `all: initial` cuts that off here, then the widget's own font, size and colour apply. Custom properties survive
 * `all`, so `--tessera-*` values a host sets still theme the widget. Sizes are in px, not rem: the host page's
 * root font size does not shrink or grow the widget.
 */
const Frame = /* @__PURE__ */ styled('div', {
  all: 'initial',
  display: 'block',
  boxSizing: 'border-box',
  width: '100%',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
});

/** Adopts Tessera's styles into the shadow root it renders in (before the first paint) and frames the widget. */
export function ShadowFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root && 'host' in root) adoptTesseraStyles(root as ShadowRoot);
  }, []);
  return (
    <Frame ref={ref} part="root">
      {children}
    </Frame>
  );
}
