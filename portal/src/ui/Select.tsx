import { styled } from '@tessera/widgets/stitches';
import { Button, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components/Select';

const Field = styled(AriaSelect, { display: 'flex', flexDirection: 'column', gap: '$1', fontFamily: '$body', color: '$text' });

const FieldLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });

const Trigger = styled(Button, {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
  minHeight: '$control',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focus-visible]': { borderColor: '$focus', boxShadow: '$focus' },
  '&[data-disabled]': { backgroundColor: '$disabledSurface', color: '$disabledText', cursor: 'not-allowed' },
});

const Options = styled(Popover, {
  minWidth: 'var(--trigger-width)',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  boxShadow: '$card',
  overflow: 'auto',
});

const OptionList = styled(ListBox, { padding: '$1', outline: 'none' });

const Option = styled(ListBoxItem, {
  padding: '$2 $3',
  borderRadius: '$sm',
  fontFamily: '$body',
  fontSize: '$3',
  color: '$text',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focused]': { backgroundColor: '$surfaceMuted' },
  '&[data-selected]': { fontWeight: '$bold', color: '$primary' },
});

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  name: string;
  options: SelectOption[];
  value: string;
  onChange(value: string): void;
  errors?: string[];
  isDisabled?: boolean;
}

const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

/** A labelled choice of one option (react-aria Select: a button that opens a listbox). */
export function Select({ label, name, options, value, onChange, errors = [], isDisabled }: SelectProps) {
  return (
    <Field
      name={name}
      value={value}
      onChange={(key) => key !== null && onChange(String(key))}
      isDisabled={isDisabled}
      isInvalid={errors.length > 0 || undefined}
    >
      <FieldLabel>{label}</FieldLabel>
      <Trigger>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Trigger>
      {errors.length ? (
        <Errors>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
      <Options>
        <OptionList>
          {options.map((option) => (
            <Option key={option.id} id={option.id}>
              {option.label}
            </Option>
          ))}
        </OptionList>
      </Options>
    </Field>
  );
}
