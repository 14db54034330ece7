/**
 * Streaming multipart uploads (ARCHITECTURE.md). busboy parses the request as it arrives; each file
 * part is sniffed from its first bytes (magic numbers, never the client's word), checked against the kind its
 * field accepts, and streamed to storage with its size capped while streaming: an unacceptable type or a file
 * over its kind's limit aborts the request at once, before the rest is read. Nothing is buffered beyond the
 * sniffed head, so a 1 GB video costs the server a few chunks of memory.
 *
 * After the request is read, `finishImages` checks dimensions and makes thumbnails (and crops) with sharp, and
 * the caller writes its rows. A caller must `discard()` the form when anything later fails, so a failed upload
 * leaves no file behind (`withUpload` does both).
 *
 * Errors use the spec's file messages (sdk/src/rules/files.ts): a wrong type answers 406 (or 422 where a
 * contract says so), sizes and dimensions 422, keyed by the field (`file`, `thumbnail`, `image`, `images`).
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'koa';
import {
  fileKindName,
  fileProblems,
  fileTypeMessage,
  formatFileSize,
  isWebVtt,
  mediaKindOf,
  messages,
  FILE_TYPES,
  type FieldErrors,
  type FileKind,
  type FileLimits,
} from '@tessera/sdk/rules';
import type { ServerConfig } from '../../config.js';
import { newId } from '../../db/ids.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { refuseNulCharacters } from '../../http/null-characters.js';
import { unsupportedMediaType } from '../../http/input.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import type { Storage } from '../../storage/storage.js';
import type { LimitedRunner } from '../../limit-concurrency.js';
import { processImage } from './images.js';

export interface MultipartForm {
  /** Text fields; a repeated field (or one named `x[]`) reads as an array under `x`. */
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
  /** Deletes every file stored for this form. */
  discard(): Promise<void>;
}

interface FileFieldRule {
  /**
   * The kind a part of this field is checked as: fixed, or decided from what the bytes look like (`sniffed`
   * MIME type, undefined when unknown), the part's declared type and the fields received before it.
   */
  kind: FileKind | ((part: { sniffed?: string; declared: string; fields: MultipartForm['fields'] }) => FileKind);
  /** How many files the field takes (default 1); more answer 422. */
  maxCount?: number;
  /** `memory`: the file is read into `bytes` (a question bank to parse), not stored; its size cap applies as it streams. */
  keep?: 'storage' | 'memory';
}

export interface ReceiveOptions {
  tenantId: string;
  /** The file fields accepted (without `[]`); parts of other fields are refused with 422. */
  files: Record<string, FileFieldRule>;
  /** The status of a file whose bytes are not of an accepted type (406 unless a contract says 422). */
  typeStatus?: 406 | 422;
  /** Every file part of one form shares one media id (a file and its thumbnail); default: one per file. */
  mediaId?: string;
  /** The message of a file of an unacceptable type, when not its kind's (bioreq documents accept several kinds). */
  typeMessage?: string;
  /** The status of a file over its size limit: 422 on the field unless a contract says 413. */
  sizeStatus?: 413 | 422;
}

export interface UploadServices {
  config: ServerConfig;
  storage: Storage;
  imageWork: LimitedRunner;
}

/** Enough bytes for every signature file-type knows (its own recommendation). */
const SNIFF_BYTES = 4100;
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 100_000;

/** File name extensions of the accepted types (storage keys, download names). */
export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'text/vtt': 'vtt',
};

