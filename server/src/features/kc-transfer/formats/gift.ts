/**
 * GIFT as Moodle documents it (https://docs.moodle.org/en/GIFT_format). The file is split into blocks on blank lines
 * as Moodle splits it, and gift-pegjs reads one block at a time, so one unreadable question is reported with its line
 * instead of failing the file.
 */
import { parse, type GIFTQuestion, type MultipleChoice, type TextFormat as GiftText } from 'gift-pegjs';
import { toLabel, toMarkdown, titleOf } from './text.js';
import { moodleWeight, NotInFormat, trueFalseQuestion, unsupportedReasons, type ExportedQuestion, type FoundQuestion, type UnsupportedType } from './types.js';

type Found = Omit<FoundQuestion, 'index'>;
type GiftQuestion = Exclude<GIFTQuestion, { type: 'Category' }>;

/** The lines of one block without its comment lines, and the file's line number of each. */
interface Block {
  lines: string[];
  lineNumbers: number[];
}

/** A block gift-pegjs could not read: its title as far as it shows, and what the parser expected on which line. */
interface Unreadable {
  title: string;
  problem: string;
}

const SKIPPED_TYPES: Record<Exclude<GiftQuestion['type'], 'MC' | 'TF'>, UnsupportedType> = {
  Short: 'short_answer',
  Numerical: 'numerical',
  Essay: 'essay',
  Matching: 'matching',
  Description: 'description',
};

/** What GIFT reads as markup in a question text that Moodle reads as text there. */
const TEXT_SPECIALS = /[:=~#]/;

const IMAGE_NOT_IN_FILE = 'A GIFT file does not carry images.';

export function parseGift(text: string): FoundQuestion[] {
  const read = blocksOf(text)
    .filter((block) => !block.lines[0].trimStart().startsWith('$CATEGORY:'))
    .flatMap(readBlock);
  // A file of another format reads as unreadable blocks and, where a block has no ":" or "=", descriptions.
  const unreadable = read.filter(isUnreadable);
  if (unreadable.length > 0 && read.every((entry) => isUnreadable(entry) || entry.type === 'description')) {
    throw new NotInFormat(`The file is not in GIFT format: none of its questions could be read (the first: ${unreadable[0].problem}).`);
  }
  return read.map((entry, position) => ({ index: position + 1, ...(isUnreadable(entry) ? unreadableQuestion(entry) : entry) }));
}

export function serializeGift(questions: ExportedQuestion[]): string {
  return questions.map(giftQuestion).join('\n\n') + (questions.length > 0 ? '\n' : '');
}

/** Moodle ends a question at every blank line (even inside `{...}`) and drops the lines starting with `//`. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block = { lines: [], lineNumbers: [] };
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') {
      if (current.lines.length > 0) blocks.push(current);
      current = { lines: [], lineNumbers: [] };
    } else if (!line.trimStart().startsWith('//')) {
      current.lines.push(line);
      current.lineNumbers.push(index + 1);
    }
  });
  if (current.lines.length > 0) blocks.push(current);
  return blocks;
}

function readBlock(block: Block): (Found | Unreadable)[] {
  const source = block.lines.join('\n');
  try {
    return parseAsMoodleReads(source)
      .filter((question): question is GiftQuestion => question.type !== 'Category')
      .map(foundOf);
  } catch (error) {
    return [{ title: titleOf(/^\s*::(.*?)::/.exec(source)?.[1], source), problem: problemOf(error, block) }];
  }
}

/**
 * gift-pegjs reads more strictly than Moodle, and misreads some text: the block is escaped where Moodle needs no
 * escape, what it would misread is put aside, and taken back in what it returns.
 */
function parseAsMoodleReads(source: string): GIFTQuestion[] {
  const standIns = new StandIns(source);
  // gift-pegjs marks escapes as "&&058;" and the like, decoded after parsing: a literal "&&058;" would come back ":".
  return standIns.takeBack(parse(standIns.putAside(escapeAsMoodleReads(source, standIns), '&')));
}

/**
 * Moodle reads `: = ~ #` as text where GIFT gives them no meaning: in the title and the question text, and `:` in
 * the choices (not in a numerical answer, where it means a tolerance) of a question with answers. gift-pegjs reads
 * them only escaped, so they are escaped as Moodle's own export writes them ("::Q1:: 1+1=2 {T}" reads as in Moodle).
 */
function escapeAsMoodleReads(source: string, standIns: StandIns): string {
  const title = /^\s*::(?:\\[\s\S]|:(?!:)|[^\\:])*::/.exec(source)?.[0] ?? '';
  const rest = source.slice(title.length);
  const open = unescapedIndex(rest, '{', 0);
  // Without answers it is a description, skipped anyway: left to the parser, a text such as an Aiken question's
  // "ANSWER: A" stays unreadable, so that a file of another format is refused instead of read as descriptions.
  if (open === -1) return source;
  const close = unescapedIndex(rest, '}', open);
  const answersEnd = close === -1 ? rest.length : close + 1;
  return (
    escapeTitle(title) +
    escapeChars(rest.slice(0, open), TEXT_SPECIALS) +
    escapeChoices(rest.slice(open, answersEnd), close !== -1, standIns) +
    escapeChars(rest.slice(answersEnd), TEXT_SPECIALS)
  );
}

function escapeTitle(title: string): string {
  if (title === '') return '';
  const start = title.indexOf('::') + 2;
  return title.slice(0, start) + escapeChars(title.slice(start, -2), /[:=~#{}]/) + '::';
}

/**
 * An unclosed answer part is left for the parser to report, a numerical one as written (`:` is its tolerance). In
 * choices with a `~` (no matching question, which has `=` pairs only) "->" is text: gift-pegjs would read a first
 * choice "=a->b" as a match and fail, so "->" is put aside.
 */
function escapeChoices(answers: string, closed: boolean, standIns: StandIns): string {
  if (!closed || /^\{\s*#(?!###)/.test(answers)) return answers;
  const escaped = escapeChars(answers, /:/);
  return unescapedIndex(escaped, '~', 0) === -1 ? escaped : standIns.putAside(escaped, '->');
}

/** Puts a backslash before each character `special` matches that is not escaped already. */
function escapeChars(text: string, special: RegExp): string {
  return text.replace(/\\[\s\S]|[\s\S]/g, (character) => (character.length === 1 && special.test(character) ? `\\${character}` : character));
}

function unescapedIndex(text: string, character: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === character) return index;
  }
  return -1;
}

/** Text put aside as private-use characters the block does not hold, and taken back in every string of a result. */
class StandIns {
  private readonly asides: { standIn: string; text: string }[] = [];

  constructor(private readonly source: string) {}

  putAside(text: string, aside: string): string {
    const standIn = this.unused();
    this.asides.push({ standIn, text: aside });
    return text.replaceAll(aside, standIn);
  }

  takeBack<T>(value: T): T {
    return mapStrings(value, (text) => this.asides.reduceRight((restored, { standIn, text: aside }) => restored.replaceAll(standIn, aside), text));
  }

  private unused(): string {
    for (let code = 0xe000; code <= 0xf8ff; code += 1) {
      const candidate = String.fromCharCode(code);
      if (!this.source.includes(candidate) && !this.asides.some(({ standIn }) => standIn === candidate)) return candidate;
    }
    throw new Error('The question uses every private-use character.');
  }
}

function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)])) as T;
  }
  return value;
}

