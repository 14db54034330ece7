/**
 * Media files through short-lived signed URLs (ARCHITECTURE.md#media-storage-and-signed-urls): GET and HEAD
 * /api/files/{tenantId}/{mediaId}/{variant}?expires&signature[&download=1]. No bearer token: the signature,
 * handed out only in rows the caller may see, is the permission. A tampered or expired URL answers 403; an
 * unknown file, or one that is not the URL's organization's, 404.
 *
 * Single byte ranges answer 206 (video seeking), unsatisfiable ones 416; several ranges are answered with the
 * whole file, as RFC 9110 allows. The stored key is the ETag: every upload writes a new key.
 *
 * A video's captions tracks are variants `caption-{captionId}` (text/vtt). Every answer allows any origin to read it
 * (`Access-Control-Allow-Origin: *`, no credentials): a `<video crossorigin="anonymous">` needs that for its
 * `<track>` children on a partner's page, and the signature, not the origin, is the permission.
 */
import { queryForms } from '@tessera/sdk/rules';
import { Routes } from '../../http/router.js';
import { extname } from 'node:path';
import rangeParser from 'range-parser';
import type { Context } from 'koa';
import type { AppServices } from '../../context.js';
import { HttpError, forbidden, notFound } from '../../http/errors.js';
import { inputOf, validate } from '../../http/validate.js';
import { isFileVariant, type FileVariant } from '../../storage/signed-urls.js';
import { StorageNotFound, type ByteRange } from '../../storage/storage.js';
import { EXTENSIONS } from '../media/upload.js';
import { Media, MediaCaption } from '../../db/content-models.js';

const fileMessages = {
  invalidSignature: 'This link has expired or is not valid.',
  notFound: 'This file could not be found.',
} as const;

/** Browsers may keep a file while its URL is valid, at most an hour. */
const MAX_CACHE_SECONDS = 3600;

interface StoredFile {
  key: string;
  mimeType: string;
  size: number;
  name: string;
}

type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/**
 * RFC 9110 14.1.2: a suffix longer than the file means the whole file. range-parser 1.3 answers -1 for it
 * (fixed upstream in jshttp/range-parser#66), so that one case is recognised here.
 */
function isOverlongSuffix(header: string, size: number): boolean {
  const suffix = /^bytes=\s*-\s*(\d+)\s*$/.exec(header.trim());
  return suffix !== null && size > 0 && Number(suffix[1]) > size;
}

/**
 * Reads `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes (range-parser). Another
 * unit, a malformed header or several ranges read as the whole file: RFC 9110 lets a server ignore Range.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header || !header.trim().startsWith('bytes=')) return WHOLE;
  const ranges = rangeParser(size, header);
  if (ranges === -2) return WHOLE;
  if (ranges === -1) return isOverlongSuffix(header, size) ? { kind: 'partial', range: { start: 0, end: size - 1 } } : { kind: 'unsatisfiable' };
  const [only] = ranges;
  return ranges.length === 1 && only ? { kind: 'partial', range: { start: only.start, end: only.end } } : WHOLE;
}

async function findCaption(services: AppServices, tenantId: string, mediaId: string, captionId: string): Promise<StoredFile> {
  const org = services.db.inTenant(tenantId);
  const row = await org.row<Pick<MediaCaption, 'label' | 'storage_key' | 'size'>>(
    org.from('media_captions').where({ id: captionId, media_id: mediaId }).select('label', 'storage_key', 'size'),
    MediaCaption,
  );
  if (!row) throw notFound(fileMessages.notFound);
  return { key: row.storage_key, mimeType: 'text/vtt', size: row.size, name: row.label };
}

async function findFile(services: AppServices, tenantId: string, mediaId: string, variant: FileVariant): Promise<StoredFile> {
  if (variant.startsWith('caption-')) return findCaption(services, tenantId, mediaId, variant.slice('caption-'.length));
  const org = services.db.inTenant(tenantId);
  const row = await org.row<Media>(
    org.from('media').where({ id: mediaId }).select('name', 'mime_type', 'size', 'storage_key', 'thumbnail_key', 'thumbnail_mime_type', 'thumbnail_size'),
    Media,
  );
  if (!row) throw notFound(fileMessages.notFound);
  if (variant === 'file') return { key: row.storage_key, mimeType: row.mime_type, size: row.size, name: row.name };
  if (!row.thumbnail_key) throw notFound(fileMessages.notFound);
  return { key: row.thumbnail_key, mimeType: row.thumbnail_mime_type ?? '', size: row.thumbnail_size ?? 0, name: `${row.name} thumbnail` };
}

function setHeaders(ctx: Context, file: StoredFile, expires: number, download: boolean): void {
  const extension = EXTENSIONS[file.mimeType];
  const filename = extension ? `${file.name}.${extension}` : file.name;
  ctx.attachment(filename, { type: download ? 'attachment' : 'inline' });
  ctx.type = file.mimeType;
  ctx.set('Accept-Ranges', 'bytes');
  // Host pages of other origins (widgets) show these files; the signature, not the origin, is the permission.
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.set('Access-Control-Allow-Origin', '*');
  // Still no scripts or styles from a file; the portal may frame one (a pdf in a viewer).
  ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
  ctx.set('ETag', `"${file.key.split('/').pop()?.replace(extname(file.key), '')}"`);
  const seconds = Math.max(0, Math.min(MAX_CACHE_SECONDS, expires - Math.floor(Date.now() / 1000)));
  ctx.set('Cache-Control', `private, max-age=${seconds}`);
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const signer = services.signer;
  const storage = services.storage;

  // koa-router answers HEAD with the GET route; the body is left out below.
  const invalidSignature = () => forbidden('invalid_signature', fileMessages.invalidSignature);
  router.get('/files/:tenantId/:mediaId/:variant', validate(queryForms.getFile, 'query', invalidSignature), async (ctx) => {
    const { tenantId, mediaId } = ctx.params;
    const variant = ctx.params.variant;
    if (!isFileVariant(variant)) throw notFound(fileMessages.notFound);
    const { expires, signature, download } = inputOf(ctx, queryForms.getFile);
    if (!signer.verify({ tenantId, mediaId, variant }, expires, signature)) throw invalidSignature();
    const file = await findFile(services, tenantId, mediaId, variant);
    const range = parseRange(ctx.get('Range') || undefined, file.size);
    if (range.kind === 'unsatisfiable') {
      throw new HttpError(416, 'range_not_satisfiable', 'The requested range is not satisfiable.', undefined, { 'Content-Range': `bytes */${file.size}` });
    }
    setHeaders(ctx, file, Number(expires), download === true);
    // Koa judges freshness only for a 2xx answer.
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const partial = range.kind === 'partial' ? range.range : undefined;
    ctx.status = partial ? 206 : 200;
    if (partial) ctx.set('Content-Range', `bytes ${partial.start}-${partial.end}/${file.size}`);
    const length = partial ? partial.end - partial.start + 1 : file.size;
    if (ctx.method === 'HEAD') {
      ctx.set('Content-Length', String(length));
      return;
    }
    try {
      ctx.body = await storage.get(file.key, partial);
    } catch (error) {
      if (error instanceof StorageNotFound) throw notFound(fileMessages.notFound);
      throw error;
    }
    ctx.length = length;
  });

  return router;
}
