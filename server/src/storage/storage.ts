/**
 * Where media files live (ARCHITECTURE.md): one interface, local disk under DATA_DIR/media by default, an
 * S3-compatible bucket when S3_BUCKET is configured. Keys are relative paths like `{tenantId}/{mediaId}/{uuid}.png`;
 * every write is a fresh key, so a reader never sees a half-written or replaced file.
 */
import type { Readable } from 'node:stream';
import { resolve } from 'node:path';
import type { ServerConfig } from '../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';

/** Inclusive byte offsets, as HTTP Range has them. */
export interface ByteRange {
  start: number;
  end: number;
}

interface StoredObject {
  size: number;
}

interface ListedObject {
  key: string;
  /** When it was last written. */
  modifiedAt: Date;
}

export interface Storage {
  /** Streams `body` to `key` and answers the bytes written. A failed write (or a body that errors) leaves nothing at `key`. */
  put(key: string, body: Readable): Promise<number>;
  /** The object's bytes (or the range of them); rejects with a `StorageNotFound` when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Its size, or null when absent. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; absent keys are not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object, temporary ones of interrupted writes included, in no particular order. */
  list(): AsyncIterable<ListedObject>;
  /** Resolves when the storage can be written (the folder, the bucket); rejects with why not (readiness, start-up). */
  reachable(): Promise<void>;
}

export class StorageNotFound extends Error {
  override name = 'StorageNotFound';
  constructor(key: string) {
    super(`No stored object at ${key}`);
  }
}

/** Keys come from our own ids; refuse anything that could climb out of the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function createStorage(config: ServerConfig): Storage {
  const storage = config.media.storage;
  if (storage.driver === 's3') return createS3Storage(storage);
  return createLocalStorage(storage.root ?? resolve(config.dataDir, 'media'));
}
