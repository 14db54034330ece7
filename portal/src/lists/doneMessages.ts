import type { ToastMessage } from '../ui/Toasts';

/**
 * What the toast of a completed row action says (issue 14): what was done to which record, and where it went
 * when it left the list.
 */
export const archivedMessage = (noun: string, name: string): ToastMessage => ({
  title: `${noun} archived`,
  description: `“${name}” is in the Archived tab, where it can be restored.`,
});

export const restoredMessage = (noun: string, name: string): ToastMessage => ({
  title: `${noun} restored`,
  description: `“${name}” is back in the All tab.`,
});
