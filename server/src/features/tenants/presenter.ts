import type { Tenant } from '@tessera/sdk';
import type { ServerConfig } from '../../config.js';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean, DbDate } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { tenantAbilities } from './policy.js';

export interface TenantRow {
  id: string;
  name: string;
  slug: string;
  enable_bioreq: DbBoolean;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
  groups_count: number | string;
  modules_count: number | string;
  members_count: number | string;
}

export function presentTenant(row: TenantRow, role: AccessRole): Tenant {
  const deletedAt = toDate(row.deleted_at);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    enable_bioreq: Boolean(row.enable_bioreq),
    groups_count: Number(row.groups_count),
    modules_count: Number(row.modules_count),
    members_count: Number(row.members_count),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: tenantAbilities(role, row),
  };
}

/** Where an email sends a member: the organization's client modules page. */
export function organizationUrl(config: Pick<ServerConfig, 'publicUrl'>, slug: string): string {
  return `${config.publicUrl}/${encodeURIComponent(slug)}`;
}
