/**
 * An S3-compatible server for tests: s3rver (not ours), on 127.0.0.1 with one bucket in a temporary folder, and an
 * AWS SDK client to look into the bucket as another program would. `age` sets an object's LastModified (s3rver answers
 * its file's modification time), for the sweep that deletes only old orphans.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  /** Every key of the bucket, sorted. */
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  put(key: string, body: Buffer): Promise<void>;
  age(key: string, modified: Date): void;
  /** Every file s3rver holds on disk (objects, their metadata, multipart parts), relative to its folder. */
  files(): string[];
  close(): Promise<void>;
}

/** s3rver's own credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(bucket: string): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tessera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  return {
    endpoint,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key as string).sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    age(key, modified) {
      utimesSync(join(directory, bucket, `${key}._S3rver_object`), modified, modified);
    },
    files() {
      return readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
