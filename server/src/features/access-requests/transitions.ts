/**
 * Deciding on access requests (Admin Access Requests), by the organization's masters and the owner.
 * The transitions are exactly spec section 4's: pending -> approved | declined | archived;
 * declined -> approved | archived; archived -> restored (back to its status). Anything else is 422 on the
 * field that asked for it, with the reason.
 */
import type { AccessRequestAbilities } from '@tessera/sdk';
import type { AccessRequestStatus } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { definePolicy } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const accessRequestPolicy = definePolicy({
  list: 'master',
  approve: 'master',
  decline: 'master',
  archive: 'master',
  restore: 'master',
});

export type RequestAction = 'approve' | 'decline' | 'archive' | 'restore';
type RequestState = AccessRequestStatus | 'archived';

const OPEN_FROM: Record<RequestAction, RequestState[]> = {
  approve: ['pending', 'declined'],
  decline: ['pending'],
  archive: ['pending', 'declined'],
  restore: ['archived'],
};

/** The state an action leads to, named as in the messages. */
const OUTCOME: Record<RequestAction, string> = { approve: 'approved', decline: 'declined', archive: 'archived', restore: 'restored' };
const FIELD: Record<RequestAction, 'status' | 'is_deleted'> = { approve: 'status', decline: 'status', archive: 'is_deleted', restore: 'is_deleted' };

export const accessRequestDecisionMessages = {
  notFound: 'This access request could not be found.',
  notArchived: 'This request is not archived.',
  otherOpenRequest: 'This person has another open request to join this organization.',
} as const;

export function requestState(request: { status: AccessRequestStatus; deleted_at: unknown }): RequestState {
  return request.deleted_at !== null ? 'archived' : request.status;
}

function isOpen(action: RequestAction, state: RequestState): boolean {
  return OPEN_FROM[action].includes(state);
}

/** Why the action is refused in this state, e.g. "This request is approved and cannot be declined." */
function refusal(action: RequestAction, state: RequestState): string {
  if (action === 'restore') return accessRequestDecisionMessages.notArchived;
  if (state === OUTCOME[action]) return `This request is already ${state}.`;
  return `This request is ${state} and cannot be ${OUTCOME[action]}.`;
}

export function assertTransition(action: RequestAction, state: RequestState): void {
  if (!isOpen(action, state)) throw fieldError(FIELD[action], refusal(action, state));
}

export function accessRequestAbilities(role: AccessRole, request: { status: AccessRequestStatus; deleted_at: unknown }): AccessRequestAbilities {
  const state = requestState(request);
  const open = (action: RequestAction) => accessRequestPolicy.allows(role, action) && isOpen(action, state);
  return { approve: open('approve'), decline: open('decline'), archive: open('archive'), restore: open('restore') };
}
