import { DESCRIPTION_MAX_LENGTH, form, required, text } from './core.js';

/**
 * The text fields of a bioreq upload (multipart; the file is checked by the upload pipeline). A module of its own,
 * so the bioreq widget's bundle carries this form alone and not `forms` with every other one (forms.ts names it
 * `forms.bioreqUpload`).
 */
export const bioreqUploadForm = form({
  title: required('title', text('title')),
  description: required('description', text('description', DESCRIPTION_MAX_LENGTH)),
});
