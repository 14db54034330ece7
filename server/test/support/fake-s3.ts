/**
 * An S3-compatible bucket in memory for tests: a small fake of the calls the S3 storage adapter makes
 * (PutObject, GetObject with Range, HeadObject, DeleteObject, ListObjectsV2 in one page, and lib-storage's
 * multipart uploads), path-style. `modified` holds each object's LastModified (tests may age an object).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Objects of one bucket in memory, answering path-style S3 requests. */
export function fakeS3(): { server: Server; objects: Map<string, Buffer>; modified: Map<string, Date>; uploads: Map<string, Map<number, Buffer>> } {
  const objects = new Map<string, Buffer>();
  const modified = new Map<string, Date>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const answer = (response: ServerResponse, status: number, body?: Buffer | string, headers: Record<string, string> = {}) => {
    response.writeHead(status, headers);
    response.end(body);
  };
  const server = createServer(async (request: IncomingMessage, response) => {
    const url = new URL(request.url as string, 'http://fake');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const stored = objects.get(`${bucket}/${key}`);
    const missing = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
    const xml = (body: string) => answer(response, 200, `<?xml version="1.0" encoding="UTF-8"?>${body}`, { 'Content-Type': 'application/xml' });
    // Multipart uploads (lib-storage's path for bodies over one part): create, parts, complete, abort.
    if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
      const contents = [...objects.keys()]
        .filter((name) => name.startsWith(prefix))
        .map(
          (name) =>
            `<Contents><Key>${name.slice(bucket.length + 1)}</Key><LastModified>${(modified.get(name) ?? new Date()).toISOString()}</LastModified></Contents>`,
        );
      return xml(`<ListBucketResult><Name>${bucket}</Name><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`);
    }
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `upload-${uploads.size + 1}`;
      uploads.set(id, new Map());
      return xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (uploadId && request.method === 'PUT') {
      uploads.get(uploadId)?.set(Number(url.searchParams.get('partNumber')), Buffer.concat(chunks));
      return answer(response, 200, '', { ETag: `"part-${url.searchParams.get('partNumber')}"` });
    }
    if (uploadId && request.method === 'POST') {
      const parts = [...(uploads.get(uploadId) ?? new Map<number, Buffer>()).entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
      objects.set(`${bucket}/${key}`, Buffer.concat(parts));
      modified.set(`${bucket}/${key}`, new Date());
      uploads.delete(uploadId);
      return xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`);
    }
    if (uploadId && request.method === 'DELETE') {
      uploads.delete(uploadId);
      return answer(response, 204);
    }
    switch (request.method) {
      case 'PUT':
        objects.set(`${bucket}/${key}`, Buffer.concat(chunks));
        modified.set(`${bucket}/${key}`, new Date());
        return answer(response, 200, '', { ETag: '"etag"' });
      case 'HEAD':
        return stored ? answer(response, 200, undefined, { 'Content-Length': String(stored.length) }) : answer(response, 404);
      case 'GET': {
        if (!stored) return answer(response, 404, missing, { 'Content-Type': 'application/xml' });
        const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
        if (!range) return answer(response, 200, stored, { 'Content-Length': String(stored.length) });
        const part = stored.subarray(Number(range[1]), Number(range[2]) + 1);
        return answer(response, 206, part, { 'Content-Length': String(part.length), 'Content-Range': `bytes ${range[1]}-${range[2]}/${stored.length}` });
      }
      case 'DELETE':
        objects.delete(`${bucket}/${key}`);
        return answer(response, 204);
      default:
        return answer(response, 405);
    }
  });
  return { server, objects, modified, uploads };
}
