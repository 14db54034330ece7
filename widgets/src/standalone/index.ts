/**
 * Entry of the standalone bundle (dist/tessera-widgets.js): registers every custom element.
 * The build swaps React for preact/compat, so nothing else has to be on the page.
 */
import { defineTesseraElements } from '../elements.js';

export { defineTesseraElements };
export type {
  TesseraEventMap,
  TesseraLoginEventDetail,
  TesseraCompleteEventDetail,
  TesseraOpenTopicEventDetail,
  TesseraSessionEventDetail,
} from '../events.js';
