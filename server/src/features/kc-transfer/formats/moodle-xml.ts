/**
 * Moodle XML as Moodle documents it (https://docs.moodle.org/en/Moodle_XML_format): `<quiz>` holding `<question>`s;
 * multichoice and truefalse are taken, the question text's first image with them.
 */
import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { toLabel, toMarkdown, titleOf, type ConvertedText, type TextFormat } from './text.js';
import {
  moodleWeight,
  NotInFormat,
  trueFalseQuestion,
  unsupportedReasons,
  type ExportedQuestion,
  type FoundImage,
  type FoundQuestion,
  type ImportableQuestion,
  type UnsupportedType,
} from './types.js';

/** An element as fast-xml-parser gives it: attributes `@_name`, text `#text`, CDATA `#cdata`, children by name. */
type XmlElement = { [key: string]: unknown };
type Found = Omit<FoundQuestion, 'index'>;
type LeftOut = ImportableQuestion['imagesLeftOut'][number];

// Maps, not objects: a name from the file ("constructor") must not reach an object's prototype.
const SKIPPED_TYPES = new Map<string, UnsupportedType>([
  ['shortanswer', 'short_answer'],
  ['numerical', 'numerical'],
  ['essay', 'essay'],
  ['matching', 'matching'],
  ['multianswer', 'cloze'],
  ['description', 'description'],
]);

const TEXT_FORMATS = new Map<string, TextFormat>([
  ['html', 'html'],
  ['moodle_auto_format', 'moodle'],
  ['plain_text', 'plain'],
  ['markdown', 'markdown'],
]);

const ONE_IMAGE = 'Only one image per question is kept.';
const NO_CHOICE_IMAGES = 'Images in choices are not imported.';

/**
 * Only XML's five named entities and character references are decoded. Entities a DOCTYPE declares are never
 * expanded (no "billion laughs"): they stay in the text as written.
 */
const XML_ENTITIES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const xmlEntityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) => text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => decodeEntity(name) ?? entity),
};

/** Repeated elements always as arrays, even when one; CDATA kept apart from text so its spaces stay. */
const ARRAY_ELEMENTS = new Set(['question', 'answer', 'file']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: '#cdata',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: xmlEntityDecoder,
  isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && ARRAY_ELEMENTS.has(name),
});

export function parseMoodleXml(text: string): FoundQuestion[] {
  return elements(quizOf(text), 'question')
    .filter((question) => question['@_type'] !== 'category')
    .map((question, position) => ({ index: position + 1, ...readQuestion(question) }));
}

