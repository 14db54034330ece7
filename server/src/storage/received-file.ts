/**
 * A file received from a multipart form and streamed to storage (features/media/upload.ts receives it): what the
 * media library, the content forms (features/content) and suggestions hand on to their services.
 */
import type { FileKind } from '@tessera/sdk/rules';

/** A file received from a form, stored under `key` (and, for images after `finishImages`, a thumbnail). */
export interface ReceivedFile {
  /** The form field, without a trailing `[]`. */
  field: string;
  /** The kind it was checked as. */
  kind: FileKind;
  /** The media row this file will belong to (its storage keys sit under it). */
  mediaId: string;
  /** Its storage key; empty for a file kept in memory (`bytes`). */
  key: string;
  /** The file's bytes, for a field received into memory (`keep: 'memory'`). */
  bytes?: Buffer;
  mimeType: string;
  size: number;
  /** The client's file name, for a default media name. */
  filename: string;
  width?: number;
  height?: number;
  thumbnail?: { key: string; mimeType: string; size: number };
}
