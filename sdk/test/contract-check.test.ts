import { describe, expectTypeOf, it } from 'vitest';
import type { ContractCheck, ReadsBody } from '../src/rules/contract-check.js';

describe('the contract check of the request forms', () => {
  it('accepts a form that reads exactly the body', () => {
    expectTypeOf<ReadsBody<{ name: string; is_active?: boolean }, { name: string; is_active?: boolean }>>().toEqualTypeOf<true>();
  });

  it('refuses a missing field, an extra field, a different requiredness or type', () => {
    expectTypeOf<ReadsBody<{ name: string }, { name: string; description: string }>>().toEqualTypeOf<false>();
    expectTypeOf<ReadsBody<{ name?: string; extra?: string }, { name?: string }>>().toEqualTypeOf<false>();
    expectTypeOf<ReadsBody<{ name?: string }, { name: string }>>().toEqualTypeOf<false>();
    expectTypeOf<ReadsBody<{ order?: string }, { order?: number }>>().toEqualTypeOf<false>();
  });

  it('holds for every request form', () => {
    expectTypeOf<ContractCheck[keyof ContractCheck]>().toEqualTypeOf<true>();
  });
});
