import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components/Link';
import { styled } from '../theme.js';

const StyledLink = styled(AriaLink, {
  color: '$link',
  fontFamily: '$body',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  borderRadius: '$sm',
  outline: 'none',
  '&[data-hovered]': { textDecorationThickness: '2px' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

export interface LinkProps {
  href?: string;
  /** For links that act in place (no navigation of their own); keyboard and pointer both trigger it. */
  onPress?: () => void;
  target?: string;
  rel?: string;
  children: ReactNode;
}

export function Link({ children, ...rest }: LinkProps) {
  return <StyledLink {...rest}>{children}</StyledLink>;
}
