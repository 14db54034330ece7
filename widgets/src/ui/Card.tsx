import type { ReactNode, Ref } from 'react';
import { styled } from '../stitches.js';

const Box = /* @__PURE__ */ styled('section', {
  boxSizing: 'border-box',
  width: '100%',
  maxWidth: '$card',
  padding: '$5',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  backgroundColor: '$surface',
  color: '$text',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
  boxShadow: '$card',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
});

export interface CardProps {
  children: ReactNode;
  /** Names the card as a region for assistive technology. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The card's element, for a widget that moves focus within it. */
  cardRef?: Ref<HTMLElement>;
}

/** A surface that groups one task; it sets its own font and colours so it reads the same on any host page. */
export function Card({ children, cardRef, ...aria }: CardProps) {
  return (
    <Box {...aria} ref={cardRef} part="card">
      {children}
    </Box>
  );
}
