/**
 * The question-bank formats behind one door: detect a file's format, read it into found questions, write a bank.
 * The text arrives decoded from UTF-8 with any byte-order mark removed; line ends are made `\n` here, once.
 */
import { parseAiken, serializeAiken } from './aiken.js';
import { parseGift, serializeGift } from './gift.js';
import { parseMoodleXml, serializeMoodleXml } from './moodle-xml.js';
import type { ExportedQuestion, FoundQuestion, TransferFormat } from './types.js';

export { NotInFormat } from './types.js';
export type { ExportedQuestion, FoundQuestion, TransferFormat } from './types.js';

export interface SerializedBank {
  body: string;
  /** The questions the format cannot carry (Aiken: multiple choice questions, more than 26 choices). */
  leftOut: number;
  contentType: string;
  extension: string;
}

const PARSERS: Record<TransferFormat, (text: string) => FoundQuestion[]> = { gift: parseGift, aiken: parseAiken, moodle_xml: parseMoodleXml };

/** Moodle XML when it starts with `<?xml` or `<quiz`; Aiken when it has choice and ANSWER lines and no `{`; else GIFT. */
export function detectFormat(text: string): TransferFormat {
  if (/^\s*<(\?xml|quiz)/.test(text)) return 'moodle_xml';
  const aiken = /^\s*ANSWER:\s*[A-Z]\s*$/m.test(text) && /^\s*[A-Z][.)][ \t]/m.test(text) && !text.includes('{');
  return aiken ? 'aiken' : 'gift';
}

/** Throws NotInFormat when the file is not in the format named (or, for `auto`, the one detected). */
export function parseBank(text: string, format: TransferFormat | 'auto'): FoundQuestion[] {
  const normalised = text.replace(/\r\n?/g, '\n');
  return PARSERS[format === 'auto' ? detectFormat(normalised) : format](normalised);
}

export function serializeBank(questions: ExportedQuestion[], format: TransferFormat): SerializedBank {
  switch (format) {
    case 'gift':
      return { body: serializeGift(questions), leftOut: 0, contentType: 'text/plain; charset=utf-8', extension: 'gift' };
    case 'aiken': {
      const { text, leftOut } = serializeAiken(questions);
      return { body: text, leftOut, contentType: 'text/plain; charset=utf-8', extension: 'txt' };
    }
    case 'moodle_xml':
      return { body: serializeMoodleXml(questions), leftOut: 0, contentType: 'application/xml; charset=utf-8', extension: 'xml' };
  }
}
