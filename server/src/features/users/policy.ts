/**
 * Accounts are the platform owner's (ARCHITECTURE.md#roles-and-policies), with the transitions of spec section 4:
 * active -> suspended -> active; suspended -> banned; banned -> restored (suspended, reactivated separately).
 * Nobody suspends or bans their own account.
 */
import type { UserAbilities } from '@tessera/sdk';
import type { UserRow } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { definePolicy, ownAccountForbidden } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const userPolicy = definePolicy({
  list: 'owner',
  suspend: 'owner',
  reactivate: 'owner',
  ban: 'owner',
  restore: 'owner',
});

export type UserAction = 'suspend' | 'reactivate' | 'ban' | 'restore';
type AccountState = 'active' | 'suspended' | 'banned';

const userMessages = {
  ownSuspend: 'You cannot suspend your own account.',
  ownBan: 'You cannot ban your own account.',
  alreadySuspended: 'This account is already suspended.',
  alreadyActive: 'This account is already active.',
  alreadyBanned: 'This account is already banned.',
  bannedFirstRestore: 'This account is banned: restore it first.',
  banOnlySuspended: 'Only a suspended account can be banned: suspend it first.',
  notBanned: 'This account is not banned.',
} as const;

/** Each action: the state it starts from, the field it answers on, and the refusal per other state. */
const TRANSITIONS: Record<UserAction, { from: AccountState; field: 'is_active' | 'is_deleted'; refusal: Partial<Record<AccountState, string>> }> = {
  suspend: { from: 'active', field: 'is_active', refusal: { suspended: userMessages.alreadySuspended, banned: userMessages.bannedFirstRestore } },
  reactivate: { from: 'suspended', field: 'is_active', refusal: { active: userMessages.alreadyActive, banned: userMessages.bannedFirstRestore } },
  ban: { from: 'suspended', field: 'is_deleted', refusal: { active: userMessages.banOnlySuspended, banned: userMessages.alreadyBanned } },
  restore: { from: 'banned', field: 'is_deleted', refusal: { active: userMessages.notBanned, suspended: userMessages.notBanned } },
};

function accountState(user: Pick<UserRow, 'is_active' | 'deleted_at'>): AccountState {
  if (user.deleted_at !== null) return 'banned';
  return user.is_active ? 'active' : 'suspended';
}

function isSelfHarm(action: UserAction): boolean {
  return action === 'suspend' || action === 'ban';
}

/** Throws 403 `own_account` or 422 on the action's field when the action is not open to this account now. */
export function assertTransition(callerId: string, user: Pick<UserRow, 'id' | 'is_active' | 'deleted_at'>, action: UserAction): void {
  if (isSelfHarm(action) && user.id === callerId) throw ownAccountForbidden(action === 'ban' ? userMessages.ownBan : userMessages.ownSuspend);
  const state = accountState(user);
  const transition = TRANSITIONS[action];
  if (state !== transition.from) throw fieldError(transition.field, transition.refusal[state] as string);
}

export function userAbilities(role: AccessRole, callerId: string, user: Pick<UserRow, 'id' | 'is_active' | 'deleted_at'>): UserAbilities {
  const state = accountState(user);
  const open = (action: UserAction) => userPolicy.allows(role, action) && state === TRANSITIONS[action].from && !(isSelfHarm(action) && user.id === callerId);
  return { suspend: open('suspend'), reactivate: open('reactivate'), ban: open('ban'), restore: open('restore') };
}
