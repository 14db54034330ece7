/** Who may do what with accounts. */
import type { UserRow } from '../../db/models.js';
import { forbidden } from '../../http/errors.js';

const EMAIL_UNCONFIRMED_MESSAGE = 'You must confirm your email before using this form.';

function isConfirmed(user: Pick<UserRow, 'confirmed_at'>): boolean {
  return user.confirmed_at !== null;
}

/** Actions that reach other people (asking to join an organization) need a confirmed address: 403 otherwise. */
export function assertConfirmedEmail(user: Pick<UserRow, 'confirmed_at'>): void {
  if (!isConfirmed(user)) throw forbidden('email_unconfirmed', EMAIL_UNCONFIRMED_MESSAGE);
}
