/**
 * The question-bank formats without HTTP (issue 36): GIFT, Aiken and Moodle XML read from the formats' published
 * descriptions (fixtures in fixtures/question-banks/), each question found with its type, title and answers or the
 * reason it is skipped; texts converted to Markdown that shows what the file showed; every format written and read
 * back to the same bank. The import through HTTP is in kc-transfer.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from '@tessera/sdk/markdown';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAiken, serializeAiken } from '../src/features/kc-transfer/formats/aiken.js';
import { parseGift, serializeGift } from '../src/features/kc-transfer/formats/gift.js';
import { detectFormat, parseBank, serializeBank } from '../src/features/kc-transfer/formats/index.js';
import { parseMoodleXml, serializeMoodleXml } from '../src/features/kc-transfer/formats/moodle-xml.js';
import { htmlToMarkdown, plainToMarkdown, titleOf, toMarkdown } from '../src/features/kc-transfer/formats/text.js';
import { NotInFormat, type ExportedQuestion, type FoundQuestion } from '../src/features/kc-transfer/formats/types.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'question-banks');
/** The 1x1 PNG of moodle.xml's `<file>` elements. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** What the import report shows of each question. */
function summary(found: FoundQuestion[]) {
  return found.map(({ index, title, type, reason }) => [index, title, type, reason ?? null]);
}

function choicesOf(found: FoundQuestion) {
  return found.question?.choices.map(({ label, is_answer }) => [label, is_answer]);
}

/** What a round trip must give back: the texts, types, choice labels, answers and order. */
function bankOf(found: FoundQuestion[]): ExportedQuestion[] {
  return found.map(({ question }) => ({ text: question?.text ?? '', type: question?.type ?? 'radio', choices: question?.choices ?? [] }));
}

function htmlEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

/** Printable characters with every one GIFT, Markdown or XML gives a meaning to, what gift-pegjs misreads, and some beyond ASCII. */
const SPECIALS = [
  '~',
  '=',
  '#',
  '{',
  '}',
  ':',
  '\\',
  '\n',
  '\t',
  '%',
  '[',
  ']',
  '-',
  '>',
  '<',
  '&',
  ';',
  '*',
  '_',
  '`',
  '|',
  '!',
  '/',
  '"',
  "'",
  '$',
  '+',
  '(',
  ')',
];
const SEQUENCES = ['->', '&&', '::', '[html]', '//', '####', ']]>', '\uE000'];
const CHARACTERS = [...'abcXYZ 0158.,?TFn', ...SPECIALS, ...SEQUENCES, 'é', '中', '😀'];
const printable = fc
  .string({ unit: fc.constantFrom(...CHARACTERS), minLength: 1, maxLength: 30 })
  .map((text) => text.trim())
  .filter((text) => text !== '');
const label = printable.map((text) => text.replace(/\s*\n\s*/g, ' '));

const radioQuestion: fc.Arbitrary<ExportedQuestion> = fc
  .tuple(printable, fc.array(label, { minLength: 2, maxLength: 6 }), fc.nat())
  .map(([text, labels, pick]) => ({
    text,
    type: 'radio',
    choices: labels.map((choice, position) => ({ label: choice, is_answer: position === pick % labels.length })),
  }));
const checkboxQuestion: fc.Arbitrary<ExportedQuestion> = fc
  .tuple(printable, fc.array(fc.tuple(label, fc.boolean()), { minLength: 1, maxLength: 12 }))
  .map(([text, choices]) => ({ text, type: 'checkbox', choices: choices.map(([choice, isAnswer]) => ({ label: choice, is_answer: isAnswer })) }));
const bank = fc.array(fc.oneof(radioQuestion, checkboxQuestion), { maxLength: 5 });

