import { useEffect, useId, useRef, useState } from 'react';
import { Markdown } from '../markdown/Markdown.js';
import { styled } from '../stitches.js';
import { MediaView } from '../topic-viewer/ItemView.js';
import { Alert, Button, Heading } from '../ui/index.js';
import { knowledgeCheckMessages as text } from './messages.js';
import { Muted, Row, rootStyle } from './parts.js';
import type { KcQuestion, KcResponse } from './types.js';

export interface PlayerProps {
  /** The response with its draw (the questions in order) and the answers saved so far. */
  response: KcResponse;
  /** An author's preview: nothing is saved and Finish is never available. */
  preview?: boolean;
  /** Level of the step headings (instructions, question, summary). Default 2. */
  headingLevel?: 2 | 3 | 4;
  /** Saves one question's answer; answers whether it was saved. Not called in preview. */
  onSave?: (questionId: string, choiceIds: string[]) => Promise<boolean>;
  /** The check's name, as a heading one level above the steps' (the page's heading while answering). */
  title?: string;
  /** Focus the first step's heading on mount (the player replaced the button that started it). */
  autoFocus?: boolean;
  /** Completes the response; answers whether it was completed. Not called in preview. */
  onFinish?: () => Promise<boolean>;
}

const Root = /* @__PURE__ */ styled('div', rootStyle);

const Fieldset = /* @__PURE__ */ styled('fieldset', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  margin: 0,
  padding: '$4',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
  minWidth: 0,
});

/** The summary's parts one under the other with room between them (the buttons never touch the line above). */
const Summary = /* @__PURE__ */ styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', '& > ul': { margin: 0 } });

const Choices = /* @__PURE__ */ styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });

const ChoiceLabel = /* @__PURE__ */ styled('label', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $3',
  minHeight: '$control',
  boxSizing: 'border-box',
  border: '1px solid $border',
  borderRadius: '$md',
  cursor: 'pointer',
  '& input': { width: '18px', height: '18px', margin: 0, flexShrink: 0, accentColor: '$colors$primary' },
  '& input:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&:has(input:checked)': { borderColor: '$primary', backgroundColor: '$infoSurface' },
});

const Pages = /* @__PURE__ */ styled('ol', {
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$1',
  margin: 0,
  padding: 0,
});

const PageButton = /* @__PURE__ */ styled('button', {
  minWidth: '36px',
  minHeight: '36px',
  padding: '0 $2',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  cursor: 'pointer',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[data-answered]': { backgroundColor: '$surfaceMuted' },
  '&[aria-current]': { backgroundColor: '$primary', borderColor: '$primary', color: '$primaryText', fontWeight: '$bold' },
});

const LinkButton = /* @__PURE__ */ styled('button', {
  padding: 0,
  border: 0,
  background: 'none',
  color: '$link',
  textDecoration: 'underline',
  fontFamily: '$body',
  fontSize: '$3',
  cursor: 'pointer',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus', borderRadius: '$sm' },
});

/** The step shown: the instructions (-1), a question (0 to n - 1) or the summary with Finish (n). */
type Step = number;

const INSTRUCTIONS = -1;

const answeredIds = (response: KcResponse) => new Set(response.answers.filter((answer) => answer.choice_ids.length > 0).map((answer) => answer.question_id));

/**
 * Where a learner comes back in: the instructions when nothing is answered yet, else the first unanswered
 * question (the summary when every question is).
 */
function firstStep(response: KcResponse): Step {
  const answered = answeredIds(response);
  if (answered.size === 0) return INSTRUCTIONS;
  const index = response.questions.findIndex((question) => !answered.has(question.id));
  return index === -1 ? response.questions.length : index;
}

/**
 * The answer-taking view (spec "Answer-taking view", section 4 "Answering"): the instructions first, then one
 * question at a time with Previous and `Save & Next` (enabled only with a choice selected), a pagination that ends
 * in Finish, and the summary listing unanswered questions with the Finish button (only when every question is
 * answered, never in preview).
 */
