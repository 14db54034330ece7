import { styled } from '@tessera/widgets/stitches';
import type { ReactNode } from 'react';
import { FieldError, Label, Radio as AriaRadio, RadioGroup as AriaRadioGroup } from 'react-aria-components/RadioGroup';

const Group = styled(AriaRadioGroup, { display: 'flex', flexDirection: 'column', gap: '$2', fontFamily: '$body', color: '$text' });

const GroupLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });

const Options = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2' });

const Option = styled(AriaRadio, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$2',
  cursor: 'pointer',
  outline: 'none',
  '&[data-disabled]': { cursor: 'not-allowed', color: '$disabledText' },
});

const Dot = styled('span', {
  boxSizing: 'border-box',
  display: 'inline-block',
  flexShrink: 0,
  width: '18px',
  height: '18px',
  border: '2px solid $border',
  borderRadius: '$round',
  backgroundColor: '$background',
  '[data-selected] > &': { borderColor: '$primary', borderWidth: '6px' },
  '[data-focus-visible] > &': { boxShadow: '$focus' },
});

const Errors = styled(FieldError, { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

interface RadioOption {
  id: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps {
  label: string;
  name: string;
  /** The chosen option's id ('' for none yet). */
  value: string;
  onChange(value: string): void;
  options: RadioOption[];
  errors?: string[];
  /** Shown between the options (section headings of a tree of choices), keyed by the option they precede. */
  before?: Record<string, ReactNode>;
}

/** One choice among a few (react-aria RadioGroup): arrow keys move between the options. */
export function RadioGroup({ label, name, value, onChange, options, errors = [], before = {} }: RadioGroupProps) {
  return (
    <Group name={name} value={value || null} onChange={onChange} isInvalid={errors.length > 0 || undefined} validationBehavior="aria">
      <GroupLabel>{label}</GroupLabel>
      <Options>
        {options.map((option) => (
          <div key={option.id}>
            {before[option.id]}
            <Option value={option.id} isDisabled={option.isDisabled}>
              <Dot aria-hidden="true" />
              {option.label}
            </Option>
          </div>
        ))}
      </Options>
      <Errors>
        {errors.map((message) => (
          <span key={message}>{message}</span>
        ))}
      </Errors>
    </Group>
  );
}
