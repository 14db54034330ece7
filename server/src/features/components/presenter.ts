import type { Component } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean, DbDate } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary } from '../media/summary.js';
import { contentAbilities } from '../modules/policy.js';

export interface ComponentRow {
  id: string;
  module_id: string;
  name: string;
  description: string;
  is_active: DbBoolean;
  position: number;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
  is_hidden: DbBoolean;
  topics_count?: number | string;
  [imageColumn: string]: unknown;
}

export function presentComponent(row: ComponentRow, role: AccessRole, signer: UrlSigner): Component {
  const deletedAt = toDate(row.deleted_at);
  const image = mediaSummaryOf(row, 'image');
  const component: Component = {
    id: row.id,
    module_id: row.module_id,
    name: row.name,
    description: row.description,
    is_active: Boolean(row.is_active),
    order: Number(row.position),
    main_image: image ? presentMediaSummary(image, signer) : null,
    knowledgecheck_id: null,
    is_hidden: Boolean(row.is_hidden),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: contentAbilities(role, row),
  };
  if (row.topics_count !== undefined) component.topics_count = Number(row.topics_count);
  return component;
}
