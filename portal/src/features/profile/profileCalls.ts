import type { CurrentUser } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';

export interface ProfileValues extends Record<string, string> {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  current_password: string;
}

export function profileValues(user: CurrentUser): ProfileValues {
  return { name: user.name, email: user.email, password: '', password_confirmation: '', current_password: '' };
}

/**
 * The PATCH /users/me body (spec 7.1): the name, the email only when it changed (a change asks
 * for reconfirmation), the password and its confirmation only when one was typed, and the current
 * password with either of those changes (the server requires it).
 */
export function profileChanges(user: CurrentUser, values: ProfileValues) {
  const body: { name: string; email?: string; password?: string; password_confirmation?: string; current_password?: string } = { name: values.name };
  if (values.email.trim() !== user.email) body.email = values.email.trim();
  if (values.password) {
    body.password = values.password;
    body.password_confirmation = values.password_confirmation;
  }
  if (body.email !== undefined || body.password !== undefined) body.current_password = values.current_password;
  return body;
}

export function updateProfile(user: CurrentUser, values: ProfileValues) {
  return apiCall(client.PATCH('/users/me', { body: profileChanges(user, values) }), { handles: [422, 429] });
}

export function resendConfirmation() {
  return apiCall(client.POST('/users/me/notifications/confirm-email'), { handles: [422, 429] });
}
