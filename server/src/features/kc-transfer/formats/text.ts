/**
 * The formats' texts to Tessera's rich text, which is Markdown (CommonMark with GFM tables and strikethrough). The SDK's
 * renderMarkdown shows raw HTML escaped, as text, so HTML is converted here, never kept.
 */
import TurndownService from 'turndown';

/** How a file marks a text: GIFT's `[html]`, `[markdown]`, `[plain]`, `[moodle]`, and Moodle XML's `format` attribute. */
export type TextFormat = 'html' | 'markdown' | 'plain' | 'moodle';

export interface ConvertedText {
  markdown: string;
  /** The names of the `@@PLUGINFILE@@` images the text showed, in order: the image goes to the media library. */
  images: string[];
}

const PLUGINFILE = '@@PLUGINFILE@@/';
const TITLE_MAX_LENGTH = 80;

/** Elements whose content is no text a learner should read: dropped with everything inside them. */
const DROPPED_ELEMENTS = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'] as const;

export function toMarkdown(text: string, format: TextFormat): ConvertedText {
  switch (format) {
    case 'html':
      return htmlToMarkdown(text);
    case 'moodle':
      // Moodle's auto-format: HTML where tags appear, otherwise plain text whose newlines are line breaks.
      return looksLikeHtml(text) ? htmlToMarkdown(text) : { markdown: plainToMarkdown(text), images: [] };
    case 'plain':
      return { markdown: plainToMarkdown(text), images: [] };
    case 'markdown':
      return { markdown: text, images: [] };
  }
}

/**
 * The media library images of the text being converted. Conversions are synchronous, so one service (made once: a
 * question bank holds thousands of texts) serves them all, each conversion starting a new list.
 */
let shownImages: string[] = [];
let sharedService: TurndownService | undefined;

/**
 * A choice's label. Tessera shows labels as plain text, not Markdown: HTML is reduced to the words it shows, any
 * other format is kept as written (escaping it would show the backslashes).
 */
export function toLabel(text: string, format: TextFormat): ConvertedText {
  if (format !== 'html' && !(format === 'moodle' && looksLikeHtml(text))) return { markdown: text, images: [] };
  const converted = htmlToMarkdown(text);
  return { markdown: oneLine(markdownToPlain(converted.markdown)), images: converted.images };
}

export function htmlToMarkdown(html: string): ConvertedText {
  // Without a tag or an entity there is no markup (Moodle's answers are often so): no document to build.
  if (!/[<&]/.test(html)) return { markdown: unmarkedHtmlToMarkdown(html), images: [] };
  sharedService ??= markdownService();
  shownImages = [];
  const markdown = sharedService.turndown(html);
  return { markdown, images: shownImages };
}

/** What turndown makes of HTML without markup: its spaces collapsed and trimmed as turndown does, then escaped. */
function unmarkedHtmlToMarkdown(html: string): string {
  return escapeMarkdownText(html.replace(/[ \r\n\t]+/g, ' ').replace(/^ /, '')).replace(/\s+$/, '');
}

/** Plain text that shows as typed: Markdown's special characters escaped, each newline a line break. */
export function plainToMarkdown(text: string): string {
  return text
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        // Leading indentation would start a code block, trailing spaces a line break: neither is what was typed.
        .map((line) => escapeMarkdownText(line.trim()))
        .filter((line) => line !== '')
        // A backslash at the end of a line is CommonMark's line break (two trailing spaces get lost in editors).
        .join('\\\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * Escapes what Markdown would read as markup in a line of text: always the characters of emphasis, code, links and
 * tables; `<` before a tag, `&` before an entity and `~~`; at the start of the line what starts a heading, a quote, a
 * list or a thematic break. Other punctuation stays as typed, so the Markdown remains readable to edit.
 */
function escapeMarkdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]|]/g, '\\$&')
    .replace(/<(?=[a-z/!?])/gi, '\\<')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/~(?=~)|(?<=~)~/g, '\\~')
    .replace(/^([ \t]*)([#>+=-])/gm, '$1\\$2')
    .replace(/^([ \t]*\d{1,9})([.)])/gm, '$1\\$2');
}

/** The question's name, or else the first words of its text as plain text: at most 80 characters, cut at a word. */
export function titleOf(name: string | null | undefined, markdownText: string): string {
  return oneLine(name ?? '') || cutAtWord(oneLine(markdownToPlain(markdownText)), TITLE_MAX_LENGTH);
}

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(text);
}

function markdownService(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '*', strongDelimiter: '**' });
  // Turndown's own escaping leaves `<`, entities and `~~` as they are: text such as "&amp;copy;" would render "©".
  service.escape = escapeMarkdownText;
  service.remove([...DROPPED_ELEMENTS]);
  service.addRule('mediaLibraryImage', {
    filter: (node) => node.nodeName === 'IMG' && (node.getAttribute('src') ?? '').startsWith(PLUGINFILE),
    replacement: (_content, node) => {
      shownImages.push(pluginfileName(node.getAttribute('src') ?? ''));
      return '';
    },
  });
  service.addRule('strikethrough', { filter: (node) => ['DEL', 'S', 'STRIKE'].includes(node.nodeName), replacement: (content) => `~~${content}~~` });
  addTableRules(service);
  return service;
}

/** `@@PLUGINFILE@@/folder/a%20b.png` names the file `a b.png` (Moodle XML's `<file name>`, which is not URL-encoded). */
function pluginfileName(src: string): string {
  const path = src.slice(PLUGINFILE.length).split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** GFM tables: one line per row, the first row as the header (GFM requires one), each cell on one line. */
function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', { filter: ['th', 'td'], replacement: (content) => ` ${oneLine(content)} |` });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => `|${content}\n${isFirstRow(node) ? `|${' --- |'.repeat(node.children.length)}\n` : ''}`,
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('tableCaption', { filter: 'caption', replacement: (content) => `${oneLine(content)}\n\n` });
  service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` });
}

function isFirstRow(row: HTMLElement): boolean {
  let node: Node | null = row.parentNode;
  while (node && node.nodeName !== 'TABLE') node = node.parentNode;
  return (node as Element | null)?.getElementsByTagName('tr')[0] === row;
}

/** Markdown reduced to the words it shows, for a title: no markup, link texts and image descriptions kept. */
function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-+*][ \t]+|\d{1,9}[.)][ \t]+)/gm, '')
    .replace(/\\([!-/:-@[-`{-~])|\*\*|__|~~|[*`|]/g, (_match, escaped: string | undefined) => escaped ?? '');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  // One character is left for "…"; a cut never splits a character written as two UTF-16 units.
  const head = text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const lastSpace = head.lastIndexOf(' ');
  // A word longer than the title is cut where the title ends.
  const splitsAWord = text[head.length] !== ' ' && lastSpace > 0;
  return `${(splitsAWord ? head.slice(0, lastSpace) : head).trimEnd()}…`;
}
