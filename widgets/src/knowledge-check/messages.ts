import { formatDisplayDate, type MyKnowledgeCheck } from '@tessera/sdk';
/**
 * Texts of the knowledge-check player, review and check page: the spec's (section 2, "Client knowledge check
 * page", "Answer-taking view", "Response review screen", "Preview page") and the widget's own.
 */
export const knowledgeCheckMessages = {
  // The check page.
  start: 'Start Knowledge Check',
  continue: 'Continue existing knowledge check',
  dueBy: 'Due by',
  completed: 'Completed',
  columns: { completedOn: 'Completed On', correct: 'Correct', incorrect: 'Incorrect', score: 'Score' },
  neverCompleted: 'This knowledge check has not been completed.',
  openReview: (date: string) => `Review the attempt completed on ${date}`,
  noCheck: 'There is no knowledge check here.',
  noOrganization: 'Name the organization (its organization attribute) to see its knowledge checks here.',
  // My Knowledge Checks (the element without a check, topic or component).
  myChecks: 'My Knowledge Checks',
  noChecks: 'No knowledge checks found...',
  backToMyChecks: 'Back to My Knowledge Checks',
  openCheck: (name: string) => `Open ${name}`,
  myStatus: { assigned: 'Assigned', 'in-progress': 'In progress', completed: 'Completed', 'not-started': 'Not started' },
  due: (date: string) => `due ${date}`,
  lastScore: (score: string) => `last score ${score}`,
  moreChecks: (shown: number, total: number) => `The first ${shown} of ${total} knowledge checks.`,
  loggedOut: 'Log in to take this knowledge check.',
  loading: 'Loading...',
  failed: 'Something went wrong.',
  retry: 'Try again',
  // The player.
  instructions: 'Instructions',
  begin: 'Begin',
  questionOf: (number: number, total: number) => `Question ${number} of ${total}`,
  previous: 'Previous',
  saveAndNext: 'Save & Next',
  finish: 'Finish',
  pages: 'Questions',
  pageLabel: (number: number, answered: boolean) => `Question ${number}${answered ? ', answered' : ', not answered'}`,
  /** The pagination's last item (visible text Finish): it opens the summary, where the Finish button is. */
  finishPage: 'Finish: go to the summary',
  previewSummary: 'Summary',
  chooseOne: 'Choose one answer.',
  chooseAny: 'Choose every answer that applies.',
  unanswered: 'Unanswered questions',
  unansweredLink: (number: number) => `Question ${number}`,
  allAnswered: 'Every question is answered. Select Finish to submit your answers.',
  answerTheRest: 'Answer every question to finish.',
  saveFailed: 'Your answer could not be saved. Please try again.',
  finishFailed: 'The knowledge check could not be finished. Please try again.',
  noQuestions: 'This knowledge check has no questions yet.',
  // Preview (spec: "Knowledge Check Preview").
  previewTitle: 'Knowledge Check Preview',
  previewNote: 'Preview: answers are not saved and the check cannot be finished.',
  // The review.
  review: 'Review',
  completedOn: 'Completed On',
  score: 'Score',
  correctAnswers: 'Correct Answers',
  incorrectAnswers: 'Incorrect Answers',
  questionNumber: (number: number) => `Question ${number}`,
  notAnswered: 'This question was not answered.',
  answeredCorrectly: 'Answered correctly.',
  answeredIncorrectly: 'Answered incorrectly.',
  correctChoice: 'Correct answer',
  yourCorrectChoice: 'Your answer, correct',
  yourWrongChoice: 'Your answer, incorrect',
  backToCheck: 'Back to the knowledge check',
} as const;

/** A date as the widgets show one (the reader's locale and time zone). */
/** A date as the spec shows dates (section 9), through the SDK's one rule. */
export const formatDate = (iso: string | null) => (iso ? formatDisplayDate(iso) : '');

/** A score with its two decimals, as a percentage. */
export const formatScore = (score: number | null) => (score === null ? '' : `${score.toFixed(2)}%`);

/** Where a check of My Knowledge Checks lives: its module, component and (a topic's check) topic. */
export const myCheckPlace = (check: Pick<MyKnowledgeCheck, 'module' | 'component' | 'topic'>) =>
  [check.module.name, check.component.name, ...(check.topic ? [check.topic.name] : [])].join(' › ');

/** The member's standing with a check in words: its status, and "(Assigned)" for one an assignment brought. */
export const myCheckStatus = (check: Pick<MyKnowledgeCheck, 'status' | 'assigned'>) =>
  check.assigned && check.status !== 'assigned'
    ? `${knowledgeCheckMessages.myStatus[check.status]} (${knowledgeCheckMessages.myStatus.assigned})`
    : knowledgeCheckMessages.myStatus[check.status];
