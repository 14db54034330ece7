import { useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components/TextField';
import { styled } from '../stitches.js';

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
 *
 * Inside a shadow root react-aria cannot link them: it confirms each id with `document.getElementById`, which
 * never finds an element of a shadow root. There the field names its description and own errors itself.
 */
export function TextField({ label, errors = [], description, type = 'text', ...field }: TextFieldProps) {
  const hasOwnErrors = errors.length > 0;
  const inputRef = useRef<HTMLInputElement>(null);
  const [inShadowRoot, setInShadowRoot] = useState(false);
  useLayoutEffect(() => setInShadowRoot(inputRef.current?.getRootNode() instanceof ShadowRoot), []);
  const id = useId();
  const describedBy = inShadowRoot ? [description && `${id}-description`, hasOwnErrors && `${id}-errors`].filter(Boolean).join(' ') : '';
  return (
    <Field {...field} type={type} isInvalid={hasOwnErrors || undefined} validationBehavior="aria" aria-describedby={describedBy || undefined}>
      <FieldLabel part="label">{label}</FieldLabel>
      <FieldInput part="input" ref={inputRef} />
      {description ? (
        <Description slot="description" id={inShadowRoot ? `${id}-description` : undefined}>
          {description}
        </Description>
      ) : null}
      <Errors id={inShadowRoot ? `${id}-errors` : undefined}>
        {({ validationErrors }) =>
          (hasOwnErrors ? errors : validationErrors).map((message) => (
            <span key={message} part="field-error">
              {message}
            </span>
          ))
        }
      </Errors>
    </Field>
  );
}