function storageKey(tenantId: string, mediaId: string, mimeType: string): string {
  return `${tenantId}/${mediaId}/${newId()}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

/**
 * The MIME type the bytes announce; file-type does not know every MP3 with a large ID3 tag up front, nor text
 * formats (WebVTT is recognised by its signature, other text by `sniffText`).
 */
async function sniffMimeType(head: Buffer): Promise<string | undefined> {
  if (isWebVtt(head)) return 'text/vtt';
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime === 'audio/x-wav' || detected.mime === 'audio/vnd.wave' ? 'audio/wav' : detected.mime;
  if (head.subarray(0, 3).toString('latin1') === 'ID3') return 'audio/mpeg';
  return sniffText(head);
}

/** Control characters text never holds (tab, line feed, form feed and carriage return are text). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * `text/plain` for UTF-8 text (an optional byte order mark, no control characters), `application/xml` when that
 * text opens with an element or a declaration. The head may end inside a character: the streaming decoder keeps
 * an unfinished sequence back instead of calling it invalid.
 */
function sniffText(head: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
  if (CONTROL_CHARACTERS.test(text)) return undefined;
  return text.trimStart().startsWith('<') ? 'application/xml' : 'text/plain';
}

function fieldName(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

function addField(fields: MultipartForm['fields'], rawName: string, value: string): void {
  const name = fieldName(rawName);
  const existing = fields[name];
  if (existing === undefined) fields[name] = rawName.endsWith('[]') ? [value] : value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

export function unacceptableFile(field: string, message: string, status: 406 | 422 = 406): HttpError {
  if (status === 422) return validationFailed({ [field]: [message] });
  return new HttpError(406, 'unacceptable_file', message, { [field]: [message] });
}

export function typeMessage(kind: FileKind): string {
  return fileTypeMessage(kind);
}

function sizeMessage(kind: FileKind, size: number, limits: FileLimits): string {
  const { min_size, max_size } = limits.file_sizes[kind];
  return messages.fileSize(fileKindName(kind), formatFileSize(size), formatFileSize(min_size * 1000), formatFileSize(max_size * 1000));
}

/** Reads a file part's first bytes; the iterator then goes on with the rest. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/** The head, then the rest of the part, failing once more than `max` bytes have passed. */
async function* cappedBytes(head: Buffer, iterator: AsyncIterator<Buffer>, done: boolean, max: number, tooLarge: (seen: number) => Error) {
  let seen = head.length;
  if (seen > max) throw tooLarge(seen);
  yield head;
  if (done) return;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    seen += next.value.length;
    if (seen > max) throw tooLarge(seen);
    yield next.value;
  }
}

interface PartContext {
  storage: Storage;
  limits: FileLimits;
  options: ReceiveOptions;
  fields: MultipartForm['fields'];
  /** The request's declared length: an aborted file's size is reported from it ("approximately"). */
  declaredLength: number;
}

async function receiveFilePart(part: PartContext, field: string, stream: Readable, info: busboy.FileInfo): Promise<ReceivedFile | null> {
  const rule = part.options.files[field];
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const { head, done } = await readHead(iterator);
  // An empty part is a form's untouched file input: no file.
  if (head.length === 0) return null;
  const sniffed = await sniffMimeType(head);
  const kind = typeof rule.kind === 'function' ? rule.kind({ sniffed, declared: info.mimeType, fields: part.fields }) : rule.kind;
  if (!sniffed || !FILE_TYPES[kind].includes(sniffed)) throw unacceptableFile(field, part.options.typeMessage ?? typeMessage(kind), part.options.typeStatus);

  const mediaId = part.options.mediaId ?? newId();
  const max = part.limits.file_sizes[kind].max_size * 1000;
  const tooLarge = (seen: number) => fileTooLarge(field, sizeMessage(kind, Math.max(seen, part.declaredLength), part.limits), part.options.sizeStatus);
  const bytes = cappedBytes(head, iterator, done, max, tooLarge);
  const file = { field, kind, mediaId, mimeType: sniffed, filename: info.filename ?? '' };
  if (rule.keep === 'memory') {
    const chunks: Buffer[] = [];
    for await (const chunk of bytes) chunks.push(chunk);
    const kept = Buffer.concat(chunks);
    return { ...file, key: '', size: kept.length, bytes: kept };
  }
  const key = storageKey(part.options.tenantId, mediaId, sniffed);
  const size = await part.storage.put(key, Readable.from(bytes, { objectMode: false }));
  return { ...file, key, size };
}

function fileTooLarge(field: string, message: string, status: 413 | 422 = 422): HttpError {
  if (status === 422) return validationFailed({ [field]: [message] });
  return new HttpError(413, 'payload_too_large', message, { [field]: [message] }, { Connection: 'close' });
}

/** What a part's headers and boundary may add to its bytes, generously. */
const PART_OVERHEAD = 1024;

/**
 * The most a form of the route's fields can weigh: each file at the largest size its field's kinds accept, every
 * text field full, and the parts' headers. A request declaring more can only fail: it is refused before a byte is read.
 */
function largestForm(options: ReceiveOptions, limits: FileLimits): number {
  const everyKind = Object.keys(limits.file_sizes) as FileKind[];
  let bytes = MAX_FIELDS * (MAX_FIELD_BYTES + PART_OVERHEAD);
  for (const rule of Object.values(options.files)) {
    const kinds = typeof rule.kind === 'function' ? everyKind : [rule.kind];
    const largestFile = Math.max(...kinds.map((kind) => limits.file_sizes[kind].max_size * 1000));
    bytes += (rule.maxCount ?? 1) * (largestFile + PART_OVERHEAD);
  }
  return bytes;
}

/** 413 from the declared Content-Length alone, so a client announcing too much is answered at once, not left waiting. */
function refuseDeclaredOverLimit(ctx: Context, options: ReceiveOptions, limits: FileLimits): void {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > largestForm(options, limits)) {
    throw new HttpError(413, 'payload_too_large', 'The request body is too large.', undefined, { Connection: 'close' });
  }
}

/** busboy refuses a multipart type without a boundary as it starts: that is the client's mistake (400). */
function multipartParser(ctx: Context): busboy.Busboy {
  try {
    return busboy({ headers: ctx.req.headers, limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 20 } });
  } catch {
    throw new HttpError(400, 'bad_request', 'The request could not be read.');
  }
}

/**
 * Reads a multipart request: text fields, and files streamed to storage as described above. Rejects (after
 * deleting what it stored) with 406/422 on the first unacceptable file, 415 when the request is not multipart,
 * 413 before reading anything when the declared length exceeds what the route's fields could hold.
 */
export async function receiveMultipart(ctx: Context, services: UploadServices, options: ReceiveOptions): Promise<MultipartForm> {
  if (!ctx.is('multipart/form-data')) throw unsupportedMediaType();
  refuseDeclaredOverLimit(ctx, options, services.config.media.limits);
  const storage = services.storage;
  const fields: MultipartForm['fields'] = {};
  const files: ReceivedFile[] = [];
  const discard = async () => {
    const keys = files.flatMap((file) => [file.key, ...(file.thumbnail ? [file.thumbnail.key] : [])]).filter((key) => key !== '');
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  };
  const part: PartContext = { storage, limits: services.config.media.limits, options, fields, declaredLength: Number(ctx.get('Content-Length')) || 0 };
  const counts = new Map<string, number>();

  const parser = multipartParser(ctx);
  const streams = new Set<Readable>();
  const pending: Promise<void>[] = [];
  let failure: unknown;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const fail = (error: unknown) => {
    if (failure) return;
    failure = error;
    // Stop reading at once: parts in flight are cut (their partial files removed by storage.put), the rest of
    // the body is dropped, and the connection is closed once the answer is sent.
    ctx.req.unpipe(parser);
    ctx.req.resume();
    ctx.set('Connection', 'close');
    for (const stream of streams) stream.destroy(error as Error);
    settle();
  };

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(validationFailed({ [fieldName(name)]: [messages.maxLength(fieldName(name), MAX_FIELD_BYTES)] }));
    else addField(fields, name, value);
  });
  parser.on('file', (rawName, stream, info) => {
    const field = fieldName(rawName);
    const rule = options.files[field];
    const count = (counts.get(field) ?? 0) + 1;
    counts.set(field, count);
    if (failure || !rule || count > (rule.maxCount ?? 1)) {
      stream.resume();
      fail(validationFailed({ [field]: [rule ? messages.maxItems(field, rule.maxCount ?? 1) : messages.defaultFailure] }));
      return;
    }
    streams.add(stream);
    const received = receiveFilePart(part, field, stream, info).then(
      (file) => {
        if (file) files.push(file);
      },
      (error) => fail(error),
    );
    pending.push(received.finally(() => streams.delete(stream)));
  });
  parser.on('partsLimit', () => fail(validationFailed({ file: [messages.defaultFailure] })));
  parser.on('fieldsLimit', () => fail(validationFailed({ file: [messages.defaultFailure] })));
  parser.on('error', () => fail(new HttpError(400, 'bad_request', 'The request could not be read.')));
  parser.on('close', settle);
  ctx.req.on('aborted', () => fail(new HttpError(400, 'bad_request', 'The request was aborted.')));
  ctx.req.pipe(parser);

  await settled;
  await Promise.allSettled(pending);
  if (failure) {
    await discard();
    throw failure;
  }
  try {
    refuseNulCharacters(fields);
  } catch (error) {
    await discard();
    throw error;
  }
  ctx.request.body = fields;
  return { fields, files, discard };
}

/** The file of one field, if sent. */
export function fileOf(form: MultipartForm, field: string): ReceivedFile | undefined {
  return form.files.find((file) => file.field === field);
}

/**
 * Checks sizes (the lower bound: the upper was enforced while streaming) and, for images and thumbnails, the
 * least dimensions; makes image thumbnails and crops. Throws 422 with every message per field.
 */
export async function finishFiles(services: UploadServices, tenantId: string, files: ReceivedFile[], options: { crop?: boolean } = {}): Promise<void> {
  const storage = services.storage;
  const limits = services.config.media.limits;
  const errors: FieldErrors = {};
  for (const file of files) {
    if (file.kind === 'image' || file.kind === 'thumbnail') {
      await processImage(storage, file, {
        limits,
        crop: options.crop === true && file.kind === 'image',
        thumbnail: file.kind === 'image',
        keyFor: (mimeType) => storageKey(tenantId, file.mediaId, mimeType),
        run: services.imageWork,
      });
    }
    const problems = fileProblems(file.kind, { mimeType: file.mimeType, size: file.size, width: file.width, height: file.height }, limits);
    if (problems.length > 0) (errors[file.field] ??= []).push(...problems);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * A file that arrived inside another (a Moodle XML question's base64 image), checked and stored as if it had been
 * uploaded in `field` as `kind`: its bytes sniffed, its size and (for an image) dimensions held to the limits, an
 * image given its thumbnail. Throws the error that upload would have met (406/422 with the field's message) and
 * leaves nothing stored then; `discard` removes what it stored.
 */
export async function storeFileBytes(
  services: UploadServices,
  tenantId: string,
  file: { field: string; kind: FileKind; filename: string; bytes: Buffer },
): Promise<ReceivedFile & { discard(): Promise<void> }> {
  const sniffed = await sniffMimeType(file.bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed || !FILE_TYPES[file.kind].includes(sniffed)) throw unacceptableFile(file.field, typeMessage(file.kind), 422);
  const mediaId = newId();
  const key = storageKey(tenantId, mediaId, sniffed);
  const size = await services.storage.put(key, Readable.from([file.bytes]));
  const received: ReceivedFile = { field: file.field, kind: file.kind, mediaId, key, mimeType: sniffed, size, filename: file.filename };
  const discard = async () => {
    const keys = [received.key, ...(received.thumbnail ? [received.thumbnail.key] : [])];
    await Promise.all(keys.map((stored) => services.storage.delete(stored).catch(() => undefined)));
  };
  try {
    await finishFiles(services, tenantId, [received]);
  } catch (error) {
    await discard();
    throw error;
  }
  return Object.assign(received, { discard });
}

/** Runs `work` with a received form; on any failure the form's files are deleted and the error goes on. */
export async function withUpload<T>(form: MultipartForm, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await form.discard();
    throw error;
  }
}

/**
 * Images sent with a form (a suggestion's `images[]`): each png or jpeg, within the image limits, stored with a
 * thumbnail, ready for `insertMedia`. Answers the text fields too. Refused images answer `typeStatus` (422 by
 * default here) on the field; nothing is left stored then.
 */
export async function receiveImages(
  ctx: Context,
  services: UploadServices,
  options: { tenantId: string; field?: string; max: number; typeStatus?: 406 | 422 },
): Promise<MultipartForm & { images: ReceivedFile[] }> {
  const field = options.field ?? 'images';
  const form = await receiveMultipart(ctx, services, {
    tenantId: options.tenantId,
    files: { [field]: { kind: 'image', maxCount: options.max } },
    typeStatus: options.typeStatus ?? 422,
  });
  await withUpload(form, () => finishFiles(services, options.tenantId, form.files));
  return { ...form, images: form.files };
}

/** The media kind a library upload is checked as: the form's `type` if sent, else what the bytes (or the declared type) say. */
export function libraryKind(part: { sniffed?: string; declared: string; fields: MultipartForm['fields'] }): FileKind {
  const sent = part.fields.type;
  if (typeof sent === 'string' && (['image', 'video', 'pdf', 'audio'] as string[]).includes(sent)) return sent as FileKind;
  return (part.sniffed && mediaKindOf(part.sniffed)) || mediaKindOf(part.declared) || 'image';
}
