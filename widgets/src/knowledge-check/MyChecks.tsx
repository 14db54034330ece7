import type { MyKnowledgeCheck, TesseraClient } from '@tessera/sdk';
import { RemoteView } from '../data/RemoteView.js';
import { useRemote } from '../data/useRemote.js';
import { styled } from '../stitches.js';
import { Heading } from '../ui/index.js';
import { listMyChecks } from './kcCalls.js';
import { formatDate, formatScore, myCheckPlace, myCheckStatus, knowledgeCheckMessages as text } from './messages.js';
import { KcRoot, Muted } from './parts.js';

const List = /* @__PURE__ */ styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
const Open = /* @__PURE__ */ styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  width: '100%',
  padding: '$3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  cursor: 'pointer',
  '&:hover': { borderColor: '$border' },
  '&:focus-visible': { boxShadow: '$focus' },
  '& strong': { color: '$primary' },
});

/** What a row says of where the learner stands: the status (assigned or not), the due date, the last score. */
function standing(check: MyKnowledgeCheck): string {
  const due = check.due_date_time ? [text.due(formatDate(check.due_date_time))] : [];
  const score = check.last_score !== null ? [text.lastScore(formatScore(check.last_score))] : [];
  return [myCheckStatus(check), ...due, ...score].join(', ');
}

/**
 * `<tessera-knowledge-check>` without a check, topic or component: the member's knowledge checks (the API's My
 * Knowledge Checks, assigned first by due date); choosing one opens it in the element.
 */
export function MyChecks(props: { client: TesseraClient; organization: string; headingLevel: 1 | 2 | 3; onOpen: (check: MyKnowledgeCheck) => void }) {
  const { client, organization, headingLevel, onOpen } = props;
  const { remote, reload } = useRemote([client, organization, 'mine'], () => listMyChecks(client, organization));
  return (
    <RemoteView
      remote={remote}
      text={text}
      onRetry={reload}
      frame={(state, content) => (
        <KcRoot data-state={state} data-my-checks="">
          <Heading level={headingLevel}>{text.myChecks}</Heading>
          {content}
        </KcRoot>
      )}
    >
      {({ data, meta }) =>
        data.length === 0 ? (
          <Muted>{text.noChecks}</Muted>
        ) : (
          <>
            <List aria-label={text.myChecks}>
              {data.map((check) => (
                <li key={check.id}>
                  <Open type="button" aria-label={text.openCheck(check.name)} aria-describedby={`my-check-${check.id}`} onClick={() => onOpen(check)}>
                    <strong>{check.name}</strong>
                    <span id={`my-check-${check.id}`}>{`${myCheckPlace(check)}: ${standing(check)}`}</span>
                  </Open>
                </li>
              ))}
            </List>
            {meta.total > data.length ? <Muted>{text.moreChecks(data.length, meta.total)}</Muted> : null}
          </>
        )
      }
    </RemoteView>
  );
}
