/** A question's Markdown as one line of plain text: for table cells, sort keys and titles, where Markdown is not rendered. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
