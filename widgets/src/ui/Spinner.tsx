import { keyframes, styled } from '../stitches.js';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Circle = /* @__PURE__ */ styled('span', {
  display: 'inline-block',
  flexShrink: 0,
  boxSizing: 'border-box',
  width: '1em',
  height: '1em',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: '$round',
  animation: `${spin} 0.75s linear infinite`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2s' },
});

export interface SpinnerProps {
  /** Announced name; leave out when the spinner only decorates a labelled control. */
  label?: string;
}

/** An indeterminate progress indicator. Without a label it is decorative (hidden from assistive tech). */
export function Spinner({ label }: SpinnerProps) {
  if (!label) return <Circle aria-hidden="true" data-spinner="" />;
  return <Circle role="progressbar" aria-label={label} aria-busy="true" data-spinner="" />;
}