export function Player({ response, preview = false, headingLevel = 2, title, autoFocus = false, onSave, onFinish }: PlayerProps) {
  const questions = response.questions;
  const [step, setStep] = useState<Step>(() => firstStep(response));
  // What the server holds (saved) and what is ticked on screen (selected); leaving a question without Save & Next
  // puts its ticks back to the saved answer, so the screen never shows an answer the server does not have.
  const [saved, setSaved] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(response.answers.filter((answer) => answer.choice_ids.length > 0).map((answer) => [answer.question_id, answer.choice_ids])),
  );
  const [selected, setSelected] = useState<Record<string, string[]>>(saved);
  const answered = new Set(Object.keys(saved));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const headingId = `${id}-step`;
  const rootRef = useRef<HTMLDivElement>(null);
  const moved = useRef(autoFocus);

  // After a move (and on the first render with autoFocus), focus goes to the new step's heading, so a keyboard or screen-reader
  // user continues from the top of the question instead of a button that disappeared.
  useEffect(() => {
    if (!moved.current) return;
    const root = rootRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.getElementById(headingId)?.focus();
  }, [step, headingId]);

  const go = (next: Step) => {
    moved.current = true;
    setFailure(null);
    const leaving = questions[step] as KcQuestion | undefined;
    if (leaving) setSelected((current) => ({ ...current, [leaving.id]: saved[leaving.id] ?? [] }));
    setStep(Math.max(INSTRUCTIONS, Math.min(next, questions.length)));
  };

  const saveAndNext = async (question: KcQuestion) => {
    const choiceIds = selected[question.id] ?? [];
    if (choiceIds.length === 0) return;
    if (!preview && onSave) {
      setPending(true);
      const saved = await onSave(question.id, choiceIds).catch(() => false);
      setPending(false);
      if (!saved) {
        setFailure(text.saveFailed);
        return;
      }
    }
    setSaved((current) => ({ ...current, [question.id]: choiceIds }));
    moved.current = true;
    setFailure(null);
    setStep(step + 1);
  };

  const finish = async () => {
    if (!onFinish) return;
    setPending(true);
    setFailure(null);
    const done = await onFinish().catch(() => false);
    setPending(false);
    if (!done) setFailure(text.finishFailed);
  };

  const unanswered = questions.map((question, index) => ({ question, index })).filter(({ question }) => !answered.has(question.id));

  return (
    <Root ref={rootRef} data-step={step === INSTRUCTIONS ? 'instructions' : step === questions.length ? 'summary' : `question-${step + 1}`}>
      {title ? <Heading level={(headingLevel - 1) as 1 | 2 | 3}>{title}</Heading> : null}
      {preview ? <Alert tone="info">{text.previewNote}</Alert> : null}
      {questions.length === 0 ? <Muted>{text.noQuestions}</Muted> : null}
      {step === INSTRUCTIONS ? instructions() : step < questions.length ? questionStep(questions[step], step) : summary()}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {step !== INSTRUCTIONS && questions.length > 0 ? pagination() : null}
    </Root>
  );

  function instructions() {
    return (
      <>
        <Heading level={headingLevel} id={headingId} tabIndex={-1}>
          {text.instructions}
        </Heading>
        <Markdown text={response.instructions} />
        {questions.length > 0 ? (
          <Row>
            <Button onPress={() => go(0)}>{text.begin}</Button>
          </Row>
        ) : null}
      </>
    );
  }

  function questionStep(question: KcQuestion, index: number) {
    const choiceIds = selected[question.id] ?? [];
    const isRadio = question.type === 'radio';
    const textId = `${id}-text`;
    const hintId = `${id}-hint`;
    const choose = (choiceId: string, checked: boolean) => {
      setFailure(null);
      setSelected((current) => {
        const before = current[question.id] ?? [];
        const after = isRadio
          ? [choiceId]
          : checked
            ? [...before.filter((other) => other !== choiceId), choiceId]
            : before.filter((other) => other !== choiceId);
        return { ...current, [question.id]: after };
      });
    };
    return (
      <Fieldset key={question.id} aria-labelledby={`${headingId} ${textId}`} aria-describedby={hintId} data-question-type={question.type}>
        <Heading level={headingLevel} id={headingId} tabIndex={-1}>
          {text.questionOf(index + 1, questions.length)}
        </Heading>
        <div id={textId}>
          <Markdown text={question.text} />
        </div>
        {question.media ? <MediaView type={question.media.type} media={question.media} /> : null}
        <Muted id={hintId}>{isRadio ? text.chooseOne : text.chooseAny}</Muted>
        <Choices>
          {question.choices.map((choice) => (
            <li key={choice.id}>
              <ChoiceLabel>
                <input
                  type={isRadio ? 'radio' : 'checkbox'}
                  name={`${id}-${question.id}`}
                  value={choice.id}
                  checked={choiceIds.includes(choice.id)}
                  onChange={(event) => choose(choice.id, event.currentTarget.checked)}
                />
                <span>{choice.label}</span>
              </ChoiceLabel>
              {choice.media ? <MediaView type={choice.media.type} media={choice.media} /> : null}
            </li>
          ))}
        </Choices>
        <Row>
          <Button variant="secondary" onPress={() => go(index - 1)} isDisabled={pending}>
            {text.previous}
          </Button>
          <Button onPress={() => void saveAndNext(question)} isDisabled={choiceIds.length === 0} isPending={pending}>
            {text.saveAndNext}
          </Button>
        </Row>
      </Fieldset>
    );
  }

  function summary() {
    const canFinish = !preview && unanswered.length === 0 && questions.length > 0;
    return (
      <Summary aria-labelledby={headingId}>
        <Heading level={headingLevel} id={headingId} tabIndex={-1}>
          {preview ? text.previewSummary : text.finish}
        </Heading>
        {unanswered.length > 0 ? (
          <>
            <Heading level={Math.min(headingLevel + 1, 5) as 3 | 4 | 5}>{text.unanswered}</Heading>
            <ul data-unanswered="">
              {unanswered.map(({ question, index }) => (
                <li key={question.id}>
                  <LinkButton type="button" onClick={() => go(index)}>
                    {text.unansweredLink(index + 1)}
                  </LinkButton>
                </li>
              ))}
            </ul>
            {preview ? null : <Muted>{text.answerTheRest}</Muted>}
          </>
        ) : questions.length > 0 && !preview ? (
          <p>{text.allAnswered}</p>
        ) : null}
        <Row>
          <Button variant="secondary" onPress={() => go(questions.length - 1)} isDisabled={pending || questions.length === 0}>
            {text.previous}
          </Button>
          {canFinish ? (
            <Button onPress={() => void finish()} isPending={pending}>
              {text.finish}
            </Button>
          ) : null}
        </Row>
      </Summary>
    );
  }

  function pagination() {
    return (
      <nav aria-label={text.pages}>
        <Pages>
          {questions.map((question, index) => (
            <li key={question.id}>
              <PageButton
                type="button"
                aria-label={text.pageLabel(index + 1, answered.has(question.id))}
                aria-current={index === step ? 'step' : undefined}
                data-answered={answered.has(question.id) ? '' : undefined}
                onClick={() => go(index)}
              >
                {index + 1}
              </PageButton>
            </li>
          ))}
          <li>
            <PageButton
              type="button"
              aria-label={preview ? undefined : text.finishPage}
              aria-current={step === questions.length ? 'step' : undefined}
              onClick={() => go(questions.length)}
            >
              {preview ? text.previewSummary : text.finish}
            </PageButton>
          </li>
        </Pages>
      </nav>
    );
  }
}
