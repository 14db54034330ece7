import type { Component } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary } from '../media/summary.js';
import { contentAbilities } from '../content/policy.js';
import type { ContentRow } from '../content/presenter.js';
import { componentPolicy } from './policy.js';

export interface ComponentRow extends ContentRow {
  module_id: string;
  is_hidden: DbBoolean;
  topics_count?: number | string;
  /** The component's knowledge check (a correlated subquery of the same select). */
  knowledgecheck_id?: string | null;
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
    knowledgecheck_id: row.knowledgecheck_id ?? null,
    is_hidden: Boolean(row.is_hidden),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: contentAbilities(componentPolicy, role, row),
  };
  if (row.topics_count !== undefined) component.topics_count = Number(row.topics_count);
  return component;
}
