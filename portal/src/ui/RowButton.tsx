import { styled } from '@tessera/widgets/stitches';
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Link as RouterLink } from 'react-router';

/** The look of every compact control in a table row (buttons, links, the More menu's button). */
export const rowControlLook = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: '0 $3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  fontWeight: '$medium',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  '&:hover, &[data-hovered]': { backgroundColor: '$secondary' },
  '&:focus-visible, &[data-focus-visible]': { boxShadow: '$focus' },
  '&[data-disabled]': { cursor: 'not-allowed', color: '$disabledText', backgroundColor: '$disabledSurface' },
} as const;

const Pressable = styled(AriaButton, rowControlLook, {
  variants: { tone: { danger: { color: '$danger', borderColor: '$danger' }, neutral: {} } },
});
const Anchor = styled(RouterLink, rowControlLook);

export const RowActions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });

export interface RowButtonProps {
  onPress(): void;
  isDisabled?: boolean;
  tone?: 'danger' | 'neutral';
  /** The full name when the text alone is ambiguous in a list ("Archive Acme Training"). */
  'aria-label'?: string;
  children: ReactNode;
}

/** A compact action inside a table row (archive, restore, suspend...). */
export function RowButton({ tone = 'neutral', ...props }: RowButtonProps) {
  return <Pressable tone={tone} {...props} />;
}

/** A compact link inside a table row (edit). */
export function RowLink({ to, children, ...aria }: { to: string; children: ReactNode; 'aria-label'?: string }) {
  return (
    <Anchor to={to} {...aria}>
      {children}
    </Anchor>
  );
}
