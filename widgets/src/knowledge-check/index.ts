export { Player, type PlayerProps } from './Player.js';
export { Review, type ReviewProps } from './Review.js';
export { CheckPage, type CheckPageProps } from './CheckPage.js';
export {
  KnowledgeCheck,
  KnowledgeCheckPreview,
  type KnowledgeCheckProps,
  type KnowledgeCheckPreviewProps,
  type KcStarted,
  type KcAnswered,
  type KcCompleted,
} from './KnowledgeCheck.js';
export { knowledgeCheckMessages } from './messages.js';
export type { KcAnswer, KcCheck, KcChoice, KcQuestion, KcResponse, KcResponseStatus, KcResponseSummary } from './types.js';
