import { useRef } from 'react';
import type { TesseraClient, Topic } from '@tessera/sdk';
import { useAccessToken } from '../login/useSession.js';
import { useTesseraClient } from '../provider/TesseraProvider.js';
import { styled } from '../stitches.js';
import { Table } from '../ui/Table.js';
import { Alert, Button, Heading } from '../ui/index.js';
import { RemoteView } from '../data/RemoteView.js';
import { Status } from '../ui/LoadStatus.js';
import { starredTopicsMessages as text } from './messages.js';
import { useStarredTopics } from './useStarredTopics.js';

/** The topic a learner chose in the list, with what a host needs to route to it. */
export interface OpenTopic {
  organization: string;
  topicId: string;
  componentId: string;
  moduleId: string;
}

export interface StarredTopicsProps {
  /** The organization's id or slug. */
  organization: string;
  client?: TesseraClient;
  /** A topic's name was chosen. */
  onOpenTopic?: (topic: OpenTopic) => void;
  /** Show the "Your Starred Topics" heading (default true); the portal page has its own. */
  showHeading?: boolean;
  headingLevel?: 1 | 2 | 3;
}

const Root = /* @__PURE__ */ styled('section', {
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
  outline: 'none',
  // Its own surface: the host page's background (dark, hot pink, anything) must not sit behind our text.
  padding: '$4',
  backgroundColor: '$background',
  borderRadius: '$lg',
});

const Description = /* @__PURE__ */ styled('div', { color: '$textMuted' });

/** The learner's starred topics with their module and component; a name opens the topic, Unstar removes it. */
export function StarredTopics(props: StarredTopicsProps) {
  const { organization, onOpenTopic, showHeading = true, headingLevel = 2 } = props;
  const client = useTesseraClient(props.client);
  const isLoggedIn = useAccessToken(client) !== null;
  const { remote, reload, unstar, unstarFailed } = useStarredTopics(client, organization, isLoggedIn);
  const rootRef = useRef<HTMLElement>(null);
  // The pressed button leaves with its row: focus goes to the list, not to the start of the page.
  const unstarAndRefocus = (topic: Topic) => {
    rootRef.current?.focus();
    void unstar(topic);
  };
  const open = (topic: Topic) => onOpenTopic?.({ organization, topicId: topic.id, componentId: topic.component_id, moduleId: topic.component.module.id });

  return (
    <Root aria-label={text.heading} ref={rootRef} tabIndex={-1}>
      {showHeading ? <Heading level={headingLevel}>{text.heading}</Heading> : null}
      {!isLoggedIn ? <Status>{text.loggedOut}</Status> : body()}
    </Root>
  );

  // A plain function, not a component: a component declared here would be a new type on every render,
  // and React would remount the table (losing the focus of the button just pressed).
  function body() {
    return (
      <RemoteView remote={remote} text={text} onRetry={reload}>
        {(topics) => (
          <>
            {unstarFailed ? <Alert tone="error">{text.unstarFailed}</Alert> : null}
            {topics.length === 0 ? (
              <Status>{text.empty}</Status>
            ) : (
              <Table actionsLast>
                <thead>
                  <tr>
                    <th scope="col">{text.columns.name}</th>
                    <th scope="col">{text.columns.module}</th>
                    <th scope="col">{text.columns.component}</th>
                    <th scope="col">{text.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {topics.map((topic) => (
                    <tr key={topic.id}>
                      <td>
                        <Button variant="link" onPress={() => open(topic)}>
                          {topic.name}
                        </Button>
                        <Description>{topic.description}</Description>
                      </td>
                      <td>{topic.component.module.name}</td>
                      <td>{topic.component.name}</td>
                      <td>
                        <Button variant="secondary" aria-label={text.unstarLabel(topic.name)} onPress={() => unstarAndRefocus(topic)}>
                          {text.unstar}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </RemoteView>
    );
  }
}
