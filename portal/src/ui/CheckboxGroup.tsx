import { styled } from '@tessera/widgets/stitches';
import { Checkbox, CheckboxGroup as AriaCheckboxGroup, FieldError, Label, Text } from 'react-aria-components/CheckboxGroup';

const Group = styled(AriaCheckboxGroup, { display: 'flex', flexDirection: 'column', gap: '$2', fontFamily: '$body', color: '$text' });

const GroupLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });

const Description = styled(Text, { fontSize: '$1', color: '$textMuted' });

const Options = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2' });

const Option = styled(Checkbox, {
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: '$2',
  fontSize: '$2',
  cursor: 'pointer',
  outline: 'none',
  '&[data-disabled]': { cursor: 'not-allowed', color: '$disabledText' },
});

const Box = styled('span', {
  boxSizing: 'border-box',
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  marginTop: '1px',
  border: '2px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$background',
  color: '$primaryText',
  '[data-selected] > &': { backgroundColor: '$primary', borderColor: '$primary' },
  '[data-focus-visible] > &': { boxShadow: '$focus' },
  '[data-disabled] > &': { backgroundColor: '$disabledSurface', borderColor: '$borderSubtle' },
});

const OptionText = styled('span', { display: 'flex', flexDirection: 'column' });

const OptionDetail = styled('span', { fontSize: '$1', color: '$textMuted' });

const Errors = styled(FieldError, { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

interface CheckboxOption {
  id: string;
  label: string;
  /** A line under the label (what the option means). */
  detail?: string;
}

export interface CheckboxGroupProps {
  label: string;
  name: string;
  /** The ticked options' ids. */
  value: string[];
  onChange(value: string[]): void;
  options: CheckboxOption[];
  description?: string;
  errors?: string[];
  isRequired?: boolean;
}

/**
 * Several choices among a few (react-aria CheckboxGroup): a labelled group of checkboxes, Tab and Space to tick
 * them, its description and errors linked to the group.
 */
export function CheckboxGroup({ label, name, value, onChange, options, description, errors = [], isRequired }: CheckboxGroupProps) {
  return (
    <Group name={name} value={value} onChange={onChange} isRequired={isRequired} isInvalid={errors.length > 0 || undefined} validationBehavior="aria">
      <GroupLabel>{label}</GroupLabel>
      {description ? <Description slot="description">{description}</Description> : null}
      <Options>
        {options.map((option) => (
          <Option key={option.id} value={option.id}>
            {({ isSelected }) => (
              <>
                <Box aria-hidden="true">
                  {isSelected ? (
                    <svg viewBox="0 0 18 18" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="3">
                      <polyline points="2 9 7 14 16 4" />
                    </svg>
                  ) : null}
                </Box>
                <OptionText>
                  {option.label}
                  {option.detail ? <OptionDetail>{option.detail}</OptionDetail> : null}
                </OptionText>
              </>
            )}
          </Option>
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
