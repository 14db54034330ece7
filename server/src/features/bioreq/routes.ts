/**
 * Bioreq documents (knowledge-checks-and-bioreq.md sections 2-9, issue 13) under /tenants/{tenantId}/bioreq, and
 * their files under the signed /bioreq-files/... URLs. Every tenant call runs `inTenant`, then `bioreqEnabled`
 * (403 `bioreq_disabled` while the organization has it off), then its policy step. The reviewers' list also answers
 * CSV (`format=csv`, http/csv.ts): every document of the tab and search, streamed.
 */
import type { Context, Next } from 'koa';
import { BIOREQ_TYPES, bioreqTypeMessage, formatFileSize, forms, mediaKindOf, messages, type FileKind, queryForms } from '@tessera/sdk/rules';
import { webhookMember } from '../../events/members.js';
import { publishEvent } from '../../events/publish.js';
import { queueMail } from '../../jobs/mail.js';
import type { AppServices } from '../../context.js';
import { answerCsv, presentedBatches, wantsCsv } from '../../http/csv.js';
import { newId } from '../../db/ids.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { readBody } from '../../http/read-body.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { bioreqVerdictEmail } from '../../mail/templates.js';
import { requireMembership } from '../content/policy.js';
import { fileOf, receiveMultipart, withUpload } from '../media/upload.js';
import { bioreqEnabled, bioreqMessages, bioreqPolicy } from './policy.js';
import { BIOREQ_CSV, presentBioreq, presentDownload, presentNote, presentNoteHistory, submitterOf, type BioreqRow } from './presenter.js';
import { BIOREQ_LIST } from './hot.js';
import * as bioreq from './service.js';
import { bioreqFileRoutes, createBioreqSigner, downloadName } from './signed-files.js';

const BASE = '/tenants/:tenantId/bioreq';
const DOCUMENT = `${BASE}/:bioreqId`;

/** A learner's uploads are counted per membership, with the suggestions' (security/ `memberUploads`): 429 beyond. */
async function countLearnerUpload(ctx: Context, next: Next): Promise<void> {
  const access = accessOf(ctx);
  if (access.role === 'user' && access.membershipId) await ctx.services.limiters.consume('memberUploads', access.membershipId);
  await next();
}

/** The kind whose size limits a bioreq file is held to: what its bytes are (an unknown type is refused anyway). */
function bioreqKind(part: { sniffed?: string }): FileKind {
  const sniffed = part.sniffed;
  if (sniffed && (BIOREQ_TYPES as readonly string[]).includes(sniffed)) return mediaKindOf(sniffed) ?? 'pdf';
  // Not an accepted type: checked as a kind it cannot be, so the pipeline refuses it with the bioreq message.
  return 'thumbnail';
}

