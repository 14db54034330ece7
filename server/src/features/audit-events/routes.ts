/** The organization's audit trail, GET /tenants/{tenantId}/audit-events (ARCHITECTURE.md#scim-provisioning). */
import { queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { auditEventPolicy } from './policy.js';
import { presentAuditEvent } from './presenter.js';
import { AUDIT_EVENT_LIST, listAuditEvents } from './service.js';

export function routes(services: AppServices): Routes {
  const router = new Routes();

  router.get('/tenants/:tenantId/audit-events', inTenant, can(auditEventPolicy, 'list'), validate(queryForms.listAuditEvents, 'query'), async (ctx) => {
    const query = inputOf(ctx, queryForms.listAuditEvents);
    const page = await listAuditEvents(services.db, accessOf(ctx).tenant.id, listParams(query, AUDIT_EVENT_LIST), query.action ?? null);
    ctx.body = listBody(page, presentAuditEvent);
  });

  return router;
}
