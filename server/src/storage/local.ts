/**
 * Local disk storage: each object is a file under `root`. Writes go to a temporary file beside the target and
 * are renamed into place once complete, so a crash or a refused upload never leaves a partial file at a key.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, StorageNotFound, type ByteRange, type Storage } from './storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      let written = 0;
      try {
        const file = createWriteStream(temporary, { flags: 'wx' });
        file.on('finish', () => (written = file.bytesWritten));
        await pipeline(body, file);
        await rename(temporary, target);
        return written;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFound(key);
        throw error;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {}) as Readable;
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async reachable() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => undefined);
        if (info) yield { key: relative(root, path).split(sep).join('/'), modifiedAt: info.mtime };
      }
    },
  };
}
