/**
 * Bioreq files through short-lived signed URLs, one per document, stored file and account
 * (ARCHITECTURE.md#bioreq-documents): `GET /api/bioreq-files/{tenantId}/{bioreqId}?user&expires&signature`.
 * The URL is handed out only by the download call and lives 60 seconds; each fetch of the file (a GET: HEAD reads
 * only the headers) is written to the access log, and a reviewer's starts the review. It is an HMAC over the
 * organization, the document, its storage key (a file deleted by retention invalidates it), the account and the
 * expiry, with a key of its own (a media URL's signature is never a bioreq one). Every failure is the same 403,
 * so the route tells an outsider nothing about which documents exist. The answer is always an attachment named
 * after the title, never sniffed, never cached.
 */
import { queryForms } from '@tessera/sdk/rules';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { AppServices } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { inputOf, validate } from '../../http/validate.js';
import { Routes } from '../../http/router.js';
import { StorageNotFound } from '../../storage/storage.js';
import { BioreqDocument } from '../../db/bioreq-models.js';
import { EXTENSIONS } from '../media/upload.js';
import { bioreqMessages } from './policy.js';
import { recordFileFetch } from './service.js';

const BIOREQ_URL_TTL_SECONDS = 60;

interface BioreqFileRef {
  tenantId: string;
  documentId: string;
  storageKey: string;
  userId: string;
}

export interface BioreqSigner {
  url(ref: BioreqFileRef): { url: string; expiresAt: Date };
  verify(ref: BioreqFileRef, expires: string | undefined, signature: string | undefined): boolean;
}

export function createBioreqSigner(secret: string, publicUrl: string): BioreqSigner {
  const key = createHmac('sha256', secret).update('tessera bioreq urls').digest();
  const sign = (ref: BioreqFileRef, expires: number) =>
    createHmac('sha256', key).update(`${ref.tenantId}\n${ref.documentId}\n${ref.storageKey}\n${ref.userId}\n${expires}`).digest('base64url');
  return {
    url(ref) {
      const expires = Math.floor(Date.now() / 1000) + BIOREQ_URL_TTL_SECONDS;
      const query = new URLSearchParams({ user: ref.userId, expires: String(expires), signature: sign(ref, expires) });
      return { url: `${publicUrl}/api/bioreq-files/${ref.tenantId}/${ref.documentId}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
    },
    verify(ref, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const expiry = Number(expires);
      if (expiry * 1000 < Date.now()) return false;
      const expected = Buffer.from(sign(ref, expiry));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The name a document is saved under: its title (path separators and control characters out) and the type's extension. */
export function downloadName(title: string, mimeType: string): string {
  const base = title.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').trim() || 'document';
  const extension = EXTENSIONS[mimeType];
  return extension && !base.toLowerCase().endsWith(`.${extension}`) ? `${base}.${extension}` : base;
}

function setHeaders(ctx: Context, name: string, mimeType: string): void {
  ctx.attachment(name, { type: 'attachment' });
  ctx.type = mimeType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
  ctx.set('Referrer-Policy', 'no-referrer');
}

export function bioreqFileRoutes(services: AppServices, signer: BioreqSigner): Routes {
  const router = new Routes();
  const invalid = () => forbidden('invalid_signature', bioreqMessages.invalidSignature);
  router.get('/bioreq-files/:tenantId/:bioreqId', validate(queryForms.getBioreqFile, 'query', invalid), async (ctx) => {
    const { tenantId, bioreqId } = ctx.params;
    const { user: userId, expires, signature } = inputOf(ctx, queryForms.getBioreqFile);
    const org = services.db.inTenant(tenantId);
    const row = await org.row<Pick<BioreqDocument, 'title' | 'mime_type' | 'size' | 'storage_key'> & { uploader_user_id: string }>(
      org
        .from('bioreq_documents as d')
        .join('tenant_users as tu', 'tu.id', 'd.tenant_user_id')
        .where('d.id', bioreqId)
        .select('d.title', 'd.mime_type', 'd.size', 'd.storage_key', 'tu.user_id as uploader_user_id'),
      BioreqDocument,
    );
    if (!row?.storage_key) throw invalid();
    const ref = { tenantId, documentId: bioreqId, storageKey: row.storage_key, userId };
    if (!signer.verify(ref, expires, signature)) throw invalid();
    setHeaders(ctx, downloadName(row.title, row.mime_type), row.mime_type);
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      ctx.set('Content-Length', String(row.size));
      return;
    }
    const file = await services.storage.get(row.storage_key).catch((error: unknown) => {
      throw error instanceof StorageNotFound ? notFound(bioreqMessages.notFound) : error;
    });
    try {
      await recordFileFetch(services.db, tenantId, { documentId: bioreqId, userId, uploaderUserId: row.uploader_user_id, ip: ctx.ip });
    } catch (error) {
      file.destroy();
      throw error;
    }
    ctx.body = file;
    ctx.length = row.size;
  });
  return router;
}
