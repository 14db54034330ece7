/**
 * The rules of single sign-on (ARCHITECTURE.md#single-sign-on): an organization's connection to its identity provider
 * (OpenID Connect or SAML 2.0), the email domains it serves, starting a sign-in, and their messages. The server adds
 * what only it can know (the issuer's discovery document, the domains other organizations hold, whether a client
 * secret is stored, whether a certificate parses), with the messages written here.
 */
import * as v from 'valibot';
import type { Flag, SsoDomainStatus, SsoProtocol } from '../generated/schema.js';
import { bodyOf, documented, emailAddress, form, isBlank, messages, present, required, sent, text } from './core.js';
import { filterId, listQuery, queryChoice, searched } from './queries.js';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const satisfies readonly SsoProtocol[];
/** The roles a connection may give a new member: never master (a master is named by a person). */
export const SSO_DEFAULT_ROLES = ['user', 'admin'] as const;
export const SSO_DOMAIN_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly SsoDomainStatus[];
export const SSO_DEFAULT_SCOPES = ['openid', 'email', 'profile'] as const;
export const SSO_DOMAINS_MAX = 20;
export const SSO_SCOPES_MAX = 20;
export const SSO_URL_MAX_LENGTH = 2000;
export const SSO_SECRET_MAX_LENGTH = 2000;
export const SSO_CERTIFICATE_MAX_LENGTH = 20_000;
export const SSO_METADATA_MAX_LENGTH = 200_000;

export const ssoMessages = {
  domain: 'Each domain must be a domain name such as example.com.',
  domainClaimed: (domain: string) => `${domain} is already claimed by another organization.`,
  url: (field: string) => `The ${field.replace(/_/g, ' ')} must be a valid http or https URL.`,
  https: (field: string) => `The ${field.replace(/_/g, ' ')} must use https.`,
  privateAddress: (field: string) => `The ${field.replace(/_/g, ' ')} may not point to a private, loopback or link-local address.`,
  discovery: (reason: string) => `The issuer's discovery document could not be read: ${reason}`,
  certificate: 'The certificate is not a valid X.509 certificate (PEM).',
  metadata: (reason: string) => `The metadata is not valid SAML identity provider metadata: ${reason}`,
  scope: 'Each scope must be a word without spaces.',
  emailOrOrganization: 'Enter your email address.',
  notFoundForEmail: 'No single sign-on is set up for this email address.',
  notFoundForOrganization: 'No single sign-on is set up for this organization.',
  providerUnavailable: (reason: string) => `The identity provider could not be reached: ${reason}`,
  /** The sign-in's failures, shown by the portal after "Single sign-on failed: ". */
  failed: (reason: string) => `Single sign-on failed: ${reason}`,
  stateUnknown: 'This sign-in expired or was already used. Please start again.',
  otherBrowser: 'This sign-in was started in another browser. Please start again in this one.',
  domainNotApproved: (domain: string) => `${domain} is not approved for this organization's single sign-on yet.`,
  domainNotServed: (domain: string) => `${domain} is not served by this organization's single sign-on.`,
  noEmail: 'The identity provider did not send an email address.',
  emailNotVerified: 'An account with this email address exists, and the identity provider did not say the address is verified.',
  accountSuspended: 'Your account has been suspended.',
  membershipSuspended: 'Your membership of this organization has been suspended.',
  notMember: 'You are not a member of this organization, and it does not add members at sign-in.',
  connectionGone: 'This organization no longer has single sign-on.',
  samlUnsolicited: 'The identity provider sent a sign-in nobody started here. Please start signing in from Tessera.',
  assertionReplayed: 'This answer of the identity provider was already used. Please start again.',
} as const;

// A DNS name of at least two labels, each 1–63 letters, digits or inner hyphens (IDNs in their xn-- form).
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
const PEM_BODY = /^(?:-----BEGIN CERTIFICATE-----)?([A-Za-z0-9+/=\s]+)(?:-----END CERTIFICATE-----)?$/;

/** Whether a (lower-cased, trimmed) string is a DNS name such as example.com. */
export function isDomainName(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** The domain of an email address (lower-cased), or undefined. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at < 1
    ? undefined
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase() || undefined;
}

/** 1–20 domain names, answered lower-cased, trimmed and without duplicates. */
function domainList(field = 'domains') {
  return v.pipe(
    v.array(documented<string>(), messages.array(field)),
    v.check((list) => list.length > 0, messages.required(field)),
    v.maxLength(SSO_DOMAINS_MAX, messages.maxItems(field, SSO_DOMAINS_MAX)),
    v.check((list) => list.every((domain) => typeof domain === 'string' && isDomainName(domain.trim().toLowerCase())), ssoMessages.domain),
    v.transform((list) => [...new Set(list.map((domain) => domain.trim().toLowerCase()))]),
  );
}

/** OAuth scopes (words without spaces), answered without duplicates and always with `openid` first. */
function scopeList(field = 'scopes') {
  return v.pipe(
    v.array(documented<string>(), messages.array(field)),
    v.maxLength(SSO_SCOPES_MAX, messages.maxItems(field, SSO_SCOPES_MAX)),
    v.check((list) => list.every((scope) => typeof scope === 'string' && SCOPE_PATTERN.test(scope.trim())), ssoMessages.scope),
    v.transform((list) => [...new Set(['openid', ...list.map((scope) => scope.trim())])]),
  );
}

