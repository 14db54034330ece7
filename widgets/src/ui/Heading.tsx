import type { ReactNode } from 'react';
import { Heading as AriaHeading } from 'react-aria-components/Heading';
import { styled } from '../stitches.js';

const StyledHeading = /* @__PURE__ */ styled(AriaHeading, {
  margin: 0,
  color: '$text',
  outline: 'none',
  fontFamily: '$body',
  fontWeight: '$bold',
  lineHeight: '$tight',
  variants: {
    size: {
      large: { fontSize: '$5' },
      medium: { fontSize: '$4' },
      small: { fontSize: '$3' },
    },
  },
});

export interface HeadingProps {
  /** The document level (h1-h6); the visual size follows it unless `size` says otherwise. */
  level?: 1 | 2 | 3 | 4 | 5 | 6;
  size?: 'large' | 'medium' | 'small';
  id?: string;
  /** -1 lets a widget move focus to the heading (after the view it names replaced the one that had focus). */
  tabIndex?: -1;
  children: ReactNode;
}

export function Heading({ level = 2, size, id, tabIndex, children }: HeadingProps) {
  const visual = size ?? (level <= 1 ? 'large' : level === 2 ? 'medium' : 'small');
  return (
    <StyledHeading level={level} size={visual} id={id} tabIndex={tabIndex} part="heading">
      {children}
    </StyledHeading>
  );
}
