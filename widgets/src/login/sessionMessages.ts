/** Texts of the ways into a widget without a password form: the host's session provider and the sign-in popup. */
export const sessionMessages = {
  obtaining: 'Signing you in…',
  providerFailed: 'You could not be signed in to Tessera.',
  retry: 'Try again',
  popup: 'Log in with Tessera',
  popupOpen: 'Finish signing in in the Tessera window.',
  popupBlocked: 'The sign-in window was blocked. Allow pop-ups for this site, or try again.',
  popupFailed: 'Signing in did not finish. Please try again.',
} as const;
