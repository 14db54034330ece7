import { useState, type ReactNode } from 'react';
import type { TesseraClient } from '@tessera/sdk';
import { RemoteView } from '../data/RemoteView.js';
import { useRemote, type Remote } from '../data/useRemote.js';
import { useAccessToken } from '../login/useSession.js';
import { useTesseraClient } from '../provider/TesseraProvider.js';
import { Alert, Button } from '../ui/index.js';
import { CheckPage } from './CheckPage.js';
import { completeResponse, listResponses, loadCheck, loadPreview, loadResponse, saveAnswer, startResponse, type KcTarget } from './kcCalls.js';
import { knowledgeCheckMessages as text } from './messages.js';
import { MyChecks } from './MyChecks.js';
import { KcRoot, Muted, Row } from './parts.js';
import { Player } from './Player.js';
import { Review } from './Review.js';
import type { KcCheck, KcResponse, KcResponseSummary } from './types.js';

/** What the host hears: a response was started, a question answered, the check finished. */
export interface KcStarted {
  knowledgeCheckId: string;
  responseId: string;
  attempt: number;
  /** true when the learner continued the attempt in progress, false when a new one (or an assigned one) began. */
  resumed: boolean;
}
export interface KcAnswered {
  knowledgeCheckId: string;
  responseId: string;
  questionId: string;
  choiceIds: string[];
}
export interface KcCompleted {
  knowledgeCheckId: string;
  responseId: string;
  score: number;
  correctAnswers: number;
  incorrectAnswers: number;
}

export interface KnowledgeCheckProps {
  /** The organization's id or slug. */
  organization: string;
  /** Which check: its id, or a topic's or a component's (ids). */
  knowledgeCheckId?: string;
  topic?: string;
  component?: string;
  /** The check itself when the host has it already (the portal's route loader): it is not fetched again. */
  check?: KcCheck;
  /** Show this completed response's review instead of the check page. */
  responseId?: string;
  client?: TesseraClient;
  headingLevel?: 1 | 2 | 3;
  onStart?: (started: KcStarted) => void;
  onAnswer?: (answered: KcAnswered) => void;
  onComplete?: (completed: KcCompleted) => void;
  /**
   * A host with its own routes (the portal) opens a review there; without it the widget shows the review itself.
   * Called after a completion too (spec: completion "goes to the response view").
   */
  onOpenReview?: (responseId: string, knowledgeCheckId: string) => void;
  /** From a review shown through `responseId`: back to the check page (the host's route); default the widget's own. */
  onBack?: () => void;
}

type View = { kind: 'page' } | { kind: 'player'; response: KcResponse } | { kind: 'review'; responseId: string };

function targetOf(props: KnowledgeCheckProps): KcTarget | null {
  if (props.knowledgeCheckId) return { knowledgeCheckId: props.knowledgeCheckId };
  if (props.topic) return { topic: props.topic };
  if (props.component) return { component: props.component };
  return null;
}

function Status({ children }: { children: string }) {
  return (
    <KcRoot data-state="status">
      <Muted role="status">{children}</Muted>
    </KcRoot>
  );
}

/** Loading and failure for a `Remote` (the widgets' one RemoteView) in the check's frame; `render` once it is there. */
function CheckRemote<T>({ remote, retry, render }: { remote: Remote<T>; retry: () => void; render: (value: T) => ReactNode }) {
  return (
    <RemoteView
      remote={remote}
      text={text}
      onRetry={retry}
      frame={(state, content) => (state === 'loaded' ? content : <KcRoot data-state={state}>{content}</KcRoot>)}
    >
      {render}
    </RemoteView>
  );
}

/**
 * `<tessera-knowledge-check>` and the portal's learner screens: the check page, answering (the player) and the
 * review, for one check. Reloading continues where the learner was: the server keeps the draw and the answers.
 */
export function KnowledgeCheck(props: KnowledgeCheckProps) {
  const { organization, headingLevel = 2 } = props;
  const client = useTesseraClient(props.client);
  const isLoggedIn = useAccessToken(client) !== null;
  const target = targetOf(props);
  const targetKey = target ? Object.values(target)[0] : null;
  const given = props.check ?? null;
  const { remote: checkRemote, reload } = useRemote(isLoggedIn && organization && target && !given ? [client, organization, targetKey] : null, () =>
    loadCheck(client, organization, target as KcTarget),
  );
  if (given && isLoggedIn && organization) return <CheckFlow {...props} client={client} check={given} headingLevel={headingLevel} />;
  if (!isLoggedIn) return <Status>{text.loggedOut}</Status>;
  if (!organization) return <Status>{text.noOrganization}</Status>;
  if (!target) return <ChosenFromMine {...props} client={client} headingLevel={headingLevel} />;
  return (
    <CheckRemote
      remote={checkRemote}
      retry={reload}
      render={(check) => (check ? <CheckFlow {...props} client={client} check={check} headingLevel={headingLevel} /> : <Status>{text.noCheck}</Status>)}
    />
  );
}

/** No check named: the member's own (My Knowledge Checks); the one chosen opens here, with a way back to the list. */
function ChosenFromMine(props: KnowledgeCheckProps & { client: TesseraClient; headingLevel: 1 | 2 | 3 }) {
  const [chosen, setChosen] = useState<string | null>(null);
  if (!chosen)
    return <MyChecks client={props.client} organization={props.organization} headingLevel={props.headingLevel} onOpen={(check) => setChosen(check.id)} />;
  return (
    <>
      <Button variant="secondary" onPress={() => setChosen(null)}>
        {text.backToMyChecks}
      </Button>
      <KnowledgeCheck {...props} knowledgeCheckId={chosen} />
    </>
  );
}

