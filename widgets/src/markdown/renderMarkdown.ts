/**
 * The one sanitizing Markdown renderer lives in the SDK (`@tessera/sdk/markdown`), so the server renders
 * knowledge checks' `text_html` and `instructions_html` with exactly what the widgets render items with.
 */
export { renderMarkdown } from '@tessera/sdk/markdown';
