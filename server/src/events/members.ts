/** The member an event is about, as the contract's `WebhookMember` names one (events/publish.ts). */
import type { WebhookMember } from '@tessera/sdk';
import type { TenantDatabase } from '../db/database.js';
import type { Role } from '../db/models.js';
import type { JobQueue } from '../jobs/queue.js';
import { publishEvent } from './publish.js';

async function memberWithRole(org: TenantDatabase, memberId: string): Promise<WebhookMember & { role: Role }> {
  const member = await org.row<WebhookMember & { role: Role }>(
    org
      .from('tenant_users as tu')
      .join('users as u', 'u.id', 'tu.user_id')
      .where('tu.id', memberId)
      .select('tu.id', 'u.id as user_id', 'u.name', 'u.email', 'tu.role'),
  );
  // The event's change has just read or written this membership, in this transaction.
  if (!member) throw new Error(`Member ${memberId} of organization ${org.tenantId} not found for an event.`);
  return member;
}

/** One member of the organization (a tenant_users id). */
export async function webhookMember(org: TenantDatabase, memberId: string): Promise<WebhookMember> {
  const { role: _role, ...member } = await memberWithRole(org, memberId);
  return member;
}

/** `member.joined`, `member.suspended` or `member.removed` of a membership, with its role. */
export function publishMemberEvent(
  jobs: JobQueue,
  org: TenantDatabase,
  type: 'member.joined' | 'member.suspended' | 'member.removed',
  memberId: string,
): Promise<void> {
  return publishEvent(jobs, org, type, async () => {
    const { role, ...member } = await memberWithRole(org, memberId);
    return { member, role };
  });
}
