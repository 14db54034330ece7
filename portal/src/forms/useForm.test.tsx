import { forms, messages } from '@tessera/sdk/rules';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiOutcome } from '../api/outcome';
import { OTHER } from './formState';
import { useForm } from './useForm';

type Answer = { data: { message: string } };

function setup(submit: (values: { email: string }) => Promise<ApiOutcome<Answer>>) {
  const spy = vi.fn(submit);
  const hook = renderHook(() => useForm({ initialValues: { email: '' }, rules: forms.forgotPassword, submit: spy }));
  return { spy, hook };
}

describe('useForm', () => {
  it('checks the values with the SDK rules before sending anything', async () => {
    const { spy, hook } = setup(async () => ({ ok: true, data: { data: { message: 'sent' } } }));
    await act(() => hook.result.current.handleSubmit());
    expect(spy).not.toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({ email: [messages.required('email')] });
    expect(hook.result.current.canSubmit).toBe(false);
  });

  it('saves, shows the success once and resets the fields', async () => {
    let answer!: (outcome: ApiOutcome<Answer>) => void;
    const { spy, hook } = setup(() => new Promise((resolve) => (answer = resolve)));
    act(() => hook.result.current.setValue('email', 'ada@example.com'));
    let saved!: Promise<void>;
    act(() => {
      saved = hook.result.current.handleSubmit();
    });
    expect(hook.result.current.isSaving).toBe(true);
    // A second submit while saving is ignored.
    await act(() => hook.result.current.handleSubmit());
    expect(spy).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({ ok: true, data: { data: { message: 'sent' } } });
      await saved;
    });
    expect(hook.result.current).toMatchObject({ succeeded: true, values: { email: '' }, submitted: { email: 'ada@example.com' } });
    act(() => hook.result.current.setValue('email', 'b'));
    expect(hook.result.current.succeeded).toBe(false);
  });

  it('shows 422 messages under the fields and others in the form-failure alert', async () => {
    const { hook } = setup(async () => ({
      ok: false,
      status: 422,
      routed: false,
      error: { message: 'Invalid', code: 'validation_failed', errors: { email: ['Unknown address.'], token: ['Spent.'] } },
    }));
    act(() => hook.result.current.setValue('email', 'ada@example.com'));
    await act(() => hook.result.current.handleSubmit());
    expect(hook.result.current.errors).toEqual({ email: ['Unknown address.'], [OTHER]: ['Spent.'] });
    expect(hook.result.current.otherErrors).toEqual(['Spent.']);
    act(() => hook.result.current.setValue('email', 'other@example.com'));
    expect(hook.result.current.errors).toEqual({});
    expect(hook.result.current.canSubmit).toBe(true);
  });
});
