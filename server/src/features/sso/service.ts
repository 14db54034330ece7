/**
 * Single sign-on connections and their domains (ARCHITECTURE.md#single-sign-on): one connection per organization,
 * replaced whole by its masters; each email domain claimed by one connection at most in the whole platform, serving
 * nobody until the platform owner approves it.
 */
import type { FormOutput } from '@tessera/sdk/rules';
import { messages, SSO_DEFAULT_SCOPES, ssoMessages, type forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { recordAuditEvent } from '../../db/audit.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { withColumns } from '../../db/model.js';
import { isUniqueViolation } from '../../db/values.js';
import { notFound, validationFailed } from '../../http/errors.js';
import type { TenantRef } from '../../http/tenant-access.js';
import { SsoConnection, SsoDomain, type SsoDomainStatus } from './models.js';
import { OidcClients, providerUrlProblem, providerWords } from './oidc.js';
import { certificatePem, readIdpMetadata } from './saml-metadata.js';
import { openSecret, sealSecret } from './secret-box.js';

export type SsoConnectionInput = FormOutput<typeof forms.ssoConnection>;
type Services = Pick<AppServices, 'db' | 'config' | 'secrets' | 'log'>;

interface ConnectionDomain {
  domain: string;
  status: SsoDomainStatus;
}

export interface ConnectionRow extends SsoConnection {
  domains: ConnectionDomain[];
}

const CONNECTION_COLUMNS = [
  'id',
  'tenant_id',
  'protocol',
  'name',
  'default_role',
  'just_in_time',
  'enforce_sso',
  'groups_claim',
  'issuer',
  'client_id',
  'client_secret_encrypted',
  'scopes',
  'idp_entity_id',
  'idp_sso_url',
  'idp_certificate',
  'created_at',
  'updated_at',
] as const;

const ssoServiceMessages = {
  notConfigured: 'This organization has no single sign-on connection.',
  domainNotFound: 'This domain is not claimed by any organization.',
} as const;

async function connectionDomains(org: TenantDatabase, connectionId: string): Promise<ConnectionDomain[]> {
  return org.rows<ConnectionDomain>(org.from('sso_domains').where('connection_id', connectionId).orderBy('domain').select('domain', 'status'), SsoDomain);
}

/** The organization's connection with its domains, or undefined. */
export async function findConnection(db: Database, tenantId: string): Promise<ConnectionRow | undefined> {
  const org = db.inTenant(tenantId);
  const row = await org.row<SsoConnection>(org.from('sso_connections').select(CONNECTION_COLUMNS), SsoConnection);
  if (!row) return undefined;
  return Object.assign(row, { domains: await connectionDomains(org, row.id) });
}

export async function requireConnection(db: Database, tenantId: string): Promise<ConnectionRow> {
  const row = await findConnection(db, tenantId);
  if (!row) throw notFound(ssoServiceMessages.notConfigured);
  return row;
}

/** The client secret stored for a connection, or undefined (none, or sealed under another server secret). */
export function clientSecretOf(services: Pick<Services, 'secrets'>, connection: Pick<SsoConnection, 'client_secret_encrypted'>): string | undefined {
  return connection.client_secret_encrypted ? openSecret(services.secrets.secret, connection.client_secret_encrypted) : undefined;
}

/** The protocol's columns, checked against the provider (OIDC discovery) or parsed (SAML); 422 per field. */
async function protocolColumns(services: Services, oidc: OidcClients, input: SsoConnectionInput, existing: ConnectionRow | undefined) {
  const allowInsecure = services.config.sso.allowInsecureProviders;
  const none = { issuer: null, client_id: null, client_secret_encrypted: null, idp_entity_id: null, idp_sso_url: null, idp_certificate: null };
  if (input.protocol === 'oidc') {
    const secret = input.client_secret ?? (existing?.protocol === 'oidc' ? clientSecretOf(services, existing) : undefined);
    if (!secret) throw validationFailed({ client_secret: [messages.required('client_secret')] });
    const issuer = input.issuer!;
    const problem = await providerUrlProblem('issuer', new URL(issuer), allowInsecure);
    if (problem) throw validationFailed({ issuer: [problem] });
    try {
      await oidc.discover(issuer, input.client_id!, secret);
    } catch (error) {
      throw validationFailed({ issuer: [ssoMessages.discovery(providerWords(error))] });
    }
    return { ...none, issuer, client_id: input.client_id!, client_secret_encrypted: sealSecret(services.secrets.secret, secret) };
  }
  if (input.idp_metadata !== undefined) {
    const read = readIdpMetadata(input.idp_metadata);
    if ('problem' in read) throw validationFailed({ idp_metadata: [ssoMessages.metadata(read.problem)] });
    const problem = URL.canParse(read.ssoUrl) ? await providerUrlProblem('idp_sso_url', new URL(read.ssoUrl), allowInsecure) : ssoMessages.url('idp_sso_url');
    if (problem) throw validationFailed({ idp_metadata: [ssoMessages.metadata(problem)] });
    return { ...none, idp_entity_id: read.entityId, idp_sso_url: read.ssoUrl, idp_certificate: read.certificate };
  }
  const certificate = certificatePem(input.idp_certificate!);
  const errors: Record<string, string[]> = {};
  if (!certificate) errors.idp_certificate = [ssoMessages.certificate];
  const problem = await providerUrlProblem('idp_sso_url', new URL(input.idp_sso_url!), allowInsecure);
  if (problem) errors.idp_sso_url = [problem];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { ...none, idp_entity_id: input.idp_entity_id!, idp_sso_url: input.idp_sso_url!, idp_certificate: certificate! };
}

/** 422 on `domains` for each domain another organization holds (pending or approved). */
async function assertDomainsFree(db: Database, tenantId: string, domains: readonly string[]): Promise<void> {
  const taken = await db.rows<Pick<SsoDomain, 'domain'>>(
    db.acrossTenants('sso_domains').whereIn('domain', domains).whereNot('tenant_id', tenantId).orderBy('domain').select('domain'),
    SsoDomain,
  );
  if (taken.length > 0) throw validationFailed({ domains: taken.map(({ domain }) => ssoMessages.domainClaimed(domain)) });
}

/** The connection's domains become `domains`: new ones pending, kept ones unchanged, others released. */
async function replaceDomains(org: TenantDatabase, connectionId: string, domains: readonly string[], now: string): Promise<void> {
  const current = await connectionDomains(org, connectionId);
  const released = current.map(({ domain }) => domain).filter((domain) => !domains.includes(domain));
  if (released.length > 0) await org.write(SsoDomain).whereIn('domain', released).delete();
  const added = domains.filter((domain) => !current.some((row) => row.domain === domain));
  const rows = added.map((domain) => ({ id: newId(), connection_id: connectionId, domain, status: 'pending', requested_at: now, decided_at: null }));
  if (rows.length > 0) await org.insertRows(SsoDomain, rows);
}

/** Creates or replaces the organization's connection (PUT); 422 per field. */
export async function saveConnection(
  services: Services,
  oidc: OidcClients,
  tenant: TenantRef,
  actor: { id: string; name: string },
  input: SsoConnectionInput,
): Promise<ConnectionRow> {
  const { db } = services;
  const existing = await findConnection(db, tenant.id);
  await assertDomainsFree(db, tenant.id, input.domains);
  const protocol = await protocolColumns(services, oidc, input, existing);
  const now = new Date().toISOString();
  const id = existing?.id ?? newId();
  const columns = {
    protocol: input.protocol,
    name: input.name,
    default_role: input.default_role ?? 'user',
    just_in_time: input.just_in_time ?? true,
    enforce_sso: input.enforce_sso ?? false,
    groups_claim: input.groups_claim ?? null,
    scopes: JSON.stringify(input.scopes ?? [...SSO_DEFAULT_SCOPES]),
    ...protocol,
    updated_at: now,
  };
  try {
    await db.inTenant(tenant.id).transaction(async (org) => {
      if (existing) await org.write(SsoConnection).findById(id).patch(columns);
      else await org.write(SsoConnection).insert({ id, ...columns, created_at: now });
      await replaceDomains(org, id, input.domains, now);
      await recordAuditEvent(org, {
        actor: { kind: 'user', id: actor.id, name: actor.name },
        action: existing ? 'sso.connection.updated' : 'sso.connection.created',
        target: { kind: 'sso_connection', id, name: input.name },
        details: { protocol: input.protocol, domains: input.domains, enforce_sso: columns.enforce_sso },
      });
    });
  } catch (error) {
    // Another organization claimed one of the domains since the check: the same answer as if it had before.
    if (!isUniqueViolation(error)) throw error;
    await assertDomainsFree(db, tenant.id, input.domains);
    throw error;
  }
  oidc.forget(id);
  return requireConnection(db, tenant.id);
}

/** Removes the connection, its domain claims, external identities and sign-ins in progress (cascades). */
export async function deleteConnection(db: Database, oidc: OidcClients, tenant: TenantRef, actor: { id: string; name: string }): Promise<void> {
  const connection = await requireConnection(db, tenant.id);
  await db.inTenant(tenant.id).transaction(async (org) => {
    await org.write(SsoConnection).findById(connection.id).delete();
    await recordAuditEvent(org, {
      actor: { kind: 'user', id: actor.id, name: actor.name },
      action: 'sso.connection.deleted',
      target: { kind: 'sso_connection', id: connection.id, name: connection.name },
    });
  });
  oidc.forget(connection.id);
}

// ------------------------------------------------------------------------------------------------
// The platform owner's domain claims

type SsoDomainSortKey = 'requested' | 'domain';

export const SSO_DOMAIN_LIST: ListDefinition<SsoDomainSortKey> = {
  sorts: { requested: 'd.requested_at', domain: 'd.domain' },
  defaultOrder: 'requested',
  tieBreaker: 'd.id',
  searchColumns: ['d.domain', 't.name'],
};

export interface SsoDomainRow {
  id: string;
  domain: string;
  status: SsoDomainStatus;
  requested_at: string;
  decided_at: string | null;
  tenant_id: string;
  tenant_name: string;
  tenant_slug: string;
  connection_name: string;
  protocol: SsoConnection['protocol'];
}

const DOMAIN_ROW = withColumns(SsoDomain, {});

function domainsQuery(db: Database) {
  return db.acrossTenants('sso_domains as d').join('sso_connections as c', 'c.id', 'd.connection_id').join('tenants as t', 't.id', 'd.tenant_id');
}

function selectDomain(query: ReturnType<typeof domainsQuery>) {
  return query.select(
    'd.id',
    'd.domain',
    'd.status',
    'd.requested_at',
    'd.decided_at',
    'd.tenant_id',
    't.name as tenant_name',
    't.slug as tenant_slug',
    'c.name as connection_name',
    'c.protocol',
  );
}

export async function listDomains(
  db: Database,
  params: ListParams<SsoDomainSortKey>,
  filters: { status?: SsoDomainStatus; tenantId?: string },
): Promise<Page<SsoDomainRow>> {
  const filtered = domainsQuery(db).whereNull('t.deleted_at');
  if (filters.status) filtered.where('d.status', filters.status);
  if (filters.tenantId) filtered.where('d.tenant_id', filters.tenantId);
  const page = await paginate<object, SsoDomainSortKey>(db, filtered, params, SSO_DOMAIN_LIST, selectDomain);
  return normalisedPage<SsoDomainRow>(page, DOMAIN_ROW);
}

/** The owner approves or rejects a claim; the same decision again answers it unchanged. */
export async function decideDomain(db: Database, domain: string, status: 'approved' | 'rejected', owner: { id: string; name: string }): Promise<SsoDomainRow> {
  const name = domain.trim().toLowerCase();
  const found = await db.row<SsoDomainRow>(selectDomain(domainsQuery(db).where('d.domain', name)), DOMAIN_ROW);
  if (!found) throw notFound(ssoServiceMessages.domainNotFound);
  if (found.status !== status) {
    await db.inTenant(found.tenant_id).transaction(async (org) => {
      await org.write(SsoDomain).findById(found.id).patch({ status, decided_at: new Date().toISOString() });
      await recordAuditEvent(org, {
        actor: { kind: 'owner', id: owner.id, name: owner.name },
        action: `sso.domain.${status}`,
        target: { kind: 'sso_domain', id: found.id, name },
      });
    });
  }
  return (await db.row<SsoDomainRow>(selectDomain(domainsQuery(db).where('d.domain', name)), DOMAIN_ROW))!;
}
