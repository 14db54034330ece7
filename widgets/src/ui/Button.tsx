import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { styled } from '../stitches.js';
import { Spinner } from './Spinner.js';

const StyledButton = /* @__PURE__ */ styled(AriaButton, {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  boxSizing: 'border-box',
  minHeight: '$control',
  padding: '0 $4',
  border: '1px solid transparent',
  borderRadius: '$md',
  fontFamily: '$body',
  fontSize: '$3',
  fontWeight: '$medium',
  lineHeight: '$tight',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus', borderColor: '$focus' },
  '&[data-disabled]': { cursor: 'not-allowed', backgroundColor: '$disabledSurface', color: '$disabledText' },
  variants: {
    pending: { true: { cursor: 'progress' } },
    variant: {
      primary: {
        backgroundColor: '$primary',
        color: '$primaryText',
        '&[data-hovered]': { backgroundColor: '$primaryHover' },
      },
      secondary: {
        backgroundColor: '$secondary',
        color: '$secondaryText',
        borderColor: '$borderSubtle',
        '&[data-hovered]': { backgroundColor: '$secondaryHover' },
      },
      danger: {
        backgroundColor: '$danger',
        color: '$dangerText',
        '&[data-hovered]': { backgroundColor: '$dangerHover' },
      },
      link: {
        minHeight: 'auto',
        padding: 0,
        backgroundColor: 'transparent',
        color: '$link',
        textDecoration: 'underline',
        '&[data-disabled]': { backgroundColor: 'transparent' },
      },
    },
  },
  defaultVariants: { variant: 'primary' },
});

export interface ButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  /** Shows a spinner and ignores presses; the button keeps its label and its focus. */
  isPending?: boolean;
  isDisabled?: boolean;
  type?: 'button' | 'submit' | 'reset';
  onPress?: () => void;
  autoFocus?: boolean;
  /** Accessible name when the children are not text. */
  'aria-label'?: string;
  /** data-* attributes (hooks for a screen's focus management and for tests). */
  [data: `data-${string}`]: string | undefined;
  children: ReactNode;
}

/**
 * Pending is handled here rather than with react-aria's `isPending`: that one announces the state through
 * a live region in document.body that points at the button by id, which cannot reach into a widget's
 * shadow root (the announcement is silent there and axe reports an unnamed image).
 * A pending button keeps its focus and its name, says it is unavailable (aria-disabled), cannot submit
 * its form and ignores presses.
 */
export function Button({ variant = 'primary', isPending = false, type = 'button', onPress, children, ...rest }: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      variant={variant}
      pending={isPending}
      type={isPending && type === 'submit' ? 'button' : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
    >
      {isPending ? <Spinner /> : null}
      <span>{children}</span>
    </StyledButton>
  );
}
