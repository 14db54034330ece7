/**
 * Policies: each resource states, once, the least role every operation needs (ARCHITECTURE.md, roles:
 * user < admin < master < owner). A route declares its check as a step, `can(policy, operation)`, before
 * its handler; presenters call `allows` (plus the row's state) to fill `abilities`. Rules about particular
 * rows or bodies (one's own account, archive or restore as the body says) are explicit `authorize` calls in
 * the handler or live beside the policy in the resource's policy module.
 */
import type { Context, Next } from 'koa';
import { forbidden, type HttpError } from './errors.js';
import { atLeast, roleOf, type AccessRole } from './tenant-access.js';

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

/**
 * The route step that lets through only a caller whose role (`roleOf`: in the organization after `inTenant`,
 * else the platform role) may perform the operation; anyone else gets 403 `forbidden`.
 */
export function can<Operation extends string>(policy: Policy<Operation>, operation: NoInfer<Operation>) {
  return async function authorized(ctx: Context, next: Next): Promise<void> {
    policy.authorize(roleOf(ctx), operation);
    await next();
  };
}

/** Nobody suspends, bans or removes themself: 403 `own_account`. */
export function ownAccountForbidden(message: string): HttpError {
  return forbidden('own_account', message);
}
