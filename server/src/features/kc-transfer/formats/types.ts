/**
 * What a question-bank file holds, read format-neutrally (GIFT, Aiken, Moodle XML), and what an export writes.
 * The formats' parsers only read and convert; the import service validates each found question with the SDK's
 * question form (the same rules and messages as a question typed in the editor) and writes it.
 */
export type TransferFormat = 'gift' | 'aiken' | 'moodle_xml';

/** The kind of question a file held, whether or not Tessera can take it (the contract's `QuestionImportType`). */
type FoundType = 'single_choice' | 'multiple_choice' | 'true_false' | 'short_answer' | 'numerical' | 'essay' | 'matching' | 'cloze' | 'description' | 'other';

/** An image a Moodle XML question carries (`<file encoding="base64">`), its bytes decoded. */
export interface FoundImage {
  name: string;
  bytes: Buffer;
}

/** A question Tessera can take: Markdown text, `radio` (one answer) or `checkbox`, choices in file order. */
export interface ImportableQuestion {
  text: string;
  type: 'radio' | 'checkbox';
  choices: { label: string; is_answer: boolean }[];
  /** The first image of the question text (Moodle XML); the question's media. */
  image?: FoundImage;
  /** Images the question carried that have no place (a second image, an image in a choice): each skipped with a reason. */
  imagesLeftOut: { name: string; reason: string }[];
}

export interface FoundQuestion {
  /** Its place among the file's questions, from 1 (categories and comments are not questions). */
  index: number;
  /** Its name, or the first words of its text (at most 80 characters). */
  title: string;
  type: FoundType;
  /** What Tessera would store; absent when the question is skipped. */
  question?: ImportableQuestion;
  /** Why it is skipped, in words (unsupported type, unreadable question). */
  reason?: string;
}

/** A question as an export writes it (the bank's current versions, in bank order). */
export interface ExportedQuestion {
  text: string;
  type: 'radio' | 'checkbox';
  choices: { label: string; is_answer: boolean }[];
}

/** The file is not in the format named (or, for `auto`, in none): the import answers 422 with this message. */
export class NotInFormat extends Error {}

/*
 * What the formats share: the words for a question Tessera cannot take, the true/false question as Tessera stores it,
 * and Moodle's weights (GIFT `%w%` and Moodle XML `fraction`).
 */

export type UnsupportedType = Exclude<FoundType, 'single_choice' | 'multiple_choice' | 'true_false'>;

/** Why a question of a type Tessera has no equivalent for is skipped: one sentence per type, the same in every format. */
export const unsupportedReasons: Record<UnsupportedType, string> = {
  short_answer: 'Short answer questions are not supported.',
  numerical: 'Numerical questions are not supported.',
  essay: 'Essay questions are not supported.',
  matching: 'Matching questions are not supported.',
  cloze: 'Cloze (embedded answers) questions are not supported.',
  description: 'Descriptions (text without a question) are not supported.',
  other: 'This type of question is not supported.',
};

/** A true/false question becomes a single choice question with the choices "True" and "False", in that order. */
export function trueFalseQuestion(text: string, isTrue: boolean): ImportableQuestion {
  return {
    text,
    type: 'radio',
    choices: [
      { label: 'True', is_answer: isTrue },
      { label: 'False', is_answer: !isTrue },
    ],
    imagesLeftOut: [],
  };
}

/**
 * The weight of each of `answers` right choices, as Moodle writes it: five decimals (100, 50, 33.33333, 25, 20,
 * 16.66667, 14.28571, 12.5, 11.11111, 10), the grades Moodle's import accepts for up to 10 answers. (Beyond 10,
 * e.g. 9.09091, Moodle's list has no such grade: its import takes the nearest one only when told to.)
 */
export function moodleWeight(answers: number): string {
  return String(Number((100 / answers).toFixed(5)));
}
