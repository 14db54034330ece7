import { apiCall } from '../../api/call';
import { client } from '../../api/client';

/** Account forms show 422 under their fields and 429 as "too many requests" (spec section 8). */
const ACCOUNT_FORM_STATUSES = [422, 429] as const;

export function loginHref(email?: string | null): string {
  return email ? `/login?email=${encodeURIComponent(email)}` : '/login';
}

export function signUp(body: { email: string; name: string; password: string; recaptcha_token: string }) {
  return apiCall(client.POST('/sign-up', { body }), { handles: ACCOUNT_FORM_STATUSES });
}

export function finishRegistration(body: { email: string; name: string; password: string; password_confirmation: string; token: string }) {
  return apiCall(client.POST('/finish-registration', { body }), { handles: ACCOUNT_FORM_STATUSES });
}

export function forgotPassword(email: string) {
  return apiCall(client.POST('/forgot-password', { body: { email } }), { handles: ACCOUNT_FORM_STATUSES });
}

export function resetPassword(body: { email: string; password: string; token: string }) {
  return apiCall(client.POST('/reset-password', { body }), { handles: ACCOUNT_FORM_STATUSES });
}

/** Accepting an organization's invitation (ARCHITECTURE.md#member-invitations): 422 on the token shows on the page. */
export function acceptInvitation(token: string) {
  return apiCall(client.POST('/accept-invitation', { body: { token } }), { handles: ACCOUNT_FORM_STATUSES });
}

export function confirmEmail(body: { token: string; email?: string }) {
  return apiCall(client.POST('/confirm-email', { body }), { handles: ACCOUNT_FORM_STATUSES });
}