export function serializeMoodleXml(questions: ExportedQuestion[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>', ...questions.map(xmlQuestion), '</quiz>', ''].join('\n');
}

function quizOf(text: string): XmlElement {
  // An XML declaration is allowed only at the very start: spaces before it are not what a person means to refuse.
  const xml = text.trimStart();
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw new NotInFormat(`The file is not Moodle XML: ${msg.replace(/\.$/, '')} (line ${line}).`);
  }
  let document: XmlElement;
  try {
    document = parser.parse(xml) as XmlElement;
  } catch (error) {
    throw new NotInFormat(`The file is not Moodle XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!('quiz' in document)) throw new NotInFormat('The file is not Moodle XML: it has no <quiz> root element.');
  return typeof document.quiz === 'object' && document.quiz !== null ? (document.quiz as XmlElement) : {};
}

function readQuestion(question: XmlElement): Found {
  const type = String(question['@_type'] ?? '');
  const text = convert(element(question, 'questiontext'));
  const title = titleOf(textOf(element(question, 'name')), text.markdown);
  if (type === 'multichoice') return choiceQuestion(question, text, title);
  if (type === 'truefalse') return trueFalse(question, text, title);
  const skipped = SKIPPED_TYPES.get(type) ?? 'other';
  return { title, type: skipped, reason: unsupportedReasons[skipped] };
}

/** Moodle reads `<single>` "false", "0" or empty as multiple choice, and a question without it as single choice. */
function choiceQuestion(question: XmlElement, text: ConvertedText, title: string): Found {
  const single = !['false', '0', ''].includes(textContent(question.single ?? 'true').trim());
  const answers = elements(question, 'answer');
  const labels = answers.map(convertLabel);
  return {
    title,
    type: single ? 'single_choice' : 'multiple_choice',
    question: {
      text: text.markdown,
      type: single ? 'radio' : 'checkbox',
      choices: answers.map((answer, position) => ({ label: labels[position].markdown, is_answer: fractionOf(answer) > 0 })),
      ...questionImages(question, text.images, answers, labels),
    },
  };
}

/** Moodle writes a true/false question's answers as the texts "true" and "false", the right one at fraction 100. */
function trueFalse(question: XmlElement, text: ConvertedText, title: string): Found {
  const isTrue = elements(question, 'answer').some((answer) => textOf(answer).trim().toLowerCase() === 'true' && fractionOf(answer) > 0);
  const { imagesLeftOut, image } = questionImages(question, text.images, [], []);
  return { title, type: 'true_false', question: { ...trueFalseQuestion(text.markdown, isTrue), imagesLeftOut, ...(image ? { image } : {}) } };
}

/**
 * The question text's image: the first one its text shows that the file holds, else its first file. Its other
 * files, and the images of its choices (files or references), are left out with a reason.
 */
function questionImages(question: XmlElement, shown: string[], answers: XmlElement[], labels: ConvertedText[]) {
  const files = elements(element(question, 'questiontext'), 'file').map(imageOf);
  const image = shown.map((name) => files.find((file) => file.name === name)).find((file) => file !== undefined) ?? files[0];
  const choiceImages = new Set([
    ...answers.flatMap((answer) => elements(answer, 'file').map((file) => String(file['@_name'] ?? ''))),
    ...labels.flatMap((label) => label.images),
  ]);
  const imagesLeftOut: LeftOut[] = [
    ...files.filter((file) => file !== image).map((file) => ({ name: file.name, reason: ONE_IMAGE })),
    ...[...choiceImages].map((name) => ({ name, reason: NO_CHOICE_IMAGES })),
  ];
  return { imagesLeftOut, ...(image ? { image } : {}) };
}

function imageOf(file: XmlElement): FoundImage {
  return { name: String(file['@_name'] ?? ''), bytes: Buffer.from(textContent(file), 'base64') };
}

/** A text element's `<text>` in its `format` (Moodle's default: html; an unknown format reads as Moodle's auto-format). */
function convert(holder: XmlElement | undefined): ConvertedText {
  const format = String(holder?.['@_format'] ?? 'html');
  return toMarkdown(textOf(holder), TEXT_FORMATS.get(format) ?? 'moodle');
}

function convertLabel(answer: XmlElement): ConvertedText {
  return toLabel(textOf(answer), TEXT_FORMATS.get(String(answer['@_format'] ?? 'html')) ?? 'moodle');
}

function fractionOf(answer: XmlElement): number {
  const fraction = Number.parseFloat(String(answer['@_fraction'] ?? '0'));
  return Number.isNaN(fraction) ? 0 : fraction;
}

function textOf(holder: XmlElement | undefined): string {
  return holder === undefined ? '' : textContent(holder.text);
}

/** An element's text: its CDATA sections and its other text (a `]]>` in a text is written across two sections). */
function textContent(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const node = value as XmlElement;
  const cdata = [node['#cdata'] ?? []].flat().map(String).join('');
  return `${typeof node['#text'] === 'string' ? node['#text'] : ''}${cdata}`;
}

function element(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  const child = parent?.[name];
  if (typeof child === 'string') return { '#text': child };
  return typeof child === 'object' && child !== null && !Array.isArray(child) ? (child as XmlElement) : undefined;
}

function elements(parent: XmlElement | undefined, name: string): XmlElement[] {
  return [parent?.[name] ?? []].flat().map((child) => (typeof child === 'object' && child !== null ? (child as XmlElement) : { '#text': String(child) }));
}

function decodeEntity(name: string): string | undefined {
  if (!name.startsWith('#')) return XML_ENTITIES.get(name);
  const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function xmlQuestion(question: ExportedQuestion): string {
  const weight = moodleWeight(question.choices.filter((choice) => choice.is_answer).length);
  const answers = question.choices.map(
    (choice) => `    <answer fraction="${fractionFor(question.type, choice.is_answer, weight)}" format="markdown"><text>${cdata(choice.label)}</text></answer>`,
  );
  return [
    '  <question type="multichoice">',
    `    <name><text>${escapeXml(titleOf(null, question.text))}</text></name>`,
    `    <questiontext format="markdown"><text>${cdata(question.text)}</text></questiontext>`,
    `    <single>${question.type === 'radio'}</single>`,
    '    <shuffleanswers>0</shuffleanswers>',
    ...answers,
    '  </question>',
  ].join('\n');
}

/** Single choice: 100 for the answer, 0 otherwise. Multiple choice: an equal part of 100 per answer, -100 for a wrong choice (Moodle's convention). */
function fractionFor(type: ExportedQuestion['type'], isAnswer: boolean, weight: string): string {
  if (type === 'radio') return isAnswer ? '100' : '0';
  return isAnswer ? weight : '-100';
}

/** A CDATA section cannot hold "]]>": it is split between two sections. XML 1.0 cannot carry control characters at all. */
function cdata(text: string): string {
  return `<![CDATA[${xmlCharacters(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const ESCAPED: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return xmlCharacters(text).replace(/[<>&"']/g, (character) => ESCAPED[character]);
}

function xmlCharacters(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}
