import { styled } from '@tessera/widgets/stitches';
import { FieldError, Label, TextArea, TextField as AriaTextField } from 'react-aria-components/TextField';

const Field = styled(AriaTextField, { display: 'flex', flexDirection: 'column', gap: '$1', fontFamily: '$body', color: '$text' });

const FieldLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });

const Area = styled(TextArea, {
  width: '100%',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  resize: 'vertical',
  outline: 'none',
  // Spec section 9: description textareas grow from 3 to 6 rows.
  fieldSizing: 'content',
  minHeight: 'calc(3lh + 18px)',
  maxHeight: 'calc(6lh + 18px)',
  '&[data-focused]': { borderColor: '$focus', boxShadow: '$focus' },
  '&[data-invalid]': { borderColor: '$danger' },
});

const Errors = styled(FieldError, { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  errors?: string[];
  isRequired?: boolean;
  isReadOnly?: boolean;
  placeholder?: string;
  maxLength?: number;
}

/** A labelled multi-line text input; its errors show under it, linked to the input. */
export function TextAreaField({ label, errors = [], placeholder, maxLength, ...field }: TextAreaFieldProps) {
  return (
    <Field {...field} isInvalid={errors.length > 0 || undefined} validationBehavior="aria">
      <FieldLabel>{label}</FieldLabel>
      <Area rows={3} placeholder={placeholder} maxLength={maxLength} />
      <Errors>
        {errors.map((message) => (
          <span key={message}>{message}</span>
        ))}
      </Errors>
    </Field>
  );
}
