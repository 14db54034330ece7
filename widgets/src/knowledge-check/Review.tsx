import { memo } from 'react';
import { Markdown } from '../markdown/Markdown.js';
import { styled } from '../stitches.js';
import { MediaView } from '../topic-viewer/ItemView.js';
import { Heading } from '../ui/index.js';
import { formatDate, formatScore, knowledgeCheckMessages as text } from './messages.js';
import { KcRoot } from './parts.js';
import type { KcAnswer, KcQuestion, KcResponse } from './types.js';

export interface ReviewProps {
  /** A completed response: its draw with the key (`is_answer`, `answer`) and the saved answers. */
  response: KcResponse;
  /** Level of the review's heading; the questions' headings are one level below. Default 2. */
  headingLevel?: 2 | 3 | 4;
  /** The heading's text (default "Review"); the portal and the widget put the check's name there. */
  title?: string;
}

const Facts = /* @__PURE__ */ styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '$3',
  margin: 0,
  '& div': { padding: '$3', border: '1px solid $borderSubtle', borderRadius: '$md' },
  '& dt': { color: '$textMuted', fontSize: '$2' },
  '& dd': { margin: 0, fontWeight: '$bold', fontSize: '$4' },
});

const Questions = /* @__PURE__ */ styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$4' });

const QuestionBox = /* @__PURE__ */ styled('article', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
});

const Verdict = /* @__PURE__ */ styled('p', {
  margin: 0,
  fontWeight: '$bold',
  fontSize: '$2',
  variants: { tone: { correct: { color: '$success' }, incorrect: { color: '$danger' }, unanswered: { color: '$warning' } } },
});

const ChoiceList = /* @__PURE__ */ styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });

const ChoiceItem = /* @__PURE__ */ styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  variants: {
    mark: {
      correct: { borderColor: '$success', backgroundColor: '$successSurface' },
      wrong: { borderColor: '$danger', backgroundColor: '$dangerSurface' },
      none: {},
    },
  },
  '& s': { textDecorationThickness: '2px' },
});

const Tag = /* @__PURE__ */ styled('span', {
  padding: '0 $2',
  borderRadius: '$round',
  fontSize: '$1',
  fontWeight: '$bold',
  variants: {
    tone: {
      correct: { color: '$success', border: '1px solid $success' },
      wrong: { color: '$danger', border: '1px solid $danger' },
    },
  },
});

/** The answer choice ids of a question: `answer` when given, else the choices marked `is_answer`. */
const keyOf = (question: KcQuestion) => new Set(question.answer ?? question.choices.filter((choice) => choice.is_answer).map((choice) => choice.id));

/**
 * The response review screen (spec "Response review screen"): Completed On, Score, Correct Answers, Incorrect
 * Answers, then every drawn question numbered in order with its text, media and choices. The correct choice is
 * marked, a wrongly selected one struck through, an unanswered question says so; each in words as well, never by
 * colour or strike-through alone.
 */
export function Review({ response, headingLevel = 2, title = text.review }: ReviewProps) {
  const answers = new Map(response.answers.map((answer) => [answer.question_id, answer]));
  const questionLevel = Math.min(headingLevel + 1, 5) as 3 | 4 | 5;
  const questions = [...response.questions].sort((a, b) => a.order - b.order);
  return (
    <KcRoot data-review="">
      <Heading level={headingLevel}>{title}</Heading>
      <Facts>
        <div>
          <dt>{text.completedOn}</dt>
          <dd>{formatDate(response.completed_date_time)}</dd>
        </div>
        <div>
          <dt>{text.score}</dt>
          <dd>{formatScore(response.score)}</dd>
        </div>
        <div>
          <dt>{text.correctAnswers}</dt>
          <dd>{response.correct_answers ?? 0}</dd>
        </div>
        <div>
          <dt>{text.incorrectAnswers}</dt>
          <dd>{response.incorrect_answers ?? 0}</dd>
        </div>
      </Facts>
      <Questions>
        {questions.map((question, index) => (
          <li key={question.id}>
            <ReviewQuestion question={question} number={index + 1} answer={answers.get(question.id)} headingLevel={questionLevel} />
          </li>
        ))}
      </Questions>
    </KcRoot>
  );
}

interface ReviewQuestionProps {
  question: KcQuestion;
  number: number;
  answer: KcAnswer | undefined;
  headingLevel: 3 | 4 | 5;
}

const ReviewQuestion = /* @__PURE__ */ memo(function ReviewQuestion({ question, number, answer, headingLevel }: ReviewQuestionProps) {
  const key = keyOf(question);
  const chosen = new Set(answer?.choice_ids ?? []);
  const isAnswered = chosen.size > 0;
  const isCorrect = answer?.is_correct ?? (isAnswered && chosen.size === key.size && [...chosen].every((id) => key.has(id)));
  const headingId = `tessera-kc-review-${question.id}`;
  return (
    <QuestionBox aria-labelledby={headingId} data-result={!isAnswered ? 'unanswered' : isCorrect ? 'correct' : 'incorrect'}>
      <Heading level={headingLevel} id={headingId}>
        {text.questionNumber(number)}
      </Heading>
      {!isAnswered ? (
        <Verdict tone="unanswered">{text.notAnswered}</Verdict>
      ) : (
        <Verdict tone={isCorrect ? 'correct' : 'incorrect'}>{isCorrect ? text.answeredCorrectly : text.answeredIncorrectly}</Verdict>
      )}
      <Markdown text={question.text} />
      {question.media ? <MediaView type={question.media.type} media={question.media} /> : null}
      <ChoiceList>
        {[...question.choices]
          .sort((a, b) => a.order - b.order)
          .map((choice) => {
            const isKey = key.has(choice.id);
            const isChosen = chosen.has(choice.id);
            const mark = isKey ? 'correct' : isChosen ? 'wrong' : 'none';
            return (
              <ChoiceItem key={choice.id} mark={mark} data-choice={mark} data-chosen={isChosen ? '' : undefined}>
                {mark === 'wrong' ? <s>{choice.label}</s> : <span>{choice.label}</span>}
                {isKey ? <Tag tone="correct">{isChosen ? text.yourCorrectChoice : text.correctChoice}</Tag> : null}
                {mark === 'wrong' ? <Tag tone="wrong">{text.yourWrongChoice}</Tag> : null}
                {choice.media ? <MediaView type={choice.media.type} media={choice.media} /> : null}
              </ChoiceItem>
            );
          })}
      </ChoiceList>
    </QuestionBox>
  );
});
