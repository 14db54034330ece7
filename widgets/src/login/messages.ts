import { messages } from '@tessera/sdk/rules';

/** The login screen's error catalogue (core-platform.md section 8), verbatim. */
export const loginMessages = {
  incorrectCredentials: 'The email and/or password are incorrect.',
  suspended: 'Your account has been suspended.',
  tooManyAttempts: 'Too many attempts. Please wait and try again.',
  failure: messages.defaultFailure,
} as const;
