/**
 * Pretty-URL names. A slug is derived from the organization's name and follows it when the organization is
 * renamed (issue 14); the former slugs are kept (`tenant_slugs`) and still reach the organization, so links and
 * embeds keep working after a rename (http/tenant-access.ts). A former slug stays reserved to its organization.
 */
import { isUuid } from '@tessera/sdk/rules';
import type { Database } from '../../db/database.js';
import { Tenant, TenantSlug } from '../../db/models.js';
import type { Query } from '../../db/query.js';

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

/**
 * The name's slug, or the same with the first free `-2`, `-3`... suffix. Taken: every organization's slug and
 * former slug, except those of `ownerId` (an organization renamed back reclaims its own former slug).
 */
export async function uniqueSlug(db: Database, name: string, ownerId?: string): Promise<string> {
  const base = slugify(name);
  // The base holds only letters, digits and dashes, so it has no LIKE wildcards.
  const like = (query: Query, column: string) => query.where((scope) => scope.where(column, base).orWhere(column, 'like', `${base}-%`));
  const current = like(db.from('tenants'), 'slug');
  // Slugs are one namespace: every organization's former slugs are taken.
  const former = like(db.acrossTenants('tenant_slugs'), 'slug');
  if (ownerId) {
    current.whereNot('id', ownerId);
    former.whereNot('tenant_id', ownerId);
  }
  const slugsOf = async (query: Query) => (await db.rows<{ slug: string }>(query.select('slug'))).map((row) => row.slug);
  const taken = new Set<string>([...(await slugsOf(current)), ...(await slugsOf(former))]);
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** After a rename: the slug follows the name, the old one is kept as a former slug (inside the caller's transaction). */
export async function followName(tx: Database, tenant: { id: string; slug: string }, name: string): Promise<void> {
  const slug = await uniqueSlug(tx, name, tenant.id);
  if (slug === tenant.slug) return;
  const org = tx.inTenant(tenant.id);
  await org.write(TenantSlug).where({ slug }).delete();
  await org.insertRows(TenantSlug, [{ slug: tenant.slug, created_at: new Date() }], { onConflict: ['slug'], ignore: true });
  await tx.write(Tenant).findById(tenant.id).patch({ slug });
}
