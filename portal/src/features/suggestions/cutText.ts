/** Spec section 9: suggestion text is shown cut at 60 characters plus an ellipsis. */
const SUGGESTION_PREVIEW_LENGTH = 60;

/**
 * The first `length` characters and "...", or the whole text when it fits. Characters are code
 * points, so an emoji is never cut in half.
 */
export function cutText(text: string, length = SUGGESTION_PREVIEW_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : text;
}
