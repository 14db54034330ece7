import { styled } from '@tessera/widgets/theme';
import { useId, useState } from 'react';

const Wrapper = styled('span', { position: 'relative', display: 'inline-flex' });

const Trigger = styled('button', {
  width: '24px',
  height: '24px',
  padding: 0,
  border: '1px solid $border',
  borderRadius: '$round',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  fontWeight: '$bold',
  cursor: 'help',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

const Tip = styled('span', {
  position: 'absolute',
  bottom: 'calc(100% + 6px)',
  right: 0,
  zIndex: 10,
  width: 'max-content',
  maxWidth: '260px',
  padding: '$2 $3',
  borderRadius: '$md',
  backgroundColor: '$text',
  color: '$background',
  fontSize: '$1',
  lineHeight: '$body',
  boxShadow: '$card',
});

export interface InfoTipProps {
  /** The trigger's accessible name. */
  label: string;
  /** The tooltip text; it also describes the trigger for screen readers. */
  text: string;
}

/** An "i" button whose tooltip shows on hover and keyboard focus, and hides on Escape. */
export function InfoTip({ label, text }: InfoTipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Wrapper onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <Trigger
        type="button"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        i
      </Trigger>
      <Tip role="tooltip" id={id} hidden={!open}>
        {text}
      </Tip>
    </Wrapper>
  );
}
