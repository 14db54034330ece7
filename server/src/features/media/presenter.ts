import type { Media, NamedRef } from '@tessera/sdk';
import { toIso } from '../../db/knex.js';
import type { DbDate } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaAbilities } from './policy.js';
import { presentMediaSummary, type MediaSummaryColumns } from './summary.js';

export interface MediaRow extends MediaSummaryColumns {
  id: string;
  tenant_id: string;
  storage_key: string;
  thumbnail_mime_type: string | null;
  width: number | null;
  height: number | null;
  updated_at: DbDate;
  items_count?: number | string;
}

export function presentMedia(row: MediaRow, modules: NamedRef[], role: AccessRole, signer: UrlSigner): Media {
  return {
    ...presentMediaSummary(row, signer),
    updated_at: toIso(row.updated_at),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    modules,
    items_count: Number(row.items_count ?? 0),
    abilities: mediaAbilities(role),
  };
}
