/**
 * Aiken as Moodle documents it (https://docs.moodle.org/en/Aiken_format): a question line, its choices `A.` or `A)`
 * then a space, then `ANSWER: X`. Single choice only, plain text.
 */
import { plainToMarkdown, titleOf } from './text.js';
import { NotInFormat, type ExportedQuestion, type FoundQuestion } from './types.js';

/** Moodle's choice line: a capital letter, "." or ")", then a space or a tab. */
const CHOICE_LINE = /^([A-Z])[.)][ \t]+(.*)$/;
const ANSWER_LINE = /^ANSWER:(.*)$/;
const MAX_CHOICES = 26;

/** A question being read: its text lines, then its choices by letter. */
interface Draft {
  text: string[];
  choices: { letter: string; label: string }[];
}

export function parseAiken(text: string): FoundQuestion[] {
  const reader = new AikenReader();
  let previousBlank = false;
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    reader.read(line, previousBlank);
    previousBlank = line === '';
  }
  return reader.end();
}

export function serializeAiken(questions: ExportedQuestion[]): { text: string; leftOut: number } {
  const written = questions.map(aikenQuestion).filter((question): question is string => question !== null);
  return { text: written.join('\n\n') + (written.length > 0 ? '\n' : ''), leftOut: questions.length - written.length };
}

class AikenReader {
  private found: FoundQuestion[] = [];
  private draft: Draft | null = null;
  /** Whether any line reads as Aiken (a choice or an ANSWER line): a file without one is not Aiken. */
  private sawAiken = false;
  private sawText = false;

  read(line: string, previousBlank: boolean): void {
    if (line === '') return;
    this.sawText = true;
    const choice = CHOICE_LINE.exec(line);
    const answer = ANSWER_LINE.exec(line);
    if (choice) this.choice(choice[1], choice[2]);
    else if (answer) this.answer(answer[1]);
    else this.textLine(line, previousBlank);
  }

  end(): FoundQuestion[] {
    this.close('The ANSWER line is missing.');
    if (this.sawText && !this.sawAiken) {
      throw new NotInFormat('The file is not in Aiken format: no line gives a choice ("A. …") or the answer ("ANSWER: A").');
    }
    return this.found;
  }

  /** Moodle takes the first character after "ANSWER:" as the letter. An ANSWER line with no question before is ignored. */
  private answer(rest: string): void {
    this.sawAiken = true;
    if (!this.draft) return;
    const letter = rest.trim().charAt(0).toUpperCase();
    const answer = this.draft.choices.findIndex((choice) => choice.letter === letter);
    if (answer === -1) this.close('The ANSWER names no choice.');
    else this.close(null, answer);
  }

  private choice(letter: string, label: string): void {
    this.sawAiken = true;
    this.draft ??= { text: [], choices: [] };
    this.draft.choices.push({ letter, label });
  }

  /** A text line goes on with the question's text until its choices start or a blank line; after them it starts a new question. */
  private textLine(line: string, previousBlank: boolean): void {
    if (!this.draft || this.draft.choices.length > 0 || previousBlank) {
      this.close('The ANSWER line is missing.');
      this.draft = { text: [], choices: [] };
    }
    this.draft.text.push(line);
  }

  /** Ends the question being read: skipped with `reason`, or importable with the choice at `answer` as its answer. */
  private close(reason: string | null, answer = -1): void {
    if (!this.draft) return;
    const text = plainToMarkdown(this.draft.text.join('\n'));
    const entry = { index: this.found.length + 1, title: titleOf(null, text), type: 'single_choice' as const };
    this.found.push(
      reason
        ? { ...entry, reason }
        : {
            ...entry,
            question: {
              text,
              type: 'radio',
              choices: this.draft.choices.map((choice, position) => ({ label: choice.label, is_answer: position === answer })),
              imagesLeftOut: [],
            },
          },
    );
    this.draft = null;
  }
}

/**
 * One question on one line (its text's newlines become spaces), its Markdown written as is. Left out (null): a
 * multiple choice question, one with more choices than letters, without exactly one answer, or whose text would
 * read as a choice or an ANSWER line.
 */
function aikenQuestion(question: ExportedQuestion): string | null {
  const answers = question.choices.filter((choice) => choice.is_answer);
  if (question.type !== 'radio' || answers.length !== 1 || question.choices.length > MAX_CHOICES) return null;
  const text = flatten(question.text);
  const choices = question.choices.map((choice, position) => `${letterOf(position)}. ${flatten(choice.label)}`);
  if (text === '' || CHOICE_LINE.test(text) || ANSWER_LINE.test(text)) return null;
  return [text, ...choices, `ANSWER: ${letterOf(question.choices.indexOf(answers[0]))}`].join('\n');
}

function letterOf(position: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + position);
}

function flatten(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
