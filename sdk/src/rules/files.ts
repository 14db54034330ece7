import { messages } from './core.js';

export const MEDIA_TYPES = ['image', 'video', 'pdf', 'audio'] as const;
export type MediaKind = (typeof MEDIA_TYPES)[number];
export const ITEM_TYPES = ['row', 'paragraph', 'image', 'video', 'pdf', 'audio'] as const;
/** The kinds of file an upload is checked as: the four media types, a video's thumbnail and its captions, a question bank to import. */
export type FileKind = MediaKind | 'thumbnail' | 'caption' | 'question_bank';

/** Spec section 5's file rules: the accepted MIME types per kind. */
export const FILE_TYPES: Record<FileKind, readonly string[]> = {
  image: ['image/png', 'image/jpeg'],
  thumbnail: ['image/png', 'image/jpeg'],
  video: ['video/mp4'],
  pdf: ['application/pdf'],
  audio: ['audio/mpeg', 'audio/wav'],
  caption: ['text/vtt'],
  // GIFT and Aiken are plain text, Moodle XML is XML: told apart by their text, not their type.
  question_bank: ['text/plain', 'application/xml'],
};

/** The longest BCP 47 tag a captions track takes (RFC 5646 suggests 35 characters). */
export const CAPTION_LANGUAGE_MAX_LENGTH = 35;

const WEBVTT = [0x57, 0x45, 0x42, 0x56, 0x54, 0x54];

/**
 * True when the bytes open a WebVTT file (the WebVTT standard's signature): an optional UTF-8 byte order mark,
 * `WEBVTT`, then a space, a tab, a line break or the end. The name of a file says nothing.
 */
export function isWebVtt(head: Uint8Array): boolean {
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  if (head.length < start + WEBVTT.length) return false;
  if (WEBVTT.some((byte, index) => head[start + index] !== byte)) return false;
  const next = head[start + WEBVTT.length];
  return next === undefined || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d;
}

/** A BCP 47 language tag in its canonical form (`pt-br` → `pt-BR`), or undefined when it is not one. */
export function canonicalLanguageTag(tag: string): string | undefined {
  if (tag.length === 0 || tag.length > CAPTION_LANGUAGE_MAX_LENGTH || !/^[A-Za-z0-9-]+$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The message of a question bank that is not UTF-8 text (issue 36). Not in `messages`: every widget bundle carries that
 * object whole, and no widget imports a question bank.
 */
export const QUESTION_BANK_FILE_MESSAGE = 'The file must be a GIFT, Aiken or Moodle XML text file (UTF-8).';

/** A kind in words, as messages name it (`question_bank`: question bank). */
export function fileKindName(kind: FileKind): string {
  return kind.replaceAll('_', ' ');
}

/** The message of a file whose bytes are not of its kind. */
export function fileTypeMessage(kind: FileKind): string {
  if (kind === 'thumbnail') return messages.thumbnailType;
  if (kind === 'caption') return messages.captionFile;
  if (kind === 'question_bank') return QUESTION_BANK_FILE_MESSAGE;
  return messages.fileType(kind, FILE_TYPES[kind]);
}

/** The media type of a MIME type ("an any-file check picks the rule by mime type"). */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
  return (['image', 'video', 'pdf', 'audio'] as const).find((kind) => FILE_TYPES[kind].includes(mimeType));
}

/** Base-10 sizes with no decimals, in MB above 999 KB (spec section 9). */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1000;
  return kb > 999 ? `${Math.round(kb / 1000)} MB` : `${Math.round(kb)} KB`;
}

export interface FileLimits {
  file_sizes: Record<FileKind, { min_size: number; max_size: number }>;
  /** The least dimensions (also the crop size) and the largest: an image over them is refused before it is decoded. */
  image: { min_width: number; min_height: number; max_width: number; max_height: number };
}

export interface FileFacts {
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
}

/** Every message a file breaks for its kind (type, then size, then dimensions for images and thumbnails). */
export function fileProblems(kind: FileKind, file: FileFacts, limits: FileLimits): string[] {
  if (!FILE_TYPES[kind].includes(file.mimeType)) return [fileTypeMessage(kind)];
  const problems: string[] = [];
  const { min_size, max_size } = limits.file_sizes[kind];
  if (file.size < min_size * 1000 || file.size > max_size * 1000) {
    problems.push(messages.fileSize(fileKindName(kind), formatFileSize(file.size), formatFileSize(min_size * 1000), formatFileSize(max_size * 1000)));
  }
  const { min_width, min_height, max_width, max_height } = limits.image;
  if ((kind === 'image' || kind === 'thumbnail') && file.width !== undefined && file.height !== undefined) {
    if (file.width > max_width || file.height > max_height) problems.push(messages.fileMaxDimensions(kind, max_width, max_height));
    else if (file.width < min_width || file.height < min_height) problems.push(messages.fileDimensions(kind, min_width, min_height));
  }
  return problems;
}

/** Content rules that are not one of the generic ones. */

/**
 * The MIME types a bioreq document may be (`bioreq_types` of /api/config): identity and health papers are scans,
 * photos or pdfs, sometimes a recording. Each is checked from its bytes and against the size limits of its kind
 * (`file_sizes` of /api/config).
 */
export const BIOREQ_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'video/mp4', 'audio/mpeg', 'audio/wav'] as const;

/** Spec section 3: a bioreq document's MIME type mapped to a kind (image, pdf, video, audio or none). */
export function bioreqKindOf(mimeType: string): MediaKind | 'none' {
  return mediaKindOf(mimeType) ?? 'none';
}

/** The 406 message of a bioreq file whose bytes are not one of `types`. */
export function bioreqTypeMessage(types: readonly string[] = BIOREQ_TYPES): string {
  return `The file must be a file of type: ${types.join(', ')}.`;
}
