import type { FormEvent, ReactNode } from 'react';
import { Form as AriaForm } from 'react-aria-components/Form';
import { styled } from '../stitches.js';

const StyledForm = /* @__PURE__ */ styled(AriaForm, { display: 'flex', flexDirection: 'column', gap: '$4', margin: 0 });

export interface FormProps {
  /** Server errors by field name; fields with a matching `name` show them under themselves. */
  validationErrors?: Record<string, string | string[]>;
  /** Called with the default prevented: forms here submit through the SDK, never by navigation. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

export function Form({ onSubmit, children, ...rest }: FormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.(event);
  };
  // Our fields check themselves with the SDK's rules, so the browser's own validation bubbles stay off.
  return (
    <StyledForm {...rest} onSubmit={submit} validationBehavior="aria">
      {children}
    </StyledForm>
  );
}
