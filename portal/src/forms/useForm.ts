import type { FieldErrors, FormSchema } from '@tessera/sdk/rules';
import { hasErrors } from '@tessera/sdk/rules';
import { useCallback, useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { whileSaving } from '../api/call';
import { EVERYTHING, useApiMutation } from '../api/queries';
import { NO_RESPONSE, type ApiFailure, type ApiOutcome } from '../api/outcome';
import { canSubmit, failureErrors, formReducer, initialFormState, OTHER, placeErrors, validateForm, valuesDiffer, type FormValues } from './formState';

export interface UseFormOptions<V extends FormValues, T> {
  initialValues: V;
  /** The SDK's form for these values (`forms.*` from @tessera/sdk/rules). */
  rules: FormSchema;
  /** Fields that have an input on the screen, where 422 messages show. Defaults to the keys of initialValues. */
  fields?: readonly string[];
  /**
   * Checks beyond the rules that need more than the values (a picked file's type, size, dimensions): run with the
   * rules before anything is sent, so every field's problem shows at once.
   */
  check?(values: V): FieldErrors | Promise<FieldErrors>;
  /** Sends the values (through apiCall, so unhandled failures are routed globally). */
  submit(values: V): Promise<ApiOutcome<T>>;
  /** The queries the save changes (a mutation's `invalidates`); every query by default. */
  invalidates?: readonly QueryKey[];
  /** The values the form resets to after a success; defaults to initialValues. */
  valuesAfterSuccess?(data: T, submitted: V): V;
  onSuccess?(data: T, submitted: V): void;
  /** A screen's own mapping of a failure to messages; answer null to fall back to the default mapping. */
  mapFailure?(failure: ApiFailure): FieldErrors | null;
  /** Called after any failed send (for example to reset a captcha). */
  onFailure?(failure: ApiFailure): void;
}

/** The fields of V that hold text (the ones a TextField binds to). */
export type TextFields<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FieldBinding {
  name: string;
  value: string;
  onChange(value: string): void;
  errors: string[];
}

/**
 * The one form implementation of the portal (spec section 4): idle -> saving -> success or errors;
 * client-side validation with the SDK's rules; 422 messages under their fields and everything else
 * in the form-failure alert; editing a field clears its errors and the success message; the fields
 * reset on success; no submitting while errors exist or a save runs.
 */
export function useForm<V extends FormValues, T>(options: UseFormOptions<V, T>) {
  const [state, dispatch] = useReducer(formReducer<V>, options.initialValues, initialFormState);
  const [submitted, setSubmitted] = useState<V | null>(null);
  // What the values are compared with for the unsaved-changes prompt: the initial or last saved values.
  const [baseline, setBaseline] = useState<V>(options.initialValues);
  // What a submit reads: the newest state and options, so handleSubmit itself never changes.
  const latest = useRef({ state, options });
  useLayoutEffect(() => {
    latest.current = { state, options };
  });
  // The save is a mutation: its success invalidates what it changed, so the lists and records read it again.
  const { run: save } = useApiMutation((values: V) => latest.current.options.submit(values), options.invalidates ?? EVERYTHING);

  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => dispatch({ type: 'edit', field, value }), []);

  /** For inputs whose value lives outside the form (a captcha): clears their errors as an edit would. */
  const touched = useCallback((field: string) => dispatch({ type: 'touched', field }), []);

  const reset = useCallback((values: V) => {
    setBaseline(values);
    dispatch({ type: 'reset', values });
  }, []);

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const { state: current, options: opts } = latest.current;
      if (!canSubmit(current)) return;
      const visible = opts.fields ?? Object.keys(opts.initialValues);
      const values = current.values;
      dispatch({ type: 'saving' });
      const invalid = { ...(opts.check ? await opts.check(values) : {}), ...validateForm(values, opts.rules) };
      if (hasErrors(invalid)) {
        dispatch({ type: 'invalid', errors: placeErrors(invalid, visible) });
        return;
      }
      // No answer from the server is shown on the form, with the edits kept (whileSaving).
      const outcome = await whileSaving(() => save(values));
      if (outcome.ok) {
        setSubmitted(values);
        const after = opts.valuesAfterSuccess?.(outcome.data, values) ?? opts.initialValues;
        setBaseline(after);
        dispatch({ type: 'succeeded', values: after });
        opts.onSuccess?.(outcome.data, values);
        return;
      }
      dispatch({
        type: 'failed',
        errors: opts.mapFailure?.(outcome) ?? failureErrors(outcome, visible),
        canRetry: outcome.status === NO_RESPONSE && !outcome.routed,
      });
      opts.onFailure?.(outcome);
    },
    [save],
  );

  const bind = (field: TextFields<V>): FieldBinding => ({
    name: field,
    value: state.values[field] as string,
    onChange: (value: string) => setValue(field, value as V[typeof field]),
    errors: state.errors[field] ?? [],
  });

  return {
    values: state.values,
    errors: state.errors,
    status: state.status,
    /** Messages for the form-failure alert. */
    otherErrors: state.errors[OTHER] ?? [],
    isSaving: state.status === 'saving',
    succeeded: state.status === 'success',
    canSubmit: canSubmit(state),
    /**
     * For the submit button's isDisabled: errors block it; a running save shows as isPending
     * instead, which keeps the button focused.
     */
    hasErrors: hasErrors(state.errors) && !state.canRetry,
    /** True while the values differ from the initial or last saved ones (edit screens ask before leaving). */
    isDirty: valuesDiffer(state.values, baseline),
    /** The values of the last successful send (a success screen may show them). */
    submitted,
    setValue,
    touched,
    bind,
    reset,
    handleSubmit,
  };
}
