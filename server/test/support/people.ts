/**
 * Fixtures for the organization, member, group and access request suites: rows are written straight
 * to the database (fast, and independent of the calls under test), people log in through POST /token.
 */
import { randomBytes } from 'node:crypto';
import { newId } from '../../src/db/ids.js';
import type { AccessRequestStatus, Role, UserRow } from '../../src/db/models.js';
import { slugify } from '../../src/features/tenants/slug.js';
import { createUser, login, type TestServer } from './server.js';

export function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

export interface TenantFixture {
  id: string;
  name: string;
  slug: string;
}

export async function insertTenant(server: TestServer, options: { name?: string; archived?: boolean; enableBioreq?: boolean } = {}): Promise<TenantFixture> {
  const name = options.name ?? uniqueName('Org');
  const now = new Date();
  const row = {
    id: newId(),
    name,
    slug: slugify(name),
    enable_bioreq: Boolean(options.enableBioreq),
    deleted_at: options.archived ? now : null,
    created_at: now,
    updated_at: now,
  };
  await server.app.knex('tenants').insert(row);
  return { id: row.id, name, slug: row.slug };
}

export interface MembershipOptions {
  role?: Role;
  active?: boolean;
  archived?: boolean;
  createdAt?: Date;
  /** An invitation not yet accepted (ARCHITECTURE.md#member-invitations): grants nothing. */
  invited?: boolean;
}

export async function insertMembership(server: TestServer, tenantId: string, userId: string, options: MembershipOptions = {}): Promise<string> {
  const now = options.createdAt ?? new Date();
  const id = newId();
  await server.app.knex('tenant_users').insert({
    id,
    tenant_id: tenantId,
    user_id: userId,
    role: options.role ?? 'user',
    is_active: options.active ?? true,
    deleted_at: options.archived ? now : null,
    invited_at: options.invited ? now : null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function insertGroup(
  server: TestServer,
  tenantId: string,
  options: { name?: string; description?: string; archived?: boolean } = {},
): Promise<string> {
  const now = new Date();
  const id = newId();
  await server.app.knex('groups').insert({
    id,
    tenant_id: tenantId,
    name: options.name ?? uniqueName('Group'),
    description: options.description ?? 'A group for tests',
    deleted_at: options.archived ? now : null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function relate(server: TestServer, groupId: string, tenantUserId: string): Promise<void> {
  await server.app.knex('group_tenant_users').insert({ group_id: groupId, tenant_user_id: tenantUserId, created_at: new Date() });
}

export async function insertAccessRequest(
  server: TestServer,
  tenantId: string,
  userId: string,
  options: { status?: AccessRequestStatus; archived?: boolean } = {},
): Promise<string> {
  const now = new Date();
  const id = newId();
  await server.app.knex('access_requests').insert({
    id,
    tenant_id: tenantId,
    user_id: userId,
    status: options.status ?? 'pending',
    deleted_at: options.archived ? now : null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export interface Person {
  user: UserRow;
  token: string;
  /** The membership in the organization the person was made for, if any. */
  membershipId?: string;
}

export interface PersonOptions extends MembershipOptions {
  name?: string;
  owner?: boolean;
  /** An organization to give the person a membership of. */
  tenantId?: string;
  confirmed?: boolean;
}

/** A logged-in person, optionally a member of one organization. */
export async function person(server: TestServer, options: PersonOptions = {}): Promise<Person> {
  const user = await createUser(server, { isOwner: options.owner, name: options.name });
  const membershipId = options.tenantId ? await insertMembership(server, options.tenantId, user.id, options) : undefined;
  if (options.confirmed === false) await server.app.knex('users').where('id', user.id).update({ confirmed_at: null });
  const tokens = await login(server, user.email);
  return { user, token: tokens.access_token, membershipId };
}

export type Actor = 'owner' | 'master' | 'admin' | 'user' | 'outsider' | 'suspended' | 'unconfirmed' | 'invited';
export const ACTORS: Actor[] = ['owner', 'master', 'admin', 'user', 'outsider', 'suspended', 'unconfirmed', 'invited'];

/**
 * Two organizations and one person per kind of caller: the owner; a master, an admin and a user of
 * `home`; a master of `other` (the outsider); a master of `home` whose membership is suspended; a
 * master of `home` whose email is unconfirmed; and a person invited into `home` as a master who has not accepted
 * (an outsider until then).
 */
export interface World {
  home: TenantFixture;
  other: TenantFixture;
  people: Record<Actor, Person>;
}

export async function buildWorld(server: TestServer): Promise<World> {
  const home = await insertTenant(server, { name: uniqueName('Home') });
  const other = await insertTenant(server, { name: uniqueName('Other') });
  const people: Record<Actor, Person> = {
    owner: await person(server, { owner: true, name: 'Olive Owner' }),
    master: await person(server, { tenantId: home.id, role: 'master', name: 'Mia Master' }),
    admin: await person(server, { tenantId: home.id, role: 'admin', name: 'Adam Admin' }),
    user: await person(server, { tenantId: home.id, role: 'user', name: 'Ursula User' }),
    outsider: await person(server, { tenantId: other.id, role: 'master', name: 'Otto Outsider' }),
    suspended: await person(server, { tenantId: home.id, role: 'master', active: false, name: 'Sue Suspended' }),
    unconfirmed: await person(server, { tenantId: home.id, role: 'master', confirmed: false, name: 'Una Unconfirmed' }),
    invited: await person(server, { tenantId: home.id, role: 'master', invited: true, name: 'Ivan Invited' }),
  };
  return { home, other, people };
}

export function del(server: TestServer, path: string, token?: string) {
  return server.api.request('DELETE', path, { token });
}
