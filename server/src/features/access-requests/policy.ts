/**
 * Who may ask to join an organization: a confirmed email (403 otherwise), not already a member,
 * not removed from it, and without an open request (422 on tenant_id with the reason).
 */
import type { AccessRequest, TenantUser, UserRow } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { assertConfirmedEmail } from '../accounts/policy.js';

export const accessRequestMessages = {
  unknownOrganization: 'The selected organization is invalid.',
  removed: 'You have been removed from this organization.',
  alreadyRequested: 'You have already submitted a request to join this organization.',
  alreadyMember: 'You are already associated with this organization.',
} as const;

export function assertMayRequestAccess(user: Pick<UserRow, 'confirmed_at'>): void {
  assertConfirmedEmail(user);
}

/** An open request is pending, or declined but not archived (it can still be approved). */
export function assertMayJoin(membership: Pick<TenantUser, 'deleted_at'> | undefined, openRequest: Pick<AccessRequest, 'id'> | undefined): void {
  if (membership && membership.deleted_at !== null) throw fieldError('tenant_id', accessRequestMessages.removed);
  if (membership) throw fieldError('tenant_id', accessRequestMessages.alreadyMember);
  if (openRequest) throw fieldError('tenant_id', accessRequestMessages.alreadyRequested);
}
