import type { ICommand, TextAreaTextApi, TextState } from '@uiw/react-md-editor/nohighlight';

/** Two spaces: one level of a Markdown list (and what the editor's own Tab inserted before). */
const INDENT = '  ';

/** The whole lines the selection touches, as a range of the text. */
function selectedLines({ text, selection }: TextState): { start: number; end: number } {
  const start = text.lastIndexOf('\n', selection.start - 1) + 1;
  const lastLineEnd = text.indexOf('\n', Math.max(selection.end - (selection.end > selection.start ? 1 : 0), selection.start));
  return { start, end: lastLineEnd === -1 ? text.length : lastLineEnd };
}

function shiftLines(state: TextState, api: TextAreaTextApi, shift: (line: string) => string) {
  const lines = selectedLines(state);
  const before = state.text.slice(lines.start, lines.end);
  const after = before.split('\n').map(shift).join('\n');
  api.setSelectionRange(lines);
  api.replaceSelection(after);
  api.setSelectionRange({ start: lines.start, end: lines.start + after.length });
}

const icon = (points: string) => (
  <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M2 3h12M7 7h7M7 10h7M2 13h12" stroke="currentColor" strokeWidth="1.5" fill="none" />
    <path d={points} fill="currentColor" />
  </svg>
);

/**
 * Indentation without the Tab key (Tab moves focus, so the field is no keyboard trap): Ctrl+] (⌘] on a Mac)
 * indents the lines of the selection by one level, Ctrl+[ outdents them; both are toolbar buttons too.
 */
export const indentCommand: ICommand = {
  name: 'indent',
  keyCommand: 'indent',
  shortcuts: 'ctrlcmd+]',
  buttonProps: { 'aria-label': 'Indent lines (ctrl + ])', title: 'Indent lines (ctrl + ])' },
  icon: icon('M2 6l3 2.5L2 11z'),
  execute: (state, api) => shiftLines(state, api, (line) => INDENT + line),
};

export const outdentCommand: ICommand = {
  name: 'outdent',
  keyCommand: 'outdent',
  shortcuts: 'ctrlcmd+[',
  buttonProps: { 'aria-label': 'Outdent lines (ctrl + [)', title: 'Outdent lines (ctrl + [)' },
  icon: icon('M5 6L2 8.5 5 11z'),
  execute: (state, api) => shiftLines(state, api, (line) => line.replace(/^ {1,2}|^\t/, '')),
};
