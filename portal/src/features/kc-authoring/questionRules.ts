/**
 * The question form's check before sending: the SDK's rules and messages (sdk/src/rules), the ones the server answers
 * its 422 with. Nothing is written here but the wiring.
 */
import { formErrors, kcForms, type FieldErrors } from '@tessera/sdk/rules';
import type { QuestionBody } from './questionDraft';

export function questionErrors(body: QuestionBody): FieldErrors {
  return formErrors(kcForms.knowledgeCheckQuestion, body);
}
