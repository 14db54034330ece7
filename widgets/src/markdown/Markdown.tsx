import { memo, useMemo } from 'react';
import { styled } from '../stitches.js';
import { renderMarkdown } from './renderMarkdown.js';

const Prose = /* @__PURE__ */ styled('div', {
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  overflowWrap: 'anywhere',
  '& > :first-child': { marginTop: 0 },
  '& > :last-child': { marginBottom: 0 },
  '& p, & ul, & ol, & blockquote, & pre': { margin: '0 0 $3' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { margin: '$4 0 $2', lineHeight: '$tight' },
  '& a': { color: '$link', textDecoration: 'underline' },
  '& a:focus-visible': { outline: 'none', boxShadow: '$focus', borderRadius: '$sm' },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& code': { fontFamily: '$mono', fontSize: '0.9em', backgroundColor: '$surfaceMuted', padding: '0 $1', borderRadius: '$sm' },
  '& pre': { overflowX: 'auto', padding: '$3', backgroundColor: '$surfaceMuted', borderRadius: '$md' },
  '& pre code': { padding: 0 },
  // GFM tables: scroll sideways inside the text on a narrow screen, never the page.
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse', margin: '0 0 $3' },
  '& th, & td': { padding: '$1 $2', border: '1px solid $borderSubtle', textAlign: 'left' },
  '& th[align="center"], & td[align="center"]': { textAlign: 'center' },
  '& th[align="right"], & td[align="right"]': { textAlign: 'right' },
  '& blockquote': { paddingLeft: '$3', borderLeft: '4px solid $borderSubtle', color: '$textMuted' },
});

export interface MarkdownProps {
  /** Markdown source (a paragraph item's text). Raw HTML in it is shown as text, never run. */
  text: string | null | undefined;
  className?: string;
}

/**
 * The one place paragraph text becomes HTML, in the widgets and in the portal.
 * The HTML comes from `renderMarkdown`, which escapes raw HTML and drops unsafe URLs, so setting it
 * as innerHTML cannot run script.
 */
export const Markdown = /* @__PURE__ */ memo(function Markdown({ text, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(text ?? ''), [text]);
  return <Prose className={className} data-markdown="" dangerouslySetInnerHTML={{ __html: html }} />;
});
