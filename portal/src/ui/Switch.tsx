import { styled } from '@tessera/widgets/stitches';
import { Switch as AriaSwitch } from 'react-aria-components/Switch';

const Root = styled(AriaSwitch, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
  cursor: 'pointer',
  '&[data-disabled]': { cursor: 'not-allowed', color: '$disabledText' },
});

const Track = styled('span', {
  position: 'relative',
  width: '36px',
  height: '20px',
  borderRadius: '$round',
  border: '2px solid $border',
  backgroundColor: '$background',
  transition: 'background-color 120ms',
  '&::after': {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '12px',
    height: '12px',
    borderRadius: '$round',
    backgroundColor: '$border',
    transition: 'transform 120ms',
  },
  '[data-selected] > &': { backgroundColor: '$primary', borderColor: '$primary' },
  '[data-selected] > &::after': { transform: 'translateX(16px)', backgroundColor: '$primaryText' },
  '[data-focus-visible] > &': { boxShadow: '$focus' },
});

export interface SwitchProps {
  label: string;
  name: string;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  isDisabled?: boolean;
}

/** An on/off switch (react-aria Switch: a checkbox with the switch role). */
export function Switch({ label, ...props }: SwitchProps) {
  return (
    <Root {...props}>
      <Track aria-hidden="true" />
      {label}
    </Root>
  );
}
