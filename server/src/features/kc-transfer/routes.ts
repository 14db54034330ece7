/**
 * Question bank import and export (issue 36): GIFT, Aiken and Moodle XML files in and out of a check's bank, for
 * the check's authors (the bank's own policy step). The check is looked up as the caller may see it before the
 * body is read (404 otherwise).
 */
import { kcForms, messages, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { validationFailed } from '../../http/errors.js';
import { can } from '../../http/policy.js';
import { readBody } from '../../http/read-body.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { viewerOf } from '../content/visibility.js';
import { kcPolicy } from '../knowledge-checks/policy.js';
import { requireCheck } from '../knowledge-checks/service.js';
import { fileOf, receiveMultipart } from '../media/upload.js';
import { exportQuestions, importQuestions } from './service.js';

const QUESTIONS = '/tenants/:tenantId/knowledgechecks/:knowledgeCheckId/questions';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.post(`${QUESTIONS}/import`, inTenant, can(kcPolicy, 'questions'), async (ctx) => {
    const access = accessOf(ctx);
    const check = await requireCheck(db, viewerOf(access), ctx.params.knowledgeCheckId);
    const form = await receiveMultipart(ctx, services, {
      tenantId: access.tenant.id,
      files: { file: { kind: 'question_bank', keep: 'memory' } },
      typeStatus: 422,
      sizeStatus: 413,
    });
    // The text fields arrive with the file, so the form is parsed here, not by a `validate` step.
    const input = readBody(form.fields, kcForms.knowledgeCheckQuestionImport);
    const bytes = fileOf(form, 'file')?.bytes;
    if (!bytes) throw validationFailed({ file: [messages.required('file')] });
    ctx.body = { data: await importQuestions(services, check, { format: input.format, dryRun: input.dry_run ?? false, bytes }) };
  });

  router.get(`${QUESTIONS}/export`, inTenant, can(kcPolicy, 'questions'), validate(queryForms.exportKnowledgeCheckQuestions, 'query'), async (ctx) => {
    const check = await requireCheck(db, viewerOf(accessOf(ctx)), ctx.params.knowledgeCheckId);
    const file = await exportQuestions(db, check, inputOf(ctx, queryForms.exportKnowledgeCheckQuestions).format);
    ctx.attachment(file.filename);
    ctx.set('Tessera-Questions-Left-Out', String(file.leftOut));
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  return router;
}
