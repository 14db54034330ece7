/** Texts of the starred topics list: heading and empty text as in the spec (2.8), the rest the widget's own. */
export const starredTopicsMessages = {
  heading: 'Your Starred Topics',
  empty: 'No topics found...',
  loading: 'Loading...',
  failed: 'Something went wrong.',
  loggedOut: 'Log in to see your starred topics.',
  retry: 'Try again',
  columns: { name: 'Name', module: 'Module', component: 'Component', actions: 'Actions' },
  unstar: 'Unstar',
  unstarLabel: (topic: string) => `Unstar ${topic}`,
  unstarFailed: 'The topic could not be unstarred. Please try again.',
} as const;
