/**
 * Policies: each resource states, once, the least role every operation needs (DESIGN.md section 3:
 * user < admin < master < owner). Routes call `authorize` before touching a row; presenters call
 * `allows` (plus the row's state) to fill `abilities`. Rules about particular rows (one's own account,
 * archived rows) live beside the policy in the resource's policy module.
 */
import { forbidden, type HttpError } from './errors.js';
import { atLeast, type AccessRole } from './tenant-access.js';

export const UNAUTHORIZED_MESSAGE = 'This action is unauthorized.';

export interface Policy<Operation extends string> {
  /** The least role per operation, readable by tests and docs. */
  readonly rules: Readonly<Record<Operation, AccessRole>>;
  allows(role: AccessRole, operation: Operation): boolean;
  /** Throws 403 `forbidden` unless the role may perform the operation. */
  authorize(role: AccessRole, operation: Operation): void;
}

export function definePolicy<Operation extends string>(rules: Record<Operation, AccessRole>): Policy<Operation> {
  const allows = (role: AccessRole, operation: Operation) => atLeast(role, rules[operation]);
  return {
    rules,
    allows,
    authorize(role, operation) {
      if (!allows(role, operation)) throw forbidden('forbidden', UNAUTHORIZED_MESSAGE);
    },
  };
}

/** Nobody suspends, bans or removes themself: 403 `own_account`. */
export function ownAccountForbidden(message: string): HttpError {
  return forbidden('own_account', message);
}
