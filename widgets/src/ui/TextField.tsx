import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components/TextField';
import { styled } from '../theme.js';

const Field = /* @__PURE__ */ styled(AriaTextField, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  fontFamily: '$body',
  color: '$text',
});

const FieldLabel = /* @__PURE__ */ styled(Label, { fontSize: '$2', fontWeight: '$medium', color: '$text' });

const FieldInput = /* @__PURE__ */ styled(Input, {
  boxSizing: 'border-box',
  width: '100%',
  minHeight: '$control',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  outline: 'none',
  '&[data-focused]': { borderColor: '$focus', boxShadow: '$focus' },
  '&[data-invalid]': { borderColor: '$danger' },
  '&[data-disabled]': { backgroundColor: '$disabledSurface', color: '$disabledText', cursor: 'not-allowed' },
  // Read-only (an id, an email from a link): a value to read and copy, not an input to type in.
  '&[readonly]': { backgroundColor: '$surfaceMuted', borderColor: 'transparent', cursor: 'default' },
});

const Description = /* @__PURE__ */ styled(Text, { fontSize: '$1', color: '$textMuted' });

const Errors = /* @__PURE__ */ styled(FieldError, { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
  value: string;
  onChange: (value: string) => void;
  /** Messages shown under the field; any message marks the field invalid. */
  errors?: string[];
  description?: string;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  isRequired?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  onBlur?: () => void;
}

/**
 * A labelled text input. Errors come from the `errors` prop or, when it is empty, from the
 * surrounding Form's `validationErrors` for this `name`; react-aria links them (and the description)
 * to the input through aria-describedby and sets aria-invalid.
 */
export function TextField({ label, errors = [], description, type = 'text', ...field }: TextFieldProps) {
  const hasOwnErrors = errors.length > 0;
  return (
    <Field {...field} type={type} isInvalid={hasOwnErrors || undefined} validationBehavior="aria">
      <FieldLabel>{label}</FieldLabel>
      <FieldInput />
      {description ? <Description slot="description">{description}</Description> : null}
      <Errors>{({ validationErrors }) => (hasOwnErrors ? errors : validationErrors).map((message) => <span key={message}>{message}</span>)}</Errors>
    </Field>
  );
}
