/**
 * Pretty-URL names. A slug is derived from the organization's name when it is created and never
 * changes afterwards (contract: Tenant), so links and embeds keep working after a rename.
 */
import type { Knex } from '../../db/knex.js';
import { isUuid } from '@tessera/sdk/rules';

const MAX_SLUG_LENGTH = 200;

/** "Acme & Sons_North" -> "acme-and-sons-north"; letters of any script are kept. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  if (slug === '') return 'organization';
  // `{tenantId}` accepts an id or a slug: a slug must never read as an id.
  return isUuid(slug) ? `${slug}-org` : slug;
}

/** The name's slug, or the same with the first free `-2`, `-3`... suffix. */
export async function uniqueSlug(db: Knex, name: string): Promise<string> {
  const base = slugify(name);
  // The base holds only letters, digits and dashes, so it has no LIKE wildcards.
  const taken = new Set<string>(await db('tenants').where('slug', base).orWhere('slug', 'like', `${base}-%`).pluck('slug'));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}
