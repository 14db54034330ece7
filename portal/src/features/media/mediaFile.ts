import type { MediaType } from '@tessera/sdk';
import { FILE_TYPES, fileProblems, fileTypeMessage, isWebVtt, type FileKind, type FileLimits } from '@tessera/sdk/rules';

/** How each kind of media is named (spec 2.9: the Media Type select, the list's Type column). */
export const MEDIA_TYPE_NAMES: Record<MediaType, string> = { image: 'Image', video: 'Video', pdf: 'PDF', audio: 'Audio' };

/** The Media Type select of the Add tab (spec 2.9), in the spec's order and words. */
export const MEDIA_TYPE_OPTIONS: { id: MediaType; label: string }[] = (['image', 'video', 'pdf', 'audio'] as const).map((id) => ({
  id,
  label: MEDIA_TYPE_NAMES[id],
}));

/** What the file input offers to pick for each kind (the server sniffs the bytes again). */
export const ACCEPT: Record<FileKind, string> = {
  image: 'image/png,image/jpeg',
  thumbnail: 'image/png,image/jpeg',
  video: 'video/mp4',
  pdf: 'application/pdf',
  audio: 'audio/mpeg,audio/wav',
  caption: '.vtt,text/vtt',
  question_bank: '.gift,.txt,.xml,text/plain,application/xml',
};

/** "Site plan.v2.pdf" -> "Site plan.v2": the name without its last extension (a dotfile keeps its name). */
export function nameFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

function sameFile(a: File | null, b: File): boolean {
  return a !== null && a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * Spec section 4: picking a file fills the name from the file name without extension when the name
 * is empty or the file changed; re-picking the same file keeps a name the person typed.
 */
export function nameAfterPick(currentName: string, previous: File | null, picked: File): string {
  return currentName.trim() === '' || !sameFile(previous, picked) ? nameFromFileName(picked.name) : currentName;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The pixel size of an image file, decoded by the browser; undefined when it cannot be decoded. */
async function readImageSize(file: Blob): Promise<ImageSize | undefined> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The spec's client-side checks of a file before it is sent (type, size, and dimensions for images
 * and thumbnails), with the SDK's rules and messages; the server checks again.
 */
export async function fileCheckProblems(
  kind: FileKind,
  file: File,
  limits: FileLimits,
  readSize: (file: Blob) => Promise<ImageSize | undefined> = readImageSize,
): Promise<string[]> {
  const needsSize = (kind === 'image' || kind === 'thumbnail') && FILE_TYPES[kind].includes(file.type);
  const size = needsSize ? await readSize(file) : undefined;
  return fileProblems(kind, { mimeType: file.type, size: file.size, width: size?.width, height: size?.height }, limits);
}

/**
 * The client-side checks of a captions file before it is sent: WebVTT by its first bytes (the SDK's signature check,
 * whatever the name) and the caption size limit; the server checks again.
 */
export async function captionFileProblems(file: File, limits: FileLimits): Promise<string[]> {
  const head = new Uint8Array(await readBytes(file.slice(0, 16)));
  if (!isWebVtt(head)) return [fileTypeMessage('caption')];
  return fileProblems('caption', { mimeType: 'text/vtt', size: file.size }, limits);
}

/** A blob's bytes (FileReader where `Blob.arrayBuffer` is missing, as in some test DOMs). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}
