import { Checkbox as AriaCheckbox } from 'react-aria-components/Checkbox';
import { styled } from '../stitches.js';

const Root = /* @__PURE__ */ styled(AriaCheckbox, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
  cursor: 'pointer',
  '&[data-disabled]': { cursor: 'not-allowed', color: '$disabledText' },
});

const Box = /* @__PURE__ */ styled('span', {
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  border: '2px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$background',
  color: '$primaryText',
  '[data-selected] > &': { backgroundColor: '$primary', borderColor: '$primary' },
  '[data-focus-visible] > &': { boxShadow: '$focus' },
  '[data-disabled] > &': { backgroundColor: '$disabledSurface', borderColor: '$borderSubtle' },
});

export interface CheckboxProps {
  label: string;
  /** An accessible name that says more than the visible label (it starts with the label, WCAG 2.5.3). */
  'aria-label'?: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  name?: string;
}

export function Checkbox({ label, ...props }: CheckboxProps) {
  return (
    <Root {...props}>
      {({ isSelected }) => (
        <>
          <Box aria-hidden="true">
            {isSelected ? (
              <svg viewBox="0 0 18 18" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="3">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            ) : null}
          </Box>
          {label}
        </>
      )}
    </Root>
  );
}
