import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components/Link';
import { styled } from '../stitches.js';

const linkStyles = {
  color: '$link',
  fontFamily: '$body',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  borderRadius: '$sm',
  outline: 'none',
  '&:hover, &[data-hovered]': { textDecorationThickness: '2px' },
  '&:focus-visible, &[data-focus-visible]': { boxShadow: '$focus' },
} as const;

const StyledLink = /* @__PURE__ */ styled(AriaLink, linkStyles);
const StyledAnchor = /* @__PURE__ */ styled('a', linkStyles);

export interface LinkProps {
  href?: string;
  /** For links that act in place (no navigation of their own); keyboard and pointer both trigger it. */
  onPress?: () => void;
  target?: string;
  rel?: string;
  children: ReactNode;
}

/** react-aria's Link: works with its RouterProvider (client-side navigation) and with `onPress`. */
export function Link({ children, ...rest }: LinkProps) {
  return <StyledLink {...rest}>{children}</StyledLink>;
}

export interface AnchorLinkProps {
  href: string;
  target?: string;
  rel?: string;
  children: ReactNode;
}

/**
 * A plain `<a href>` with the same look, for ordinary page navigation where no router is involved
 * (the custom elements on a host page). The browser's own link is fully keyboard-usable, and it keeps
 * react-aria's link machinery out of the standalone bundle.
 */
export function AnchorLink({ children, ...rest }: AnchorLinkProps) {
  return <StyledAnchor {...rest}>{children}</StyledAnchor>;
}
