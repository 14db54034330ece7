/**
 * Bioreq documents' policy (ARCHITECTURE.md#roles-and-policies; spec section 6 says only "admin" reviews). Decisions:
 *
 * - any member uploads and sees their own documents (the owner needs a membership to upload: an upload is a
 *   member's own act);
 * - reviewers are admins, masters and the owner: they list every document, download (which starts the review),
 *   decide match or no match, and write the note. Nobody decides on a document they uploaded themselves;
 * - the uploader reads the note display-only, downloads their own file and cancels it while it is `pending`;
 * - the access log (who downloaded) and the retention setting are the masters' and the owner's;
 * - a document is visible only to its uploader and the reviewers: anyone else gets 404, as for another
 *   organization's row.
 */
import type { BioreqAbilities } from '@tessera/sdk';
import { definePolicy } from '../../http/policy.js';
import { forbidden, notFound } from '../../http/errors.js';
import { atLeast, type TenantAccess } from '../../http/tenant-access.js';
import type { Context, Next } from 'koa';

export const bioreqPolicy = definePolicy({
  create: 'user',
  listOwn: 'user',
  view: 'user',
  download: 'user',
  cancel: 'user',
  readNotes: 'user',
  list: 'admin',
  decide: 'admin',
  writeNotes: 'admin',
  readAccessLog: 'master',
  settings: 'master',
});

export const bioreqMessages = {
  notFound: 'This bioreq document could not be found.',
  noteNotFound: 'This note could not be found.',
  disabled: 'Bioreq is not enabled for this organization.',
  ownDocument: 'You may not review a document you uploaded.',
  notUploader: 'Only the uploader may cancel this document.',
  reviewStarted: 'This document is under review and can no longer be cancelled.',
  notUnderReview: 'Only a document under review can be matched or not matched.',
  alreadyDecided: 'A decision on this document has already been taken.',
  noteExists: 'This document already has a note: update it instead.',
  fileDeleted: 'The file of this document was deleted by the retention policy.',
  invalidSignature: 'This link has expired or is not valid.',
} as const;

/** The columns the row rules read. */
export interface BioreqOwnership {
  tenant_user_id: string;
  status: string;
  storage_key: string | null;
}

/** The route step after `inTenant`: every bioreq call answers 403 `bioreq_disabled` while the organization has it off. */
export async function bioreqEnabled(ctx: Context, next: Next): Promise<void> {
  const access = ctx.state.tenantAccess;
  if (!access?.tenant.enable_bioreq) throw forbidden('bioreq_disabled', bioreqMessages.disabled);
  await next();
}

function isReviewer(access: TenantAccess): boolean {
  return atLeast(access.role, 'admin');
}

export function isUploader(access: TenantAccess, row: Pick<BioreqOwnership, 'tenant_user_id'>): boolean {
  return access.membershipId !== null && row.tenant_user_id === access.membershipId;
}

/** A document the caller may not see is not found (404), never forbidden. */
export function requireVisible<Row extends Pick<BioreqOwnership, 'tenant_user_id'>>(access: TenantAccess, row: Row | undefined): Row {
  if (!row || !(isReviewer(access) || isUploader(access, row))) throw notFound(bioreqMessages.notFound);
  return row;
}

export function bioreqAbilities(access: TenantAccess, row: BioreqOwnership): BioreqAbilities {
  const uploader = isUploader(access, row);
  const reviewer = isReviewer(access);
  return {
    download: (uploader || reviewer) && row.storage_key !== null,
    cancel: uploader && row.status === 'pending',
    decide: reviewer && !uploader && row.status === 'underreview',
    write_notes: bioreqPolicy.allows(access.role, 'writeNotes'),
    read_access_log: bioreqPolicy.allows(access.role, 'readAccessLog'),
  };
}
