/**
 * Knowledge checks' policy (ARCHITECTURE.md#roles-and-policies; spec section 6 leaves authoring permissions "not
 * shown"). Decisions:
 *
 * - every member who can see a check's topic or component reads the check (without the bank) and takes it: lists,
 *   creates, starts, answers, completes and reads their own responses. Taking a check is a member's own act: the
 *   owner without a membership gets 403 on the response calls;
 * - admins, masters and the owner author: create and edit checks, the question bank, preview, print and assign;
 * - a check of another organization, or of a topic or component the caller cannot see, is 404; a response that is
 *   not the caller's is 404 (authors read others' responses through the reports).
 */
import { definePolicy } from '../../http/policy.js';

export const kcPolicy = definePolicy({
  view: 'user',
  respond: 'user',
  create: 'admin',
  update: 'admin',
  questions: 'admin',
  preview: 'admin',
  print: 'admin',
  assign: 'admin',
});

export const kcMessagesServer = {
  checkNotFound: 'This knowledge check could not be found.',
  topicNotFound: 'This topic could not be found.',
  componentNotFound: 'This component could not be found.',
  questionNotFound: 'This question could not be found.',
  responseNotFound: 'This response could not be found.',
  assignmentNotFound: 'This assignment could not be found.',
  checkExists: 'This already has a knowledge check.',
  noQuestions: 'This knowledge check has no questions yet.',
  notAssigned: 'Only an assigned response can be started.',
  inProgress: 'You already have a knowledge check in progress: continue it first.',
  notStarted: 'This response has not been started.',
  completed: 'This response is already completed.',
  unanswered: 'Answer every question before finishing.',
  assignmentStarted: 'An assignee has already started this knowledge check: the assignment can no longer be removed.',
} as const;
