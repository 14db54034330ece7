import { formErrors, hasErrors, type FieldErrors, type FormSchema } from '@tessera/sdk/rules';
import type { ApiFailure } from '../api/outcome';
import { TOO_MANY_REQUESTS } from '../api/outcome';

/** The key under which failures that belong to no visible field are kept (the form-failure alert). */
export const OTHER = 'other';

/** Spec section 4: idle -> saving -> success or errors. */
type FormStatus = 'idle' | 'saving' | 'success' | 'errors';

/** Text inputs hold strings; checkboxes and switches booleans; tag pickers lists of ids. */
type FormValue = string | boolean | string[];

export type FormValues = Record<string, FormValue>;

export interface FormState<V extends FormValues> {
  values: V;
  errors: FieldErrors;
  status: FormStatus;
  /**
   * The last save got no answer (the message is under OTHER): the same values may be sent again without an
   * edit, since nothing about them was wrong.
   */
  canRetry?: boolean;
}

export type FormAction<V extends FormValues> =
  | { type: 'edit'; field: keyof V & string; value: FormValue }
  | { type: 'touched'; field: string }
  | { type: 'invalid'; errors: FieldErrors }
  | { type: 'saving' }
  | { type: 'succeeded'; values: V }
  | { type: 'failed'; errors: FieldErrors; canRetry?: boolean }
  | { type: 'reset'; values: V };

export function initialFormState<V extends FormValues>(values: V): FormState<V> {
  return { values, errors: {}, status: 'idle' };
}

function withoutKeys(errors: FieldErrors, keys: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
}

export function formReducer<V extends FormValues>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'edit': {
      // Editing a field clears its errors, the general failure and a shown success (spec section 4).
      const errors = withoutKeys(state.errors, [action.field, OTHER]);
      return {
        values: { ...state.values, [action.field]: action.value },
        errors,
        status: hasErrors(errors) ? 'errors' : 'idle',
      };
    }
    case 'touched': {
      // An input outside the values (a captcha) changed: same clearing as an edit.
      const errors = withoutKeys(state.errors, [action.field, OTHER]);
      return { values: state.values, errors, status: hasErrors(errors) ? 'errors' : 'idle' };
    }
    case 'invalid':
      return { values: state.values, errors: action.errors, status: 'errors' };
    case 'saving':
      return { values: state.values, errors: {}, status: 'saving' };
    case 'succeeded':
      // Success shows once, with the fields reset.
      return { values: action.values, errors: {}, status: 'success' };
    case 'failed':
      return {
        values: state.values,
        errors: action.errors,
        status: hasErrors(action.errors) ? 'errors' : 'idle',
        ...(action.canRetry ? { canRetry: true } : {}),
      };
    case 'reset':
      return initialFormState(action.values);
  }
}

/** Client-side check with the SDK's rules: the same messages the server answers. */
export function validateForm(values: FormValues, rules: FormSchema): FieldErrors {
  return formErrors(rules, values);
}

/** Keeps messages of visible fields under them and moves the rest to OTHER (they would be invisible). */
export function placeErrors(errors: FieldErrors, visibleFields: readonly string[]): FieldErrors {
  const placed: FieldErrors = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (field === OTHER || !visibleFields.includes(field)) other.push(...messages);
    else placed[field] = messages;
  }
  if (other.length) placed[OTHER] = other;
  return placed;
}

/**
 * Turns a failed call into messages: 422 errors under the form's visible fields, everything else
 * (fields the form does not show, 429, other statuses) under OTHER for the form-failure alert.
 * A failure the global error routing took over leaves no message on the form.
 */
export function failureErrors(failure: ApiFailure, visibleFields: readonly string[]): FieldErrors {
  if (failure.routed) return {};
  if (failure.status === 429) return { [OTHER]: [TOO_MANY_REQUESTS] };
  const fieldErrors = failure.status === 422 ? (failure.error.errors ?? {}) : {};
  if (!Object.keys(fieldErrors).length) return { [OTHER]: [failure.error.message] };
  return placeErrors(fieldErrors, visibleFields);
}

export function canSubmit(state: FormState<FormValues>): boolean {
  return state.status !== 'saving' && (!hasErrors(state.errors) || state.canRetry === true);
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

/** Whether the values differ from the baseline (the unsaved-changes prompt asks before leaving). */
export function valuesDiffer(values: FormValues, baseline: FormValues): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(baseline)]);
  return [...keys].some((key) => !sameValue(values[key], baseline[key]));
}
