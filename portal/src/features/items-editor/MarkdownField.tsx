import { Spinner } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { lazy, Suspense, useId } from 'react';

// Author routes only: the editor chunk is fetched when the first paragraph shows.
const MarkdownEditor = lazy(() => import('./MarkdownEditor'));

const Field = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1' });
/** How to leave the field and how to indent (indentCommands), in the field's description. */
export const KEYBOARD_HELP = 'Tab moves to the next control. To indent lines, press Ctrl+] (Ctrl+[ to outdent) or use the toolbar.';

const Help = styled('span', { fontSize: '$1', color: '$textMuted' });
const Label = styled('label', { fontSize: '$2', fontWeight: '$medium' });
const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[];
  isDisabled: boolean;
  /** Show the label above the field (a form's field); an item card's paragraph is named by its card instead. */
  showLabel?: boolean;
}

/** A paragraph's Markdown, with its server errors beneath the text (spec section 5). */
export function MarkdownField({ label, value, onChange, errors, isDisabled, showLabel = false }: MarkdownFieldProps) {
  const errorsId = useId();
  const helpId = useId();
  const inputId = useId();
  return (
    <Field>
      {showLabel ? <Label htmlFor={inputId}>{label}</Label> : null}
      <Suspense fallback={<Spinner label="Loading editor" />}>
        <MarkdownEditor
          id={inputId}
          label={label}
          value={value}
          onChange={onChange}
          isInvalid={errors.length > 0}
          isDisabled={isDisabled}
          describedBy={errors.length > 0 ? `${errorsId} ${helpId}` : helpId}
        />
      </Suspense>
      <Help id={helpId}>{KEYBOARD_HELP}</Help>
      {errors.length > 0 ? (
        <Errors id={errorsId}>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
    </Field>
  );
}
