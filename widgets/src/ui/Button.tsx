import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { styled } from '../theme.js';
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
  '&[data-pending]': { cursor: 'progress' },
  variants: {
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
  children: ReactNode;
}

export function Button({ variant = 'primary', isPending = false, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <StyledButton variant={variant} isPending={isPending} type={type} {...rest}>
      {isPending ? <Spinner /> : null}
      <span>{children}</span>
    </StyledButton>
  );
}
