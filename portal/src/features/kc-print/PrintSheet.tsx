import { Markdown } from '@tessera/widgets';
import { styled } from '@tessera/widgets/stitches';
import type { KnowledgeCheckQuestion } from './kcPrintCalls';

/** Class names the print style sheet (printStyles) addresses; the rest of the page is left out of print. */
export const PRINT_CLASSES = { sheet: 'kc-print-sheet', question: 'kc-print-question', noPrint: 'kc-no-print', key: 'kc-print-key' } as const;

const Sheet = styled('article', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  maxWidth: '800px',
  color: '$text',
  fontFamily: '$body',
  '@media print': { maxWidth: 'none', color: '#000', fontSize: '11pt' },
});

const Title = styled('h1', { margin: 0, fontSize: '$6', lineHeight: '$tight', '@media print': { fontSize: '16pt' } });
const FormCode = styled('p', { margin: 0, fontFamily: '$mono', fontSize: '$2' });
const Blanks = styled('p', { margin: 0, display: 'flex', gap: '$6', '& span': { flex: 1, borderBottom: '1px solid currentColor', paddingBottom: '$1' } });

const Questions = styled('ol', { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '$4' });
const Question = styled('li', { display: 'grid', gridTemplateColumns: '2.5em 1fr', gap: '$2' });
const Number = styled('span', { fontWeight: '$bold' });
const Kind = styled('p', { margin: '$1 0', fontSize: '$2', fontStyle: 'italic' });
const Choices = styled('ol', { margin: '$2 0 0', padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '$1' });
const Choice = styled('li', { display: 'flex', gap: '$2', alignItems: 'baseline', variants: { answer: { true: { fontWeight: '$bold' } } } });
const Box = styled('span', { fontFamily: '$mono', minWidth: '1.5em' });
const Picture = styled('img', { maxWidth: '60%', maxHeight: '6cm', display: 'block', margin: '$2 0' });
const Key = styled('section', { display: 'flex', flexDirection: 'column', gap: '$2' });
const KeyList = styled('ol', { margin: 0, paddingLeft: '$5', columns: 3 });

/** A, B, C... (AA after Z; no question has that many choices). */
const letter = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : `${letter(Math.floor(index / 26) - 1)}${letter(index % 26)}`);

const sortedChoices = (question: KnowledgeCheckQuestion) => [...question.choices].sort((a, b) => a.order - b.order);

/** The letters of a question's answer on this sheet ("B", "A, C"). */
function answerLetters(question: KnowledgeCheckQuestion): string {
  const key = new Set(question.answer ?? question.choices.filter((choice) => choice.is_answer).map((choice) => choice.id));
  return sortedChoices(question)
    .map((choice, index) => (key.has(choice.id) ? letter(index) : null))
    .filter(Boolean)
    .join(', ');
}

export interface PrintSheetProps {
  title: string;
  instructions: string;
  form: string;
  questions: KnowledgeCheckQuestion[];
  showAnswers: boolean;
}

/** The printable sheet of one form: its questions in the drawn order and, with answers shown, the key of the same form. */
export function PrintSheet({ title, instructions, form, questions, showAnswers }: PrintSheetProps) {
  return (
    <Sheet className={PRINT_CLASSES.sheet} aria-label={`${title}, form ${form}`}>
      <header>
        <Title>{title}</Title>
        <FormCode>
          Form <strong>{form}</strong>
          {showAnswers ? ' (answer key)' : ''}
        </FormCode>
      </header>
      <Blanks aria-hidden="true">
        <span>Name:</span>
        <span>Date:</span>
      </Blanks>
      {instructions ? <Markdown text={instructions} /> : null}
      <Questions aria-label="Questions">
        {questions.map((question, index) => {
          const key = new Set(question.answer ?? question.choices.filter((choice) => choice.is_answer).map((choice) => choice.id));
          return (
            <Question key={question.id} className={PRINT_CLASSES.question}>
              <Number>{index + 1}.</Number>
              <div>
                <Markdown text={question.text} />
                {question.media?.type === 'image' ? <Picture src={question.media.url} alt={question.media.name} /> : null}
                {question.media && question.media.type !== 'image' ? <Kind>{`(${question.media.type}: ${question.media.name})`}</Kind> : null}
                <Kind>{question.type === 'checkbox' ? 'Choose all that apply.' : 'Choose one.'}</Kind>
                <Choices aria-label={`Choices of question ${index + 1}`}>
                  {sortedChoices(question).map((choice, choiceIndex) => {
                    const isAnswer = showAnswers && key.has(choice.id);
                    return (
                      <Choice key={choice.id} answer={isAnswer}>
                        <Box aria-hidden="true">{isAnswer ? '☒' : question.type === 'checkbox' ? '☐' : '○'}</Box>
                        <span>
                          {letter(choiceIndex)}. {choice.label}
                          {isAnswer ? ' ✓ (answer)' : ''}
                        </span>
                      </Choice>
                    );
                  })}
                </Choices>
              </div>
            </Question>
          );
        })}
      </Questions>
      {showAnswers ? (
        <Key className={PRINT_CLASSES.key} aria-label={`Answer key of form ${form}`}>
          <h2>Answer key, form {form}</h2>
          <KeyList>
            {questions.map((question) => (
              <li key={question.id}>{answerLetters(question)}</li>
            ))}
          </KeyList>
        </Key>
      ) : null}
    </Sheet>
  );
}

/** A form code as it may appear in CSS text (the footer): letters, digits and dashes only. */
export const cssSafeForm = (form: string) => form.replace(/[^A-Za-z0-9-]/g, '');

/**
 * The print style sheet of a sheet: page size and margins, a running footer with the form code and "page X of Y"
 * (margin boxes), nothing but the sheet printed (the portal's chrome and controls are left out) and no question split
 * across two pages. It lives while the print page is shown.
 */
export function printStyles(form: string): string {
  const sheet = `.${PRINT_CLASSES.sheet}`;
  return `
@page {
  size: A4;
  margin: 18mm 16mm 20mm 16mm;
  @bottom-left { content: "Form ${cssSafeForm(form)}"; font: 9pt sans-serif; color: #333; }
  @bottom-right { content: "page " counter(page) " of " counter(pages); font: 9pt sans-serif; color: #333; }
}
@media print {
  html:has(${sheet}), body:has(${sheet}) { background: #fff !important; }
  body:has(${sheet}) *:not(:has(${sheet})):not(${sheet}):not(${sheet} *) { display: none !important; }
  body:has(${sheet}) *:has(${sheet}) {
    display: block !important; margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important;
    min-height: 0 !important; max-width: none !important; overflow: visible !important; background: none !important;
  }
  ${sheet} .${PRINT_CLASSES.noPrint} { display: none !important; }
  ${sheet} .${PRINT_CLASSES.question} { break-inside: avoid; page-break-inside: avoid; }
  ${sheet} .${PRINT_CLASSES.key} { break-before: page; }
}`;
}