function CheckFlow(props: KnowledgeCheckProps & { client: TesseraClient; check: KcCheck; headingLevel: 1 | 2 | 3 }) {
  const { client, organization, check, headingLevel, onStart, onAnswer, onComplete, onOpenReview } = props;
  const [view, setView] = useState<View>(props.responseId ? { kind: 'review', responseId: props.responseId } : { kind: 'page' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState(false);
  const { remote: responses, reload } = useRemote(view.kind === 'page' ? [client, organization, check.id, view] : null, () =>
    listResponses(client, organization, check.id),
  );
  // A review through `responseId` follows the prop (the host's route) when it changes.
  const [shownResponseId, setShownResponseId] = useState(props.responseId);
  if (props.responseId !== shownResponseId) {
    setShownResponseId(props.responseId);
    setView(props.responseId ? { kind: 'review', responseId: props.responseId } : { kind: 'page' });
  }

  const open = async (load: () => Promise<KcResponse>, resumed: boolean) => {
    setPending(true);
    setFailure(false);
    try {
      const response = await load();
      if (response.id) onStart?.({ knowledgeCheckId: check.id, responseId: response.id, attempt: response.attempt, resumed });
      setView({ kind: 'player', response });
    } catch {
      setFailure(true);
    } finally {
      setPending(false);
    }
  };

  const openReview = (responseId: string) => {
    if (onOpenReview) onOpenReview(responseId, check.id);
    else setView({ kind: 'review', responseId });
  };

  if (view.kind === 'player') {
    const response = view.response;
    const responseId = response.id as string;
    return (
      <Player
        key={responseId}
        response={response}
        title={check.name}
        autoFocus
        headingLevel={Math.min(headingLevel + 1, 4) as 2 | 3 | 4}
        onSave={async (questionId, choiceIds) => {
          await saveAnswer(client, organization, check.id, responseId, questionId, choiceIds);
          onAnswer?.({ knowledgeCheckId: check.id, responseId, questionId, choiceIds });
          return true;
        }}
        onFinish={async () => {
          const done = await completeResponse(client, organization, check.id, responseId);
          onComplete?.({
            knowledgeCheckId: check.id,
            responseId,
            score: done.score ?? 0,
            correctAnswers: done.correct_answers ?? 0,
            incorrectAnswers: done.incorrect_answers ?? 0,
          });
          openReview(responseId);
          return true;
        }}
      />
    );
  }

  if (view.kind === 'review') {
    return (
      <ReviewView
        client={client}
        organization={organization}
        check={check}
        responseId={view.responseId}
        headingLevel={headingLevel}
        onBack={props.onBack && props.responseId ? props.onBack : () => setView({ kind: 'page' })}
      />
    );
  }

  return (
    <CheckRemote
      remote={responses}
      retry={reload}
      render={(list: KcResponseSummary[]) => (
        <>
          <CheckPage
            name={check.name}
            responses={list}
            headingLevel={headingLevel}
            isPending={pending}
            onStart={(assigned) => void open(() => startResponse(client, organization, check.id, assigned?.id ?? undefined), false)}
            onContinue={(response) => void open(() => loadResponse(client, organization, check.id, response.id as string), true)}
            onOpenReview={openReview}
          />
          {failure ? <Alert tone="error">{text.failed}</Alert> : null}
        </>
      )}
    />
  );
}

function ReviewView(props: { client: TesseraClient; organization: string; check: KcCheck; responseId: string; headingLevel: 1 | 2 | 3; onBack: () => void }) {
  const { client, organization, check, responseId, headingLevel, onBack } = props;
  const { remote, reload } = useRemote([client, organization, check.id, responseId], () => loadResponse(client, organization, check.id, responseId));
  return (
    <CheckRemote
      remote={remote}
      retry={reload}
      render={(response) => (
        <>
          <Review response={response} title={check.name} headingLevel={Math.min(headingLevel, 4) as 2 | 3 | 4} />
          <Row>
            <Button variant="secondary" onPress={onBack}>
              {text.backToCheck}
            </Button>
          </Row>
        </>
      )}
    />
  );
}

export interface KnowledgeCheckPreviewProps {
  organization: string;
  knowledgeCheckId: string;
  client?: TesseraClient;
  headingLevel?: 2 | 3 | 4;
}

/** An author's preview (spec "Preview page"): a fresh draw in the player, nothing saved, Finish never offered. */
export function KnowledgeCheckPreview({ organization, knowledgeCheckId, headingLevel = 2, ...props }: KnowledgeCheckPreviewProps) {
  const client = useTesseraClient(props.client);
  const isLoggedIn = useAccessToken(client) !== null;
  const { remote, reload } = useRemote(isLoggedIn ? [client, organization, knowledgeCheckId] : null, () => loadPreview(client, organization, knowledgeCheckId));
  if (!isLoggedIn) return <Status>{text.loggedOut}</Status>;
  return <CheckRemote remote={remote} retry={reload} render={(response) => <Player response={response} preview headingLevel={headingLevel} />} />;
}
