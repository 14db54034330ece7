import type { Tenant } from '@tessera/sdk';
import type { ServerConfig } from '../../config.js';

import type { Tenant as TenantModel } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { tenantAbilities } from './policy.js';

export interface TenantRow extends Pick<
  TenantModel,
  'id' | 'name' | 'slug' | 'enable_bioreq' | 'enable_embed_jit' | 'deleted_at' | 'created_at' | 'updated_at'
> {
  groups_count: number;
  modules_count: number;
  members_count: number;
}

export function presentTenant(row: TenantRow, role: AccessRole): Tenant {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    enable_bioreq: row.enable_bioreq,
    enable_embed_jit: row.enable_embed_jit,
    groups_count: row.groups_count,
    modules_count: row.modules_count,
    members_count: row.members_count,
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: tenantAbilities(role, row),
  };
}

/** Where an email sends a member: the organization's client modules page. */
export function organizationUrl(config: Pick<ServerConfig, 'publicUrl'>, slug: string): string {
  return `${config.publicUrl}/${encodeURIComponent(slug)}`;
}
