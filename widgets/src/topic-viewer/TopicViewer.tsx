import type { Item, TesseraClient } from '@tessera/sdk';
import { useAccessToken } from '../login/useSession.js';
import { useTesseraClient } from '../provider/TesseraProvider.js';
import { styled } from '../stitches.js';
import { Alert, Heading } from '../ui/index.js';
import { RemoteView } from '../data/RemoteView.js';
import { Status } from '../ui/LoadStatus.js';
import { RowView } from './ItemView.js';
import { topicViewerMessages as text } from './messages.js';
import { isNotFound, useProcedureToggle, useTopicContent, type CompletionChange } from './useTopicContent.js';

export interface TopicViewerProps {
  /** The organization's id or slug. */
  organization: string;
  /** The topic's id. */
  topic: string;
  client?: TesseraClient;
  /** Preview of unsaved-free content for authors: no procedure toggles (the portal shows its own banner). */
  preview?: boolean;
  /** For the owner, who has no membership to record progress in: procedure rows show without toggles. */
  readOnly?: boolean;
  /** Rows to show instead of the saved ones (an author's unsaved list, in preview); keep the same array between renders. */
  items?: Item[];
  /** Show the topic's name and description above the rows (default true). */
  showTitle?: boolean;
  /** Level of the topic's heading; the rows' headings are one level below. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4;
  /** A procedure row was ticked or unticked, and the server has recorded it. */
  onComplete?: (change: CompletionChange) => void;
}

const Root = /* @__PURE__ */ styled('div', {
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
  // Its own surface: the host page's background (dark, hot pink, anything) must not sit behind our text.
  padding: '$4',
  backgroundColor: '$background',
  borderRadius: '$lg',
});

const Description = /* @__PURE__ */ styled('p', { margin: 0, color: '$textMuted' });

function Notice({ state, text: notice }: { state: string; text: string }) {
  return (
    <Root data-state={state}>
      <Status>{notice}</Status>
    </Root>
  );
}

/** A topic's rows and their paragraphs, images, videos, pdfs and audio, with procedure rows to tick. */
export function TopicViewer(props: TopicViewerProps) {
  const { organization, topic, preview = false, readOnly = false, showTitle = true, headingLevel = 2 } = props;
  const client = useTesseraClient(props.client);
  const isLoggedIn = useAccessToken(client) !== null;
  const { remote, updateRows, reload } = useTopicContent(client, organization, topic, isLoggedIn, showTitle, props.items);
  const { toggle, failed } = useProcedureToggle(client, organization, topic, updateRows, props.onComplete);
  const rowLevel = Math.min(headingLevel + 1, 5) as 2 | 3 | 4 | 5;

  if (!isLoggedIn) return <Notice state="logged-out" text={text.loggedOut} />;
  if (!organization || !topic) return <Notice state="no-topic" text={text.noTopic} />;
  const canToggle = !preview && !readOnly;
  return (
    <RemoteView
      remote={remote}
      text={{ ...text, failed: (error) => (isNotFound(error) ? text.notFound : text.failed) }}
      onRetry={reload}
      canRetry={(error) => !isNotFound(error)}
      frame={(state, content) => <Root data-state={state}>{content}</Root>}
    >
      {(state) => (
        <>
          {showTitle && state.topic ? (
            <div>
              <Heading level={headingLevel}>{state.topic.name}</Heading>
              <Description>{state.topic.description}</Description>
            </div>
          ) : null}
          {failed ? <Alert tone="error">{text.completionFailed}</Alert> : null}
          {state.rows.length === 0 ? <Status>{text.empty}</Status> : null}
          {state.rows.map((row) => (
            <RowView key={row.id} row={row} headingLevel={rowLevel} onToggle={canToggle ? toggle : undefined} />
          ))}
        </>
      )}
    </RemoteView>
  );
}
