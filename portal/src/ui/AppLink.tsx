import { styled } from '@tessera/widgets/stitches';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A link inside the portal: react-router navigates without a page load. It looks like the ui kit's
 * Link (which renders a plain anchor for external addresses).
 */
const StyledLink = styled(RouterLink, {
  color: '$link',
  fontFamily: '$body',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: '$sm',
  outline: 'none',
  '&:hover': { textDecorationThickness: '2px' },
  '&:focus-visible': { boxShadow: '$focus' },
});

export interface AppLinkProps {
  to: string;
  children: ReactNode;
  'aria-label'?: string;
  /** Runs before react-router's own navigation; calling `event.preventDefault()` cancels that navigation. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function AppLink({ to, children, onClick, ...aria }: AppLinkProps) {
  return (
    <StyledLink to={to} onClick={onClick} {...aria}>
      {children}
    </StyledLink>
  );
}
