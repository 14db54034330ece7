/** @tessera/widgets: the React components (React hosts and the portal import these). */
export { LoginWidget, type LoginWidgetProps, type LoginSuccess } from './login/LoginWidget.js';
export { loginMessages } from './login/messages.js';
export { describeLoginFailure, type LoginProblem } from './login/loginOutcome.js';
export { TesseraProvider, getPageClient, useTesseraClient, type TesseraProviderProps } from './provider/TesseraProvider.js';
export { ShadowStyles, useStitchesCopy, HOST_CSS } from './shadow/ShadowStyles.js';
export type { TesseraEventMap, TesseraLoginEventDetail } from './events.js';
