/** @tessera/widgets: the React components (React hosts and the portal import these). */
export { LoginWidget, type LoginWidgetProps, type LoginSuccess } from './login/LoginWidget.js';
export { loginMessages } from './login/messages.js';
export { describeLoginFailure, type LoginProblem } from './login/loginOutcome.js';
export { TesseraProvider, getPageClient, useTesseraClient, type TesseraProviderProps } from './provider/TesseraProvider.js';
export { ShadowFrame } from './shadow/ShadowFrame.js';
export type {
  TesseraEventMap,
  TesseraLoginEventDetail,
  TesseraCompleteEventDetail,
  TesseraOpenTopicEventDetail,
  TesseraSessionEventDetail,
  TesseraBioreqEventDetail,
  TesseraKcStartEventDetail,
  TesseraKcAnswerEventDetail,
  TesseraKcCompleteEventDetail,
} from './events.js';
export { Markdown, type MarkdownProps } from './markdown/Markdown.js';
export { renderMarkdown } from './markdown/renderMarkdown.js';
export { TopicViewer, type TopicViewerProps } from './topic-viewer/TopicViewer.js';
export { topicViewerMessages } from './topic-viewer/messages.js';
export type { CompletionChange } from './topic-viewer/useTopicContent.js';
export { StarredTopics, type StarredTopicsProps, type OpenTopic } from './starred-topics/StarredTopics.js';
export { starredTopicsMessages } from './starred-topics/messages.js';
export { BioreqUploader, type BioreqUploaderProps } from './bioreq-uploader/BioreqUploader.js';
export { bioreqUploaderMessages } from './bioreq-uploader/messages.js';
export {
  KnowledgeCheck,
  KnowledgeCheckPreview,
  type KnowledgeCheckProps,
  type KnowledgeCheckPreviewProps,
  type KcStarted,
  type KcAnswered,
  type KcCompleted,
} from './knowledge-check/KnowledgeCheck.js';
export { Player as KnowledgeCheckPlayer, type PlayerProps as KnowledgeCheckPlayerProps } from './knowledge-check/Player.js';
export { Review as KnowledgeCheckReview, type ReviewProps as KnowledgeCheckReviewProps } from './knowledge-check/Review.js';
export { CheckPage as KnowledgeCheckPage, type CheckPageProps as KnowledgeCheckPageProps } from './knowledge-check/CheckPage.js';
export { knowledgeCheckMessages, myCheckPlace, myCheckStatus } from './knowledge-check/messages.js';
export type { KcAnswer, KcCheck, KcChoice, KcQuestion, KcResponse, KcResponseSummary } from './knowledge-check/types.js';
