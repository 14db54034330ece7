/**
 * The storage adapters. Local disk: streamed writes renamed into place, ranges, stat, delete, and a failing
 * body that leaves nothing behind. S3: the same behaviour against s3rver, an S3-compatible server written by others
 * (test/support/s3.ts), path-style.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { StorageNotFound, type Storage } from './storage.js';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../../test/support/s3.js';

async function* failingBody() {
  yield Buffer.from('first part ');
  throw new Error('the upload was refused half way');
}

function behavesAsStorage(name: string, make: () => Storage, leftovers: () => string[] | Promise<string[]>) {
  describe(name, () => {
    it('writes a stream, reads it whole or by range, stats and deletes it', async () => {
      const storage = make();
      const key = 'tenant/media/0001.txt';
      expect(await storage.put(key, Readable.from(['hel', 'lo ', 'wor', 'ld'].map((part) => Buffer.from(part))))).toBe(11);
      expect(await text(await storage.get(key))).toBe('hello world');
      expect(await text(await storage.get(key, { start: 6, end: 10 }))).toBe('world');
      expect(await storage.stat(key)).toEqual({ size: 11 });
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
      await storage.delete(key);
    });

    it('leaves nothing when the body fails', async () => {
      const storage = make();
      await expect(storage.put('tenant/media/0002.txt', Readable.from(failingBody()))).rejects.toThrow('refused half way');
      expect(await storage.stat('tenant/media/0002.txt')).toBeNull();
      expect(await leftovers()).toEqual([]);
    });

    it('refuses keys that could leave the storage root', async () => {
      await expect(make().put('../outside.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow('Unsafe storage key');
      await expect(make().get('/etc/passwd')).rejects.toThrow('Unsafe storage key');
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'tessera-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

behavesAsStorage(
  'local disk',
  () => createLocalStorage(root),
  () => filesUnder(root),
);

let bucket: TestS3;
let endpoint = '';
beforeAll(async () => {
  bucket = await startS3('media');
  endpoint = bucket.endpoint;
});
afterAll(() => bucket?.close());

behavesAsStorage(
  'S3-compatible (s3rver)',
  () =>
    createS3Storage({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint,
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      prefix: 'tessera',
    }),
  async () => [...(await bucket.keys()), ...bucket.files().filter((file) => file.includes('0002'))],
);

describe('S3 multipart uploads', () => {
  const storage = () => createS3Storage({ driver: 's3', bucket: 'media', region: 'us-east-1', endpoint, ...S3RVER_CREDENTIALS, forcePathStyle: true });

  it('stream a body larger than one part in parts, and put them together', async () => {
    const body = Buffer.alloc(9 * 1024 * 1024 + 5);
    for (let index = 0; index < body.length; index += 4096) body[index] = (index / 4096) % 256;
    const pieces = Array.from({ length: Math.ceil(body.length / 65536) }, (_, index) => body.subarray(index * 65536, (index + 1) * 65536));
    expect(await storage().put('t/m/big.bin', Readable.from(pieces))).toBe(body.length);
    expect((await bucket.read('t/m/big.bin')).equals(body)).toBe(true);
    await storage().delete('t/m/big.bin');
  });

  it('fail, leaving no object, when the body fails after the first part', async () => {
    async function* failsLate() {
      yield Buffer.alloc(9 * 1024 * 1024);
      throw new Error('over the limit');
    }
    // lib-storage then aborts the multipart upload (leavePartsOnError: false). s3rver has no AbortMultipartUpload (it
    // answers 405, which lib-storage throws in place of the body's error): the caller still gets the body's error, and
    // that the parts go is S3's to show.
    await expect(storage().put('t/m/late.bin', Readable.from(failsLate()))).rejects.toThrow('over the limit');
    expect(await bucket.keys()).not.toContain('t/m/late.bin');
  });
});

describe('S3 keys', () => {
  it('are stored under the configured prefix', async () => {
    const storage = createS3Storage({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint,
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      prefix: 'tessera',
    });
    await storage.put('t/m/0003.txt', Readable.from([Buffer.from('x')]));
    expect(await bucket.keys()).toContain('tessera/t/m/0003.txt');
    await storage.delete('t/m/0003.txt');
  });
});