describe('text conversion to Markdown', () => {
  it('converts HTML: bold, italics, lists, links, paragraphs and line breaks kept, script, style, iframe and object content dropped', () => {
    const { markdown, images } = htmlToMarkdown(
      '<p>A <b>bold</b> and <i>italic</i> <a href="https://example.org/a">link</a><br>next line</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
        '<script>alert("stolen")</script><style>p { color: red }</style><iframe src="https://evil.example"><p>framed</p></iframe>' +
        '<object data="x.swf">fallback</object><p><s>old</s> price</p>',
    );
    expect(markdown).toBe('A **bold** and *italic* [link](https://example.org/a)  \nnext line\n\n-   one\n-   two\n\n1.  first\n\n~~old~~ price');
    expect(markdown).not.toMatch(/alert|color|framed|fallback|</);
    expect(images).toEqual([]);
  });

  it('removes the images of the media library (@@PLUGINFILE@@) and names them in order, keeps other images as Markdown', () => {
    const { markdown, images } = htmlToMarkdown(
      '<p>Look <img src="@@PLUGINFILE@@/first%20one.png" alt="first"> then <img src="@@PLUGINFILE@@/sub/second.jpg?time=1"></p><p><img src="https://example.org/x.png" alt="web"></p>',
    );
    expect(images).toEqual(['first one.png', 'second.jpg']);
    expect(markdown).toBe('Look  then \n\n![web](https://example.org/x.png)');
  });

  it('converts HTML without tags or entities as it converts the same text inside an element', () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab *_#-=+>1.[]`\\~|\t\n\r\f\u00a0\u2003é'), maxLength: 20 });
    fc.assert(
      fc.property(text, (html) => {
        expect(htmlToMarkdown(html).markdown).toBe(htmlToMarkdown(`<span>${html}</span>`).markdown);
      }),
      { numRuns: 500 },
    );
  });

  it('writes HTML tables as GFM tables', () => {
    const { markdown } = htmlToMarkdown('<table><tr><th>Tool</th><th>Use</th></tr><tr><td>Wrench</td><td>bolts | nuts</td></tr></table>');
    expect(markdown).toBe('| Tool | Use |\n| --- | --- |\n| Wrench | bolts \\| nuts |');
    expect(renderMarkdown(markdown)).toContain('<td>bolts | nuts</td>');
  });

  it('keeps text that only looks like markup as the HTML showed it', () => {
    const html = '<p>&lt;b&gt;not bold&lt;/b&gt; &amp;copy; 2 * 3 _x_ ~~y~~ [z](w) # h</p>';
    const { markdown } = htmlToMarkdown(html);
    expect(renderMarkdown(markdown)).toBe('<p>&lt;b&gt;not bold&lt;/b&gt; &amp;copy; 2 * 3 _x_ ~~y~~ [z](w) # h</p>');
  });

  it('writes plain text so that it shows as typed, each newline a line break and a blank line a new paragraph', () => {
    expect(plainToMarkdown('# Not a heading\n1. not a list\n    not code\n\n\n- nor *this*')).toBe(
      '\\# Not a heading\\\n1\\. not a list\\\nnot code\n\n\\- nor \\*this\\*',
    );
    expect(renderMarkdown(plainToMarkdown('one\ntwo\n\nthree'))).toBe('<p>one<br />\ntwo</p>\n<p>three</p>');
    fc.assert(
      fc.property(label, (line) => {
        expect(renderMarkdown(plainToMarkdown(line))).toBe(`<p>${htmlEscaped(line)}</p>`);
      }),
      { numRuns: 300 },
    );
  });

  it("reads Moodle's auto-format as HTML when it has tags, else as plain text with its line breaks; Markdown as it is", () => {
    expect(toMarkdown('Line <b>one</b>', 'moodle')).toEqual({ markdown: 'Line **one**', images: [] });
    expect(toMarkdown('a * b\nc', 'moodle')).toEqual({ markdown: 'a \\* b\\\nc', images: [] });
    expect(toMarkdown('a **b**\n\nc', 'markdown')).toEqual({ markdown: 'a **b**\n\nc', images: [] });
    expect(toMarkdown('<b>x</b>', 'plain').markdown).toBe('\\<b>x\\</b>');
  });

  it('titles a question by its name, else by the first words of its text: plain, at most 80 characters, cut at a word', () => {
    expect(titleOf('  My  name ', 'text')).toBe('My name');
    expect(titleOf(null, '## Which **tool** sets [torque](https://x.org)? \\*really\\*')).toBe('Which tool sets torque? *really*');
    const long = titleOf(undefined, `${'word '.repeat(15)}abcdefghijklmnop end`);
    expect(long).toBe(`${'word '.repeat(15).trimEnd()}…`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(titleOf(null, 'x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
    expect(titleOf(null, `${'a'.repeat(79)} b`)).toBe(`${'a'.repeat(79)}…`);
  });
});

describe('GIFT', () => {
  it("reads the examples of Moodle's GIFT page: every question type, comments, categories, escapes, formats, weights, feedback", () => {
    const found = parseGift(fixture('gift-moodle-docs.gift'));
    expect(summary(found)).toEqual([
      [1, 'Grants tomb', 'single_choice', null],
      [2, 'Q1', 'true_false', null],
      [3, "Grant is buried in Grant's tomb.", 'true_false', null],
      [4, 'Q2', 'single_choice', null],
      [5, 'Moodle costs _____ to download from moodle.org.', 'single_choice', null],
      [6, "What two people are entombed in Grant's tomb?", 'multiple_choice', null],
      [7, "Jesus' hometown", 'single_choice', null],
      [8, "Who's buried in Grant's tomb?", 'short_answer', 'Short answer questions are not supported.'],
      [9, 'Q4', 'matching', 'Matching questions are not supported.'],
      [10, 'Q5', 'numerical', 'Numerical questions are not supported.'],
      [11, 'Q8', 'essay', 'Essay questions are not supported.'],
      [12, 'Q9 - description', 'description', 'Descriptions (text without a question) are not supported.'],
      [13, 'Which answer equals 5?', 'single_choice', null],
      [14, 'GIFT Control Characters', 'single_choice', null],
      [15, 'Formats', 'single_choice', null],
      [16, 'Markdown', 'single_choice', null],
      [17, 'Plain', 'single_choice', null],
    ]);
    const [tomb, sum, grant, spectrum, missingWord, entombed, hometown] = found;
    expect(tomb.question?.text).toBe("Who is buried in Grant's tomb in New York City?");
    // Feedback has no place in Tessera: it is dropped, never part of a choice.
    expect(choicesOf(tomb)).toEqual([
      ['Grant', true],
      ['No one', false],
      ['Napoleon', false],
      ['Churchill', false],
      ['Mother Teresa', false],
    ]);
    // Moodle reads "=" in a question text as text ("::Q1:: 1+1=2 {T}"); a true/false question is single choice.
    expect(sum.question).toEqual({
      text: '1+1=2',
      type: 'radio',
      choices: [
        { label: 'True', is_answer: true },
        { label: 'False', is_answer: false },
      ],
      imagesLeftOut: [],
    });
    expect(choicesOf(grant)).toEqual([
      ['True', false],
      ['False', true],
    ]);
    expect(choicesOf(spectrum)).toEqual([
      ['yellow', true],
      ['red', false],
      ['blue', false],
    ]);
    // The missing word shows as a blank line in the text.
    expect(missingWord.question?.text).toBe('Moodle costs \\_\\_\\_\\_\\_ to download from moodle.org.');
    expect(renderMarkdown(missingWord.question?.text ?? '')).toBe('<p>Moodle costs _____ to download from moodle.org.</p>');
    // No answer at 100%: multiple choice, its answers the choices of positive weight.
    expect(entombed.question?.type).toBe('checkbox');
    expect(choicesOf(entombed)).toEqual([
      ['No one', false],
      ['Grant', true],
      ["Grant's wife", true],
      ["Grant's father", false],
    ]);
    // An "=" answer makes it single choice: partial weights on wrong choices do not make answers.
    expect(choicesOf(hometown)).toEqual([
      ['Jerusalem', false],
      ['Bethlehem', false],
      ['Galilee', false],
      ['Nazareth', true],
    ]);
  });

  it('reads escapes, the formats and general feedback of the examples', () => {
    const found = parseGift(fixture('gift-moodle-docs.gift'));
    const byTitle = (title: string) => found.find((question) => question.title === title);
    // Choice labels are plain text: an escaped "=" is the character itself, not Markdown.
    expect(choicesOf(byTitle('Which answer equals 5?')!)).toEqual([
      ['= 2 + 2', false],
      ['= 2 + 3', true],
      ['= 2 + 4', false],
    ]);
    // Labels are shown as plain text: each escape gives its character.
    expect(byTitle('GIFT Control Characters')!.question?.choices.map((choice) => choice.label)).toEqual(['~', '=', '#', '{', '}', '\\']);
    expect(byTitle('Formats')!.question).toMatchObject({
      text: 'What is **bold** in *HTML*?',
      choices: [
        // HTML labels become the words they show (labels are plain text).
        { label: 'strong', is_answer: true },
        { label: 'emphasis', is_answer: false },
      ],
    });
    expect(JSON.stringify(byTitle('Formats'))).not.toMatch(/alert|strong element/);
    expect(byTitle('Markdown')!.question?.text).toBe('A **Markdown** question\non two lines');
    expect(byTitle('Plain')!.question?.text).toBe('Plain \\*stars\\* stay stars');
  });

  it('skips one unreadable question with what the parser expected and its line, and reads the others', () => {
    expect(summary(parseGift(fixture('gift-malformed.gift')))).toEqual([
      [1, 'Good one', 'single_choice', null],
      [2, 'Broken', 'other', 'This question could not be read: expected a value between -100 and 100 but "150" found (line 6).'],
      [3, 'Good two', 'true_false', null],
    ]);
  });

  it('splits on every blank line as Moodle does, even inside {…}: both halves are reported with their lines', () => {
    const found = parseGift('::Fine::Fine? {T}\n\n::Split::Which? {\n=one\n\n~two\n}\n');
    expect(summary(found)).toEqual([
      [1, 'Fine', 'true_false', null],
      [2, 'Split', 'other', 'This question could not be read: expected "}" but end of input found (line 4).'],
      [3, '~two }', 'other', expect.stringMatching(/^This question could not be read: expected .* but "~" found \(line 6\)\.$/)],
    ]);
  });

  it('reads what Moodle reads as text without escapes: ":", "=", "~", "#" in a text, ":" in a choice', () => {
    const [found] = parseGift('::Ch. 1: tools = fun::Note: C# ~ 10:30 {=a: b ~http://x.org}');
    expect(found.title).toBe('Ch. 1: tools = fun');
    expect(found.question?.text).toBe('Note: C# ~ 10:30');
    expect(choicesOf(found)).toEqual([
      ['a: b', true],
      ['http://x.org', false],
    ]);
  });

  it('reads "->" in the choices of a question with a "~" choice as text, and as a match in a matching question', () => {
    const [choice, matching] = parseGift('Which? {\n=a -> b\n~c\n}\n\nMatch {=x -> y =z -> w}');
    expect(choicesOf(choice)).toEqual([
      ['a -> b', true],
      ['c', false],
    ]);
    expect(matching.type).toBe('matching');
  });

  it('keeps "&&" text, which gift-pegjs uses internally for its escapes', () => {
    const [found] = parseGift('[markdown]A &&058; and &&010 \\: {=x &&126; ~y}');
    expect(found.question?.text).toBe('A &&058; and &&010 :');
    expect(choicesOf(found)).toEqual([
      ['x &&126;', true],
      ['y', false],
    ]);
  });

  it('reads an empty file and a file of comments and categories as no questions, and refuses a file of another format', () => {
    expect(parseGift('')).toEqual([]);
    expect(parseGift('// only a comment\n\n$CATEGORY: a/b\n\n   \n')).toEqual([]);
    const error = thrown(() => parseGift(fixture('aiken.txt')));
    expect(error).toBeInstanceOf(NotInFormat);
    expect(error.message).toBe('The file is not in GIFT format: none of its questions could be read (the first: expected "{" but ":" found (line 5)).');
  });

  it('reports an image of a GIFT text as left out: the file does not carry it', () => {
    const [found] = parseGift('[html]Which? <img src\\="@@PLUGINFILE@@/a.png"> {=<img src\\="@@PLUGINFILE@@/b.png">yes ~no}');
    expect(found.question?.text).toBe('Which?');
    expect(found.question?.imagesLeftOut).toEqual([
      { name: 'a.png', reason: 'A GIFT file does not carry images.' },
      { name: 'b.png', reason: 'A GIFT file does not carry images.' },
    ]);
  });

  it("writes one block per question: title, Markdown text and choices escaped, Moodle's weights for multiple choice", () => {
    const questions: ExportedQuestion[] = [
      {
        text: 'Pick {one}: a = b?\nSecond line',
        type: 'radio',
        choices: [
          { label: '%50% sure', is_answer: true },
          { label: 'a # b ~ c', is_answer: false },
        ],
      },
      {
        text: 'Which **two**?',
        type: 'checkbox',
        choices: [
          { label: 'A', is_answer: true },
          { label: 'B', is_answer: true },
          { label: 'C', is_answer: true },
          { label: '[x]', is_answer: false },
        ],
      },
    ];
    expect(serializeGift(questions)).toBe(
      '::Pick \\{one\\}\\: a \\= b? Second line::[markdown]Pick \\{one\\}\\: a \\= b?\\nSecond line {\n\t=[markdown]%50% sure\n\t~a \\# b \\~ c\n}\n\n' +
        '::Which two?::[markdown]Which **two**? {\n\t~%33.33333%A\n\t~%33.33333%B\n\t~%33.33333%C\n\t~%-100%[markdown][x]\n}\n',
    );
    expect(bankOf(parseGift(serializeGift(questions)))).toEqual(questions);
    expect(serializeGift([])).toBe('');
  });

  it('gives back every bank it writes: texts, types, labels, answers and order, with all of GIFT’s special characters', () => {
    fc.assert(
      fc.property(bank, (questions) => {
        expect(bankOf(parseGift(serializeGift(questions)))).toEqual(questions);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Aiken', () => {
  it('reads questions with "A." and "A)" choices, with or without blank lines, and skips those it cannot take', () => {
    const found = parseAiken(fixture('aiken.txt'));
    expect(summary(found)).toEqual([
      [1, 'Is this an easy question?', 'single_choice', null],
      [2, 'Which brackets does this question use for its choices?', 'single_choice', null],
      [3, 'What is the capital of France?', 'single_choice', null],
      [4, 'This question has no ANSWER line.', 'single_choice', 'The ANSWER line is missing.'],
      [5, 'Which letter names no choice?', 'single_choice', 'The ANSWER names no choice.'],
      [6, 'Are *stars* and <b>tags</b> plain text in Aiken?', 'single_choice', null],
    ]);
    expect(found[0].question).toEqual({
      text: 'Is this an easy question?',
      type: 'radio',
      choices: [
        { label: 'Yes', is_answer: true },
        { label: 'No', is_answer: false },
        { label: 'Maybe', is_answer: false },
      ],
      imagesLeftOut: [],
    });
    expect(choicesOf(found[1])).toEqual([
      ['Round ones', true],
      ['Square ones', false],
    ]);
    expect(choicesOf(found[2])).toEqual([
      ['Berlin', false],
      ['Paris', true],
      ['Rome', false],
    ]);
    // Plain text: what looks like Markdown or HTML shows as typed.
    expect(renderMarkdown(found[5].question?.text ?? '')).toBe('<p>Are *stars* and &lt;b&gt;tags&lt;/b&gt; plain text in Aiken?</p>');
  });

  it('refuses a file where nothing is Aiken, and reads an empty one as no questions', () => {
    const error = thrown(() => parseAiken(fixture('gift-moodle-docs.gift')));
    expect(error).toBeInstanceOf(NotInFormat);
    expect(error.message).toBe('The file is not in Aiken format: no line gives a choice ("A. …") or the answer ("ANSWER: A").');
    expect(parseAiken('\n\n')).toEqual([]);
  });

  it('writes single choice questions on one line each, and leaves out and counts the others', () => {
    const manyChoices = Array.from({ length: 27 }, (_unused, position) => ({ label: `c${position}`, is_answer: position === 0 }));
    const written = serializeAiken([
      {
        text: 'Which **one**?\nReally?',
        type: 'radio',
        choices: [
          { label: 'This', is_answer: false },
          { label: 'That', is_answer: true },
        ],
      },
      { text: 'Which two?', type: 'checkbox', choices: [{ label: 'A', is_answer: true }] },
      { text: 'So many', type: 'radio', choices: manyChoices },
      { text: 'A. reads as a choice', type: 'radio', choices: manyChoices.slice(0, 2) },
    ]);
    expect(written).toEqual({ text: 'Which **one**? Really?\nA. This\nB. That\nANSWER: B\n', leftOut: 3 });
  });

  it('gives back the single choice questions it writes, for single-line texts', () => {
    // Characters plain text keeps as they are inside a line ("~~" would be escaped, as it reads as strikethrough).
    const word = fc.string({ unit: fc.constantFrom(...'abcxyz0158 ?,.\'":;{}=#%/()é中'), maxLength: 20 });
    const plainLine = fc.tuple(fc.constantFrom(...'abcxyzé'), word).map(([first, rest]) => `${first}${rest}`.trim());
    const question = fc.tuple(plainLine, fc.array(plainLine, { minLength: 2, maxLength: 26 }), fc.nat()).map(([text, labels, pick]): ExportedQuestion => ({
      text,
      type: 'radio',
      choices: labels.map((choice, position) => ({ label: choice, is_answer: position === pick % labels.length })),
    }));
    fc.assert(
      fc.property(fc.array(question, { maxLength: 5 }), (questions) => {
        const { text, leftOut } = serializeAiken(questions);
        expect(leftOut).toBe(0);
        expect(bankOf(parseAiken(text))).toEqual(questions);
      }),
      { numRuns: 200 },
    );
  });
});

describe('Moodle XML', () => {
  it('reads multichoice single and multiple, truefalse, and skips every other type with its reason; categories are not questions', () => {
    const found = parseMoodleXml(fixture('moodle.xml'));
    expect(summary(found)).toEqual([
      [1, 'Warning sign', 'single_choice', null],
      [2, 'Ear protection', 'multiple_choice', null],
      [3, 'Helmets', 'true_false', null],
      [4, 'Last shift', 'essay', 'Essay questions are not supported.'],
      [5, 'Tool name', 'short_answer', 'Short answer questions are not supported.'],
      [6, 'Signs and colours', 'matching', 'Matching questions are not supported.'],
      [7, 'Decibels', 'numerical', 'Numerical questions are not supported.'],
      [
        8,
        'The next questions are about noise on site, and what a person should wear to…',
        'description',
        'Descriptions (text without a question) are not supported.',
      ],
      [9, 'Cloze', 'cloze', 'Cloze (embedded answers) questions are not supported.'],
      [10, 'Area', 'other', 'This type of question is not supported.'],
    ]);
    const [sign, ears, helmets] = found;
    expect(sign.question).toMatchObject({
      text: 'What does this **sign** mean?',
      type: 'radio',
      choices: [
        { label: 'Danger ahead', is_answer: true },
        { label: 'Free parking', is_answer: false },
      ],
    });
    expect(ears.question).toMatchObject({
      // moodle_auto_format without tags: plain text, its newline a line break, "&amp;" the character "&".
      text: 'Which protect your ears?\\\nPick all that apply & nothing else.',
      type: 'checkbox',
      choices: [
        { label: 'Ear plugs', is_answer: true },
        { label: 'Ear muffs', is_answer: true },
        { label: 'Safety *glasses*', is_answer: false },
      ],
    });
    expect(helmets.question).toEqual({
      text: 'A helmet is **always** required on site.',
      type: 'radio',
      choices: [
        { label: 'True', is_answer: false },
        { label: 'False', is_answer: true },
      ],
      imagesLeftOut: [],
    });
  });

  it('takes the image the question text shows, decoded, and leaves out a second image and the images of choices', () => {
    const [sign] = parseMoodleXml(fixture('moodle.xml'));
    expect(sign.question?.image?.name).toBe('warning sign.png');
    expect(sign.question?.image?.bytes.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect(sign.question?.image?.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(sign.question?.imagesLeftOut).toEqual([
      { name: 'spare.png', reason: 'Only one image per question is kept.' },
      { name: 'parking.png', reason: 'Images in choices are not imported.' },
    ]);
    expect(JSON.stringify(sign)).not.toMatch(/alert|stolen|PLUGINFILE/);
  });

  it('takes the first file when the text shows none of them', () => {
    const xml = `<quiz><question type="truefalse"><name><text>N</text></name><questiontext format="html"><text>Yes?</text><file name="only.png" encoding="base64">${PNG_BASE64}</file></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    const [found] = parseMoodleXml(xml);
    expect(found.question?.image?.name).toBe('only.png');
    expect(choicesOf(found)).toEqual([
      ['True', true],
      ['False', false],
    ]);
  });

  it('refuses XML that is not well-formed with the line, and XML without a <quiz>', () => {
    const malformed = thrown(() => parseMoodleXml(fixture('moodle-malformed.xml')));
    expect(malformed).toBeInstanceOf(NotInFormat);
    expect(malformed.message).toBe(
      "The file is not Moodle XML: Expected closing tag 'answer' (opened in line 10, col 5) instead of closing tag 'question' (line 12).",
    );
    const noQuiz = thrown(() => parseMoodleXml('<?xml version="1.0"?><questions><question type="truefalse"/></questions>'));
    expect(noQuiz).toBeInstanceOf(NotInFormat);
    expect(noQuiz.message).toBe('The file is not Moodle XML: it has no <quiz> root element.');
    expect(thrown(() => parseMoodleXml(fixture('aiken.txt')))).toBeInstanceOf(NotInFormat);
    expect(parseMoodleXml('<quiz></quiz>')).toEqual([]);
  });

  it('decodes only XML’s own entities: entities a DOCTYPE declares are not expanded (billion laughs)', () => {
    const levels = Array.from({ length: 9 }, (_unused, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY lol0 "lol">${levels}]><quiz><question type="multichoice"><name><text>&lol9;</text></name><questiontext format="plain_text"><text>&lol0;&lol9; &lt;&#233;&#x41;&amp;lt;</text></questiontext><answer fraction="100"><text>a</text></answer></question></quiz>`;
    const started = performance.now();
    const [found] = parseMoodleXml(xml);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found.title).toBe('&lol9;');
    expect(found.question?.text).toBe('\\&lol0;\\&lol9; <éA\\&lt;');
    expect(renderMarkdown(found.question?.text ?? '')).toBe('<p>&amp;lol0;&amp;lol9; &lt;éA&amp;lt;</p>');
  });

  it('never lets a name from the file reach an object prototype (type, format, entity)', () => {
    const xml =
      '<quiz><question type="constructor"><name><text>A</text></name></question>' +
      '<question type="multichoice"><name><text>B</text></name><questiontext format="constructor"><text>&constructor; &toString;</text></questiontext>' +
      '<answer fraction="100" format="__proto__"><text>yes</text></answer></question></quiz>';
    const [unknown, choice] = parseMoodleXml(xml);
    expect(summary([unknown])).toEqual([[1, 'A', 'other', 'This type of question is not supported.']]);
    expect(choice.question?.text).toBe('\\&constructor; \\&toString;');
    expect(choicesOf(choice)).toEqual([['yes', true]]);
  });

  it('writes a multichoice question per question, its texts in CDATA (a "]]>" split across sections), Moodle’s fractions', () => {
    const questions: ExportedQuestion[] = [
      {
        text: 'Is a[b]]>c <tag> & ok?',
        type: 'radio',
        choices: [
          { label: 'yes', is_answer: true },
          { label: 'no', is_answer: false },
        ],
      },
      {
        text: 'Which?',
        type: 'checkbox',
        choices: [
          { label: 'x', is_answer: true },
          { label: 'y', is_answer: true },
          { label: 'z', is_answer: true },
          { label: 'w', is_answer: false },
        ],
      },
    ];
    const xml = serializeMoodleXml(questions);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<quiz>',
        '  <question type="multichoice">',
        '    <name><text>Is a[b]]&gt;c &lt;tag&gt; &amp; ok?</text></name>',
        '    <questiontext format="markdown"><text><![CDATA[Is a[b]]]]><![CDATA[>c <tag> & ok?]]></text></questiontext>',
        '    <single>true</single>',
        '    <shuffleanswers>0</shuffleanswers>',
        '    <answer fraction="100" format="markdown"><text><![CDATA[yes]]></text></answer>',
        '    <answer fraction="0" format="markdown"><text><![CDATA[no]]></text></answer>',
        '  </question>',
        '  <question type="multichoice">',
        '    <name><text>Which?</text></name>',
        '    <questiontext format="markdown"><text><![CDATA[Which?]]></text></questiontext>',
        '    <single>false</single>',
        '    <shuffleanswers>0</shuffleanswers>',
        '    <answer fraction="33.33333" format="markdown"><text><![CDATA[x]]></text></answer>',
        '    <answer fraction="33.33333" format="markdown"><text><![CDATA[y]]></text></answer>',
        '    <answer fraction="33.33333" format="markdown"><text><![CDATA[z]]></text></answer>',
        '    <answer fraction="-100" format="markdown"><text><![CDATA[w]]></text></answer>',
        '  </question>',
        '</quiz>',
        '',
      ].join('\n'),
    );
    expect(bankOf(parseMoodleXml(xml))).toEqual(questions);
  });

  it('gives back every bank it writes exactly', () => {
    fc.assert(
      fc.property(bank, (questions) => {
        expect(bankOf(parseMoodleXml(serializeMoodleXml(questions)))).toEqual(questions);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the formats behind one door', () => {
  it('detects Moodle XML by its start, Aiken by its choice and ANSWER lines without "{", else GIFT', () => {
    expect(detectFormat(fixture('moodle.xml'))).toBe('moodle_xml');
    expect(detectFormat('  \n<quiz></quiz>')).toBe('moodle_xml');
    expect(detectFormat(fixture('aiken.txt'))).toBe('aiken');
    expect(detectFormat(fixture('gift-moodle-docs.gift'))).toBe('gift');
    expect(detectFormat('Which {x}?\nA. one\nANSWER: A')).toBe('gift');
    expect(detectFormat('')).toBe('gift');
  });

  it('reads Windows and old Mac line ends as newlines, in every format', () => {
    const aiken = 'Which?\r\nA. One\r\nB. Two\r\nANSWER: B\r\n';
    expect(choicesOf(parseBank(aiken, 'auto')[0])).toEqual([
      ['One', false],
      ['Two', true],
    ]);
    const gift = parseBank('::A::[markdown]First\r\nsecond {=a ~b}\r\n\r\n::B::Old Mac {T}\r', 'gift');
    expect(summary(gift)).toEqual([
      [1, 'A', 'single_choice', null],
      [2, 'B', 'true_false', null],
    ]);
    expect(gift[0].question?.text).toBe('First\nsecond');
    expect(parseBank(fixture('moodle.xml').replace(/\n/g, '\r\n'), 'auto')[1].question?.text).toBe(
      'Which protect your ears?\\\nPick all that apply & nothing else.',
    );
  });

  it('refuses a file that is not in the format named', () => {
    expect(() => parseBank(fixture('aiken.txt'), 'moodle_xml')).toThrow(/^The file is not Moodle XML: /);
    expect(() => parseBank(fixture('moodle.xml'), 'aiken')).toThrow(NotInFormat);
    expect(() => parseBank(fixture('aiken.txt'), 'gift')).toThrow(/^The file is not in GIFT format: /);
  });

  it('writes a bank with its content type, file extension and the questions the format left out', () => {
    const questions: ExportedQuestion[] = [
      {
        text: 'One?',
        type: 'radio',
        choices: [
          { label: 'a', is_answer: true },
          { label: 'b', is_answer: false },
        ],
      },
      {
        text: 'Two?',
        type: 'checkbox',
        choices: [
          { label: 'a', is_answer: true },
          { label: 'b', is_answer: true },
        ],
      },
    ];
    const gift = serializeBank(questions, 'gift');
    expect(gift).toMatchObject({ leftOut: 0, contentType: 'text/plain; charset=utf-8', extension: 'gift' });
    expect(serializeBank(questions, 'aiken')).toEqual({
      body: 'One?\nA. a\nB. b\nANSWER: A\n',
      leftOut: 1,
      contentType: 'text/plain; charset=utf-8',
      extension: 'txt',
    });
    const xml = serializeBank(questions, 'moodle_xml');
    expect(xml).toMatchObject({ leftOut: 0, contentType: 'application/xml; charset=utf-8', extension: 'xml' });
    for (const body of [gift.body, xml.body]) expect(bankOf(parseBank(body, 'auto'))).toEqual(questions);
  });
});
