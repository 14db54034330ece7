import type { ApiErrorBody } from '@tessera/sdk';

/** A status of 0 stands for "no response from the server". */
export const NO_RESPONSE = 0;

export type ApiFailure = {
  ok: false;
  status: number;
  error: ApiErrorBody;
  /** True when the global error routing took over (the screen should only stop its spinner). */
  routed: boolean;
};

export type ApiOutcome<T> = { ok: true; data: T } | ApiFailure;

/**
 * Where the global error routing sends a failed call (spec section 8), or null when the screen
 * shows the failure itself. 401 is not here: the SDK refreshes and retries first (see session).
 */
export function globalRouteFor(status: number): string | null {
  if (status === NO_RESPONSE) return '/no-response';
  if (status === 403) return '/forbidden';
  if (status === 404) return '/not-found';
  if (status >= 500) return '/whoops';
  return null;
}

/** The spec leaves this wording open; used for 429 on every account form but login. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * 403 codes that block a member from an organization (spec 2.3): the portal shows the Membership
 * Suspended or Email Confirmation Required modal instead of the forbidden page.
 */
export type AccessBlock = 'membership_suspended' | 'email_unconfirmed';

export function isAccessBlock(code: string | undefined): code is AccessBlock {
  return code === 'membership_suspended' || code === 'email_unconfirmed';
}

/** One relation of a record that a form edits beside its fields (a group's members, a member's modules, ...). */
export interface RelationStep<T> {
  /** False when the form left it as the record had it: no call is made. */
  changed: boolean;
  save(): Promise<ApiOutcome<{ data: T }>>;
}

/**
 * After the record itself is saved, its changed relations, one call each, in order. The answer is the record as
 * the last call returned it; the first failure stops the rest and is the answer (its 422 shows under the field).
 */
export async function saveRelations<T>(saved: T, steps: RelationStep<T>[]): Promise<ApiOutcome<T>> {
  let current = saved;
  for (const step of steps.filter((candidate) => candidate.changed)) {
    const outcome = await step.save();
    if (!outcome.ok) return outcome;
    current = outcome.data.data;
  }
  return { ok: true, data: current };
}
