/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2...), chosen by S3_BUCKET. Uploads stream through
 * lib-storage's multipart `Upload` (parts of 8 MB, four at a time: bounded memory whatever the file size);
 * reads stream the object body, with `Range` passed through for video seeking.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3StorageConfig } from '../config.js';
import { assertSafeKey, StorageNotFound, type Storage } from './storage.js';

const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default aws-chunked
    // uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function createS3Storage(config: S3StorageConfig, client = new S3Client(s3ClientConfig(config))): Storage {
  const Bucket = config.bucket;
  const prefixed = (key: string) => {
    assertSafeKey(key);
    return config.prefix ? `${config.prefix}/${key}` : key;
  };

  return {
    async put(key, body) {
      let size = 0;
      let bodyError: unknown;
      // Counted as lib-storage pulls the chunks (a 'data' listener would set the body flowing on its own).
      async function* counted() {
        try {
          for await (const chunk of body) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: prefixed(key), Body: Readable.from(counted()) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A body that errors (an upload over its limit) must abort the multipart upload, not leave it hanging.
        await upload.abort().catch(() => undefined);
        // The body's own error, which the caller answers (413 for an upload over its limit): lib-storage throws the
        // error of its own abort instead when that abort fails.
        throw bodyError ?? error;
      }
      return size;
    },

    async get(key, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: prefixed(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFound(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: prefixed(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefixed(key) }));
    },

    async reachable() {
      // HeadBucket answers 200 only when the bucket exists and these credentials may use it.
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    // Parts of an interrupted multipart upload are no objects: the bucket's AbortIncompleteMultipartUpload rule
    // removes those (README).
    async *list() {
      const Prefix = config.prefix ? `${config.prefix}/` : undefined;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: Prefix ? object.Key.slice(Prefix.length) : object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