function isUnreadable(entry: Found | Unreadable): entry is Unreadable {
  return 'problem' in entry;
}

function unreadableQuestion({ title, problem }: Unreadable): Found {
  return { title, type: 'other', reason: `This question could not be read: ${problem}.` };
}

function problemOf(error: unknown, block: Block): string {
  const location = (error as { location?: { start?: { line?: number } } }).location;
  const blockLine = location?.start?.line ?? 1;
  const line = block.lineNumbers[Math.min(blockLine, block.lineNumbers.length) - 1];
  const message = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  return `${message.charAt(0).toLowerCase()}${message.slice(1)} (line ${line})`;
}

function foundOf(question: GiftQuestion): Found {
  const text = markdownOf(question.stem);
  const title = titleOf(question.title, text.markdown);
  switch (question.type) {
    case 'MC':
      return choiceQuestion(question, title);
    case 'TF':
      return { title, type: 'true_false', question: { ...trueFalseQuestion(text.markdown, question.isTrue), imagesLeftOut: imagesLeftOut(text.images) } };
    default: {
      const type = SKIPPED_TYPES[question.type];
      return { title, type, reason: unsupportedReasons[type] };
    }
  }
}

/**
 * A question with a `=` choice is single choice (its answers: the `=` choices); without one it is multiple choice,
 * its answers the choices of positive weight, as Moodle reads "multiple answers when no single answer is 100% correct".
 * A missing-word question reads the same, its blank shown as "_____" in the text.
 */
function choiceQuestion(question: MultipleChoice, title: string): Found {
  const text = markdownOf(question.stem);
  const single = question.choices.some((choice) => choice.isCorrect);
  const labels = question.choices.map((choice) => toLabel(choice.text.text, choice.text.format));
  return {
    title,
    type: single ? 'single_choice' : 'multiple_choice',
    question: {
      text: text.markdown,
      type: single ? 'radio' : 'checkbox',
      choices: question.choices.map((choice, position) => ({
        label: labels[position].markdown,
        is_answer: single ? choice.isCorrect : (choice.weight ?? 0) > 0,
      })),
      imagesLeftOut: imagesLeftOut([...text.images, ...labels.flatMap((label) => label.images)]),
    },
  };
}

function markdownOf(text: GiftText) {
  return toMarkdown(text.text, text.format);
}

/** An `@@PLUGINFILE@@` image of a GIFT text names a file the GIFT file does not hold: it is reported, not kept. */
function imagesLeftOut(names: string[]) {
  return names.map((name) => ({ name, reason: IMAGE_NOT_IN_FILE }));
}

function giftQuestion(question: ExportedQuestion): string {
  const title = escapeGift(titleOf(null, question.text));
  const weight = moodleWeight(question.choices.filter((choice) => choice.is_answer).length);
  const choices = question.choices.map((choice) => `\t${choiceMark(question.type, choice.is_answer, weight)}${choiceText(choice.label)}`);
  return `${title ? `::${title}::` : ''}[markdown]${escapeGift(question.text)} {\n${choices.join('\n')}\n}`;
}

/** Single choice: `=` right, `~` wrong. Multiple choice: each answer an equal part of 100%, a wrong choice -100%. */
function choiceMark(type: ExportedQuestion['type'], isAnswer: boolean, weight: string): string {
  if (type === 'radio') return isAnswer ? '=' : '~';
  return `~%${isAnswer ? weight : '-100'}%`;
}

/**
 * A choice starting with "%" would be read as a weight, one starting with "[" perhaps as a format: GIFT has no escape
 * for either, so such a choice states its format first (Moodle and gift-pegjs both read a format there).
 */
function choiceText(label: string): string {
  const escaped = escapeGift(label);
  return /^[%[]/.test(escaped) ? `[markdown]${escaped}` : escaped;
}

/** GIFT's escapes: `\` before `~ = # { } :` and the backslash itself, `\n` for a newline (a question is one block). */
function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, '\\$&').replace(/\n/g, '\\n');
}
