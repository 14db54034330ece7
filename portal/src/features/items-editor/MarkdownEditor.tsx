/**
 * The paragraph editor: @uiw/react-md-editor's no-highlight entry (no Prism in the bundle). Only the
 * items editor imports this module, lazily, so the editor lands in its own chunk that client pages
 * never load. Its preview pane renders through the one sanitizing Markdown renderer of @tessera/widgets,
 * never through the editor's own (raw HTML capable) preview.
 */
import { Markdown } from '@tessera/widgets';
import { styled } from '@tessera/widgets/stitches';
import MDEditor, {
  bold,
  code,
  codeBlock,
  divider,
  group,
  hr,
  image,
  italic,
  link,
  orderedListCommand,
  quote,
  strikethrough,
  table,
  title1,
  title2,
  title3,
  title4,
  title5,
  title6,
  unorderedListCommand,
  type ICommand,
} from '@uiw/react-md-editor/nohighlight';
import { indentCommand, outdentCommand } from './indentCommands';

/**
 * The toolbar offers what the renderer shows: CommonMark plus GFM tables and strikethrough. Not offered: task
 * lists and HTML comments (the renderer does not show them as such) and the help link.
 */
const TOOLBAR: ICommand[] = [
  bold,
  italic,
  strikethrough,
  hr,
  group([title1, title2, title3, title4, title5, title6], {
    name: 'title',
    groupName: 'title',
    buttonProps: { 'aria-label': 'Insert title', title: 'Insert title' },
  }),
  divider,
  link,
  quote,
  code,
  codeBlock,
  image,
  table,
  divider,
  unorderedListCommand,
  orderedListCommand,
  divider,
  outdentCommand,
  indentCommand,
];

/**
 * The toolbar's icons are svgs with role img and no name; each button already has its aria-label, so the
 * icon is decoration and is hidden from assistive technology.
 */
function decorativeIcon(command: ICommand): ICommand {
  return command.icon ? { ...command, icon: <span aria-hidden="true">{command.icon}</span> } : command;
}

/**
 * The editor's text in the portal's font and size (the editor brings its own monospace 12px): the text area and
 * the layer under it that the editor keeps aligned with it must match exactly, so both are set.
 */
const EditorFrame = styled('div', {
  '& .w-md-editor-text-input, & .w-md-editor-text-pre, & .w-md-editor-text-pre > code, & .w-md-editor-text': {
    fontFamily: 'var(--tessera-fonts-body) !important',
    fontSize: 'var(--tessera-fontSizes-3) !important',
    lineHeight: 'var(--tessera-lineHeights-body) !important',
  },
  '& .w-md-editor': { borderRadius: 'var(--tessera-radii-md)' },
});

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** The text area's id, for a visible `<label htmlFor>`. */
  id?: string;
  describedBy?: string;
  isInvalid: boolean;
  isDisabled: boolean;
}

export default function MarkdownEditor({ value, onChange, label, id, describedBy, isInvalid, isDisabled }: MarkdownEditorProps) {
  return (
    <EditorFrame data-color-mode="light">
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        preview="edit"
        components={{ preview: (source) => <Markdown text={source} /> }}
        commands={TOOLBAR}
        commandsFilter={decorativeIcon}
        // Tab and Shift+Tab move focus as everywhere else (the editor's default inserts spaces and traps a
        // keyboard user in the field); indentation is Ctrl+] and Ctrl+[ (indentCommands).
        defaultTabEnable
        height={200}
        visibleDragbar={false}
        textareaProps={{
          id,
          'aria-label': label,
          'aria-describedby': describedBy,
          'aria-invalid': isInvalid || undefined,
          disabled: isDisabled,
        }}
      />
    </EditorFrame>
  );
}
