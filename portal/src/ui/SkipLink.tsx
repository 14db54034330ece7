import { styled } from '@tessera/widgets/stitches';
import type { MouseEvent } from 'react';

/** The id of the page's main landmark, the skip link's target. */
export const MAIN_ID = 'main-content';

const Link = styled('a', {
  position: 'absolute',
  top: '$2',
  left: '$2',
  zIndex: 300,
  padding: '$2 $3',
  borderRadius: '$md',
  backgroundColor: '$primary',
  color: '$primaryText',
  fontFamily: '$body',
  fontSize: '$2',
  fontWeight: '$bold',
  textDecoration: 'none',
  outline: 'none',
  // Out of sight until it has keyboard focus.
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none', boxShadow: '$focus' },
});

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  // The router owns the URL: move focus without adding a #fragment to it.
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}

/**
 * The first stop of the keyboard on every page with a top bar (WCAG 2.4.1): "Skip to main content" shows on
 * focus and moves focus to the page's main landmark (which carries `MAIN_ID` and tabIndex -1).
 */
export function SkipLink() {
  return (
    <Link href={`#${MAIN_ID}`} onClick={skipToMain}>
      Skip to main content
    </Link>
  );
}