/** An absolute http(s) URL with a host, answered trimmed; https is the server's rule (it knows the environment). */
function providerUrl(field: string) {
  return v.pipe(
    v.string(messages.string(field)),
    v.trim(),
    v.maxLength(SSO_URL_MAX_LENGTH, messages.maxLength(field, SSO_URL_MAX_LENGTH)),
    v.check((value) => parsedProviderUrl(value) !== undefined, ssoMessages.url(field)),
  );
}

/** The URL when it is an absolute http or https one with a host and no credentials; otherwise undefined. */
export function parsedProviderUrl(value: string): URL | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && url.hostname !== '' && url.username === '' && url.password === '' ? url : undefined;
}

/** A PEM certificate (or its bare base64 body), answered trimmed; the server parses it as X.509. */
function certificate(field = 'idp_certificate') {
  return v.pipe(
    v.string(messages.string(field)),
    v.trim(),
    v.maxLength(SSO_CERTIFICATE_MAX_LENGTH, messages.maxLength(field, SSO_CERTIFICATE_MAX_LENGTH)),
    v.check((value) => PEM_BODY.test(value), ssoMessages.certificate),
  );
}

const FLAG_VALUES: readonly unknown[] = [true, false, 1, 0, '1', '0', 'true', 'false'];
const TRUE_VALUES: readonly unknown[] = [true, 1, '1', 'true'];

/** A flag as forms.ts reads it (forms.ts imports this file, so its `flag` is not imported here). */
function switchFlag(field: string) {
  return v.pipe(
    v.custom<Flag>((value) => FLAG_VALUES.includes(value), messages.boolean(field)),
    v.transform((value) => TRUE_VALUES.includes(value)),
  );
}

/** A nullable name: blank reads as null. */
function nullableText(field: string) {
  return v.optional(
    v.pipe(
      documented<string | null>(),
      v.transform((value) => (isBlank(value) ? null : value)),
      v.nullable(text(field)),
    ),
  );
}

type ConnectionFields = Partial<Record<'protocol' | 'issuer' | 'client_id' | 'idp_metadata' | 'idp_entity_id' | 'idp_sso_url' | 'idp_certificate', unknown>>;

function issueOn(field: string, message: string) {
  const path: [v.UnknownPathItem] = [{ type: 'unknown', origin: 'value', input: undefined, key: field, value: undefined }];
  return { message, path };
}

/** The fields a protocol needs: OIDC an issuer and a client id; SAML the metadata, or its three parts. */
function protocolFields<S extends v.GenericSchema<unknown, ConnectionFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const values = dataset.value as ConnectionFields;
      const needed =
        values.protocol === 'oidc'
          ? (['issuer', 'client_id'] as const)
          : isBlank(values.idp_metadata)
            ? (['idp_entity_id', 'idp_sso_url', 'idp_certificate'] as const)
            : [];
      for (const field of needed) if (isBlank(values[field])) addIssue(issueOn(field, messages.required(field)));
    }),
  );
}

/** The single sign-on forms (gathered into `forms` by `npm run generate`). */
export const ssoForms = {
  /**
   * A connection, created or replaced whole. `client_secret` is required by the server for a new OIDC connection
   * (the form cannot know whether one is stored).
   */
  ssoConnection: bodyOf(
    'putSsoConnection',
    protocolFields(
      form({
        protocol: required('protocol', v.picklist(SSO_PROTOCOLS, messages.selected('protocol'))),
        name: required('name', text('name')),
        domains: required('domains', domainList()),
        default_role: present(v.picklist(SSO_DEFAULT_ROLES, messages.selected('default_role'))),
        just_in_time: sent(switchFlag('just_in_time')),
        enforce_sso: sent(switchFlag('enforce_sso')),
        groups_claim: nullableText('groups_claim'),
        issuer: present(providerUrl('issuer')),
        client_id: present(text('client_id')),
        client_secret: present(
          v.pipe(v.string(messages.string('client_secret')), v.maxLength(SSO_SECRET_MAX_LENGTH, messages.maxLength('client_secret', SSO_SECRET_MAX_LENGTH))),
        ),
        scopes: sent(scopeList()),
        idp_metadata: present(
          v.pipe(v.string(messages.string('idp_metadata')), v.maxLength(SSO_METADATA_MAX_LENGTH, messages.maxLength('idp_metadata', SSO_METADATA_MAX_LENGTH))),
        ),
        idp_entity_id: present(
          v.pipe(
            v.string(messages.string('idp_entity_id')),
            v.trim(),
            v.maxLength(SSO_URL_MAX_LENGTH, messages.maxLength('idp_entity_id', SSO_URL_MAX_LENGTH)),
          ),
        ),
        idp_sso_url: present(providerUrl('idp_sso_url')),
        idp_certificate: present(certificate()),
      }),
    ),
  ),
  /** Starting a sign-in: by email (its domain picks the connection) or by organization (id or slug). */
  ssoStart: bodyOf(
    'startSso',
    v.pipe(
      form({
        email: present(emailAddress()),
        organization: present(text('organization')),
        redirect: present(text('redirect', SSO_URL_MAX_LENGTH)),
      }),
      v.rawCheck(({ dataset, addIssue }) => {
        if (dataset.typed && dataset.value.email === undefined && dataset.value.organization === undefined)
          addIssue(issueOn('email', ssoMessages.emailOrOrganization));
      }),
    ),
  ),
};

export const ssoQueryForms = {
  /** The owner's single sign-on domain claims (the pending ones by `status=pending`). */
  listSsoDomains: listQuery(['requested', 'domain'], { ...searched, status: queryChoice('status', SSO_DOMAIN_STATUSES), tenant: filterId('tenant') }),
  listScimTokens: listQuery(['name', 'created'], searched),
};
