import type { GroupSummary, Module, TenantUserSummary } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary, type MediaSummaryColumns } from '../media/summary.js';
import { contentAbilities } from '../content/policy.js';
import type { ContentRow } from '../content/presenter.js';
import { modulePolicy } from './policy.js';

export interface ModuleRow extends ContentRow {
  is_hidden: DbBoolean;
  components_count?: number | string;
  media_count?: number | string;
  members_count?: number | string;
  groups_count?: number | string;
  [imageColumn: string]: unknown;
}

export interface ModuleRelations {
  media: MediaSummaryColumns[];
  groups: GroupSummary[];
  members: TenantUserSummary[];
}

const COUNTS = ['components_count', 'media_count', 'members_count', 'groups_count'] as const;

export function presentModule(row: ModuleRow, role: AccessRole, signer: UrlSigner, relations?: ModuleRelations): Module {
  const deletedAt = toDate(row.deleted_at);
  const image = mediaSummaryOf(row, 'image');
  const module: Module = {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: Boolean(row.is_active),
    order: Number(row.position),
    main_image: image ? presentMediaSummary(image, signer) : null,
    is_hidden: Boolean(row.is_hidden),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: contentAbilities(modulePolicy, role, row),
  };
  for (const count of COUNTS) {
    if (row[count] !== undefined) module[count] = Number(row[count]);
  }
  if (relations) {
    module.media = relations.media.map((media) => presentMediaSummary(media, signer));
    module.groups = relations.groups;
    module.members = relations.members;
  }
  return module;
}
