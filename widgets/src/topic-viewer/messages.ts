/** Texts of the topic viewer. The empty text is the spec's (client items view); the others are the widget's own. */
export const topicViewerMessages = {
  loading: 'Loading...',
  empty: 'This topic appears to be empty.',
  failed: 'Something went wrong.',
  notFound: 'This topic could not be found.',
  loggedOut: 'Log in to see this topic.',
  noTopic: 'Choose a topic to see its items here.',
  retry: 'Try again',
  completeLabel: 'Complete',
  /** The procedure checkbox's accessible name: the visible "Complete" first (WCAG 2.5.3), then its row. */
  completeName: (row: string) => `Complete: ${row}`,
  procedure: 'Procedure',
  completionFailed: 'Your progress on this step could not be saved. Please try again.',
  missingMedia: 'This file is not available.',
  openPdf: (name: string) => `Open ${name} (PDF, new tab)`,
} as const;
