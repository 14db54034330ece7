/**
 * Parsing input that a handler reads itself: the text fields of a multipart upload, which arrive only once the
 * files are stored (features/media/upload.ts), and the JSON body of the routes that take either. Every other route
 * declares `validate(form)` (validate.ts) instead. The same forms, the same 422. See ARCHITECTURE.md, "Validation".
 */
import { parseForm, type FormOutput, type FormSchema } from '@tessera/sdk/rules';
import { validationFailed } from './errors.js';

/** The form's output (only the fields that were sent are set); throws 422 with a message per failing field. */
export function readBody<S extends FormSchema>(body: unknown, form: S): FormOutput<S> {
  const result = parseForm(form, body);
  if (!result.success) throw validationFailed(result.errors);
  return result.output;
}
