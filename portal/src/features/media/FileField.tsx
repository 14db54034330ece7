import { styled } from '@tessera/widgets/stitches';
import { useId, type ReactNode } from 'react';

const Field = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', fontFamily: '$body', color: '$text' });

const LabelRow = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });

const FieldLabel = styled('label', { fontSize: '$2', fontWeight: '$medium' });

const Input = styled('input', {
  padding: '$2',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  fontFamily: '$body',
  fontSize: '$2',
  outline: 'none',
  '&:focus-visible': { borderColor: '$focus', boxShadow: '$focus' },
  '&[aria-invalid="true"]': { borderColor: '$danger' },
});

const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface FileFieldProps {
  label: string;
  name: string;
  /** MIME types offered by the picker (the checks decide, not this). */
  accept: string;
  onPick(file: File | null): void;
  errors?: string[];
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Beside the label (the thumbnail's tooltip). */
  tip?: ReactNode;
}

/**
 * A labelled native file input: keyboard and screen readers get the browser's own picker. Its
 * messages describe it and mark it invalid. Give it a new `key` to empty it.
 */
export function FileField({ label, name, accept, onPick, errors = [], isRequired, isDisabled, tip }: FileFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  return (
    <Field>
      <LabelRow>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        {tip}
      </LabelRow>
      <Input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={isRequired}
        disabled={isDisabled}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errorId : undefined}
        onChange={(event) => onPick(event.currentTarget.files?.[0] ?? null)}
      />
      {errors.length ? (
        <Errors id={errorId}>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
    </Field>
  );
}
