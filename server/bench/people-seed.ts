/**
 * Seeds the people benchmark: one organization with 10,000 members in 200 groups (every member in two
 * groups), plus one person who belongs to 50 organizations. Bulk inserts in one transaction, so seeding
 * takes about a second on SQLite.
 */
import type { Knex } from '../src/db/knex.js';
import { newId } from '../src/db/ids.js';
import { chunks } from '../src/db/relations.js';

const MEMBER_COUNT = 10_000;
const GROUP_COUNT = 200;
export const MEMBERSHIP_COUNT = 50;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kai',
  'Lea',
  'Max',
  'Nia',
  'Oli',
  'Pia',
  'Quin',
  'Rae',
  'Sol',
  'Tia',
  'Uma',
  'Vic',
  'Wes',
  'Xia',
  'Yan',
];
const NAME_STARTS = [
  'Ash',
  'Bel',
  'Cor',
  'Dun',
  'Elm',
  'Fen',
  'Gar',
  'Hol',
  'Ing',
  'Jor',
  'Kel',
  'Lor',
  'Mar',
  'Nor',
  'Orm',
  'Pel',
  'Quen',
  'Ros',
  'Sal',
  'Tor',
];
const NAME_ENDS = [
  'by',
  'den',
  'ford',
  'gate',
  'ham',
  'ley',
  'man',
  'ton',
  'ward',
  'well',
  'wick',
  'wood',
  'son',
  'sby',
  'ridge',
  'field',
  'more',
  'low',
  'stead',
  'worth',
];
/** 400 surnames like "Corford" or "Ashwick": realistic variety for the trigram index. */
const LAST_NAMES = NAME_STARTS.flatMap((start) => NAME_ENDS.map((end) => `${start}${end}`));

/** A surname shared by 25 of the 10,000 members: the benchmark's search term. */
export const SEARCH_TERM = 'holwick';

async function insertAll(trx: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  // 500 rows of up to 10 columns stay under SQLite's bound-parameter limit.
  for (const part of chunks(rows)) await trx(table).insert(part);
}

export interface PeopleSeed {
  tenantId: string;
  tenantSlug: string;
}

/** The big organization; `masterUserId` becomes its master (the benchmark logs in as them). */
export async function seedBigOrganization(knex: Knex, masterUserId: string): Promise<PeopleSeed> {
  const tenant = { id: newId(), name: 'Bench Big Org', slug: 'bench-big-org' };
  const start = Date.UTC(2024, 0, 1);
  await knex.transaction(async (trx) => {
    const now = new Date();
    await trx('tenants').insert({ ...tenant, enable_bioreq: false, deleted_at: null, created_at: now, updated_at: now });
    const groups = Array.from({ length: GROUP_COUNT }, (_, index) => ({
      id: newId(),
      tenant_id: tenant.id,
      name: `Group ${index}`,
      description: `Bench group number ${index}`,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    }));
    await insertAll(trx, 'groups', groups);

    const users: Record<string, unknown>[] = [];
    const memberships: Record<string, unknown>[] = [];
    const relations: Record<string, unknown>[] = [];
    for (let index = 0; index < MEMBER_COUNT; index += 1) {
      const first = FIRST_NAMES[index % FIRST_NAMES.length];
      const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length];
      const joined = new Date(start + index * 60_000);
      const userId = newId();
      users.push({
        id: userId,
        name: `${first} ${last}`,
        email: `${first}.${last}${index}@example.com`.toLowerCase(),
        password_hash: null,
        is_owner: false,
        is_active: true,
        confirmed_at: joined,
        deleted_at: null,
        created_at: joined,
        updated_at: joined,
      });
      const membershipId = newId();
      memberships.push({
        id: membershipId,
        tenant_id: tenant.id,
        user_id: userId,
        role: index % 50 === 0 ? 'admin' : 'user',
        is_active: index % 97 !== 0,
        deleted_at: null,
        created_at: joined,
        updated_at: joined,
      });
      relations.push({ group_id: groups[index % GROUP_COUNT].id, tenant_user_id: membershipId, created_at: joined });
      // 7i + 3 and i never meet modulo 200 (6i + 3 is odd), so the two groups differ.
      relations.push({ group_id: groups[(index * 7 + 3) % GROUP_COUNT].id, tenant_user_id: membershipId, created_at: joined });
    }
    await insertAll(trx, 'users', users);
    await insertAll(trx, 'tenant_users', memberships);
    await insertAll(trx, 'group_tenant_users', relations);
    await trx('tenant_users').insert({
      id: newId(),
      tenant_id: tenant.id,
      user_id: masterUserId,
      role: 'master',
      is_active: true,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  return { tenantId: tenant.id, tenantSlug: tenant.slug };
}

/** `count` organizations that `userId` belongs to, each with a few groups the user is in. */
export async function seedMemberships(knex: Knex, userId: string, count: number, prefix: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const now = new Date();
    const tenants: Record<string, unknown>[] = [];
    const memberships: Record<string, unknown>[] = [];
    const groups: Record<string, unknown>[] = [];
    const relations: Record<string, unknown>[] = [];
    for (let index = 0; index < count; index += 1) {
      const tenantId = newId();
      tenants.push({
        id: tenantId,
        name: `${prefix} Org ${index}`,
        slug: `${prefix.toLowerCase()}-org-${index}`,
        enable_bioreq: index % 2 === 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
      const membershipId = newId();
      memberships.push({
        id: membershipId,
        tenant_id: tenantId,
        user_id: userId,
        role: 'user',
        is_active: true,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
      for (let group = 0; group < 3; group += 1) {
        const groupId = newId();
        groups.push({ id: groupId, tenant_id: tenantId, name: `Team ${group}`, description: 'Bench team', deleted_at: null, created_at: now, updated_at: now });
        relations.push({ group_id: groupId, tenant_user_id: membershipId, created_at: now });
      }
    }
    await insertAll(trx, 'tenants', tenants);
    await insertAll(trx, 'tenant_users', memberships);
    await insertAll(trx, 'groups', groups);
    await insertAll(trx, 'group_tenant_users', relations);
  });
}
