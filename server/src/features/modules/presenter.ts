import type { GroupSummary, Module, TenantUserSummary } from '@tessera/sdk';
import type { AccessRole } from '../../http/tenant-access.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary, type MediaSummaryColumns } from '../media/summary.js';
import { contentAbilities } from '../content/policy.js';
import type { ContentRow } from '../content/presenter.js';
import { modulePolicy } from './policy.js';

export interface ModuleRow extends ContentRow {
  is_hidden: boolean;
  components_count?: number;
  media_count?: number;
  members_count?: number;
  groups_count?: number;
  [imageColumn: string]: unknown;
}

export interface ModuleRelations {
  media: MediaSummaryColumns[];
  groups: GroupSummary[];
  members: TenantUserSummary[];
}

const COUNTS = ['components_count', 'media_count', 'members_count', 'groups_count'] as const;

export function presentModule(row: ModuleRow, role: AccessRole, signer: UrlSigner, relations?: ModuleRelations): Module {
  const image = mediaSummaryOf(row, 'image');
  const module: Module = {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.is_active,
    order: row.position,
    main_image: image ? presentMediaSummary(image, signer) : null,
    is_hidden: row.is_hidden,
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: contentAbilities(modulePolicy, role, row),
  };
  for (const count of COUNTS) {
    if (row[count] !== undefined) module[count] = row[count];
  }
  if (relations) {
    module.media = relations.media.map((media) => presentMediaSummary(media, signer));
    module.groups = relations.groups;
    module.members = relations.members;
  }
  return module;
}