export function routes(services: AppServices): Routes[] {
  const router = new Routes();
  const { db } = services;
  const signer = createBioreqSigner(services.secrets.secret, services.config.publicUrl);
  const tenant = [inTenant, bioreqEnabled] as const;

  const present = (ctx: Context, row: BioreqRow) => presentBioreq(row, accessOf(ctx));
  router.get(BASE, ...tenant, can(bioreqPolicy, 'list'), validate(queryForms.listBioreqDocuments, 'query'), async (ctx) => {
    const query = inputOf(ctx, queryForms.listBioreqDocuments);
    const params = listParams(query, BIOREQ_LIST);
    const tenantId = accessOf(ctx).tenant.id;
    if (wantsCsv(ctx, query)) {
      const rows = bioreq.allDocuments(db, tenantId, params, { processed: query.processed });
      const name = query.processed === undefined ? 'bioreq-documents' : query.processed ? 'bioreq-processed' : 'bioreq-pending';
      return answerCsv(ctx, { name, columns: BIOREQ_CSV, rows: presentedBatches(rows, (row) => present(ctx, row)) });
    }
    const page = await bioreq.listDocuments(db, tenantId, params, { processed: query.processed });
    ctx.body = listBody(page, (row) => present(ctx, row));
  });

  router.get(`${BASE}/user`, ...tenant, can(bioreqPolicy, 'listOwn'), validate(queryForms.listOwnBioreqDocuments, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const memberId = requireMembership(access);
    const query = inputOf(ctx, queryForms.listOwnBioreqDocuments);
    const page = await bioreq.listDocuments(db, access.tenant.id, listParams(query, BIOREQ_LIST), { processed: query.processed, memberId });
    ctx.body = listBody(page, (row) => present(ctx, row));
  });

  // Multipart: the file streams to private storage as it arrives, typed from its bytes; the text fields are
  // parsed once it is stored, and anything refused after that deletes it again (withUpload).
  router.post(BASE, ...tenant, can(bioreqPolicy, 'create'), countLearnerUpload, async (ctx) => {
    const access = accessOf(ctx);
    const memberId = requireMembership(access);
    const tenantId = access.tenant.id;
    const id = newId();
    const form = await receiveMultipart(ctx, services, {
      tenantId,
      mediaId: id,
      files: { file: { kind: bioreqKind } },
      typeMessage: bioreqTypeMessage(),
    });
    await withUpload(form, async () => {
      const input = readBody(form.fields, forms.bioreqUpload);
      const file = fileOf(form, 'file');
      if (!file) throw validationFailed({ file: [messages.required('file')] });
      const { min_size, max_size } = services.config.media.limits.file_sizes[file.kind];
      if (file.size < min_size * 1000) {
        throw validationFailed({
          file: [messages.fileSize(file.kind, formatFileSize(file.size), formatFileSize(min_size * 1000), formatFileSize(max_size * 1000))],
        });
      }
      await bioreq.createDocument(db, { id, tenantId, memberId, title: input.title, description: input.description, file });
    });
    ctx.status = 201;
    ctx.body = { data: present(ctx, await bioreq.requireDocument(db, access, id)) };
  });

  router.get(`${BASE}/settings`, ...tenant, can(bioreqPolicy, 'settings'), async (ctx) => {
    ctx.body = { data: { retention_days: await bioreq.retentionDays(db, accessOf(ctx).tenant.id) } };
  });

  router.put(`${BASE}/settings`, ...tenant, can(bioreqPolicy, 'settings'), validate(forms.bioreqSettings), async (ctx) => {
    const tenantId = accessOf(ctx).tenant.id;
    await bioreq.setRetentionDays(db, tenantId, inputOf(ctx, forms.bioreqSettings).retention_days);
    ctx.body = { data: { retention_days: await bioreq.retentionDays(db, tenantId) } };
  });

  router.get(DOCUMENT, ...tenant, can(bioreqPolicy, 'view'), async (ctx) => {
    ctx.body = { data: present(ctx, await bioreq.requireDocument(db, accessOf(ctx), ctx.params.bioreqId)) };
  });

  router.delete(DOCUMENT, ...tenant, can(bioreqPolicy, 'cancel'), async (ctx) => {
    const key = await bioreq.cancelDocument(db, accessOf(ctx), ctx.params.bioreqId);
    if (key) await services.storage.delete(key).catch(() => undefined);
    ctx.status = 204;
  });

  router.get(`${DOCUMENT}/download`, ...tenant, can(bioreqPolicy, 'download'), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    if (!row.storage_key) throw new HttpError(410, 'file_deleted', bioreqMessages.fileDeleted);
    const signed = signer.url({ tenantId: access.tenant.id, documentId: row.id, storageKey: row.storage_key, userId: access.user.id });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: { url: signed.url, file_name: downloadName(row.title, row.mime_type), mime_type: row.mime_type, expires_at: signed.expiresAt.toISOString() },
    };
  });

  router.post(`${DOCUMENT}/match`, ...tenant, can(bioreqPolicy, 'decide'), validate(forms.bioreqMatch), async (ctx) => {
    const access = accessOf(ctx);
    const input = inputOf(ctx, forms.bioreqMatch);
    // The verdict, its mail to the submitter and its event commit together (both are queued, jobs/queue.ts).
    const row = await db.transaction(async (tx) => {
      const decided = await bioreq.decide(tx, access, ctx.params.bioreqId, { match: input.match, message: input.message });
      const submitter = submitterOf(decided);
      if (submitter) {
        const url = `${services.config.publicUrl}/${access.tenant.slug}/bioreq?tab=processed`;
        const verdict = { title: decided.title, match: input.match, message: decided.message, organization: access.tenant.name, url };
        await queueMail(services, tx, bioreqVerdictEmail(submitter.email, submitter.name, verdict));
      }
      const org = tx.inTenant(access.tenant.id);
      await publishEvent(services.jobs, org, 'bioreq.document.decided', async () => ({
        document_id: decided.id,
        status: input.match ? 'match' : 'nomatch',
        member: await webhookMember(org, decided.tenant_user_id),
        reviewer: { id: access.user.id, name: access.user.name },
        decided_at: decided.decided_at ?? new Date().toISOString(),
      }));
      return decided;
    });
    ctx.body = { data: present(ctx, row) };
  });

  router.get(`${DOCUMENT}/notes`, ...tenant, can(bioreqPolicy, 'readNotes'), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    ctx.body = { data: (await bioreq.notesOfDocument(db, access.tenant.id, row.id)).map(presentNote) };
  });

  router.post(`${DOCUMENT}/notes`, ...tenant, can(bioreqPolicy, 'writeNotes'), validate(forms.bioreqNote), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    ctx.status = 201;
    ctx.body = { data: presentNote(await bioreq.createNote(db, access, row.id, inputOf(ctx, forms.bioreqNote).note)) };
  });

  router.post(`${DOCUMENT}/notes/:noteId`, ...tenant, can(bioreqPolicy, 'writeNotes'), validate(forms.bioreqNote), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    ctx.body = { data: presentNote(await bioreq.updateNote(db, access, row.id, ctx.params.noteId, inputOf(ctx, forms.bioreqNote).note)) };
  });

  router.get(`${DOCUMENT}/notes/:noteId/history`, ...tenant, can(bioreqPolicy, 'readNotes'), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    ctx.body = { data: (await bioreq.noteHistory(db, access.tenant.id, row.id, ctx.params.noteId)).map(presentNoteHistory) };
  });

  router.get(`${DOCUMENT}/access-log`, ...tenant, can(bioreqPolicy, 'readAccessLog'), async (ctx) => {
    const access = accessOf(ctx);
    const row = await bioreq.requireDocument(db, access, ctx.params.bioreqId);
    ctx.body = { data: (await bioreq.accessLog(db, access.tenant.id, row.id)).map(presentDownload) };
  });

  return [router, bioreqFileRoutes(services, signer)];
}
