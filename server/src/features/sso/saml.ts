/**
 * The SAML 2.0 side of single sign-on, through @node-saml/node-saml as the service provider: the AuthnRequest's URL
 * (HTTP-Redirect binding, SP-initiated only), the service provider's metadata, and the ACS's validation (HTTP-POST
 * binding): the assertion must be signed by the connection's certificate, issued by its entity id (checked here:
 * node-saml checks the issuer of logout messages only), for Tessera's
 * entity id (audience), to the ACS (recipient), within its validity give or take SAML_CLOCK_SKEW_MS, and in response to
 * the request this browser's sign-in sent (InResponseTo, always required: an unsolicited response is refused).
 *
 * node-saml's cache of request ids is the database: the sign-in row (sign-in.ts) is inserted at the start and spent
 * once at the ACS before the response is read, so the cache a validation sees holds that one request id and nothing
 * else; no process keeps request ids in memory.
 */
import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { ProviderIdentity } from './oidc.js';

/** How far the IdP's clock may be from ours when NotBefore and NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 3 * 60 * 1000;

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];
const GIVEN_NAME_ATTRIBUTES = ['givenName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const SURNAME_ATTRIBUTES = ['sn', 'surname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];

/** The SAML connection's columns this file reads. */
export interface SamlConnection {
  tenant_id: string;
  idp_entity_id: string | null;
  idp_sso_url: string | null;
  idp_certificate: string | null;
  groups_claim: string | null;
}

/** Tessera's service provider addresses for an organization (the presenter shows them to copy into the IdP). */
export function samlUrls(publicUrl: string, tenantId: string): { entityId: string; metadataUrl: string; acsUrl: string } {
  const base = `${publicUrl}/api/sso/saml/${tenantId}`;
  return { entityId: `${base}/metadata`, metadataUrl: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** The ACS's path, whatever PUBLIC_URL (the browser binding's cookie is sent only there); header-safe for any id. */
export function samlAcsPath(tenantId: string): string {
  return `/api/sso/saml/${encodeURIComponent(tenantId)}/acs`;
}

/** A new AuthnRequest id: an XML ID (starts with a letter or underscore), also the sign-in's state. */
export function newSamlRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** node-saml's request-id cache for one request: the sign-in row holds it (see the file's comment). */
function oneRequestCache(requestId: string | undefined): CacheProvider {
  const createdAt = Date.now();
  return {
    saveAsync: (key, value) => Promise.resolve({ value, createdAt }),
    getAsync: (key) => Promise.resolve(requestId !== undefined && key === requestId ? new Date(createdAt).toISOString() : null),
    removeAsync: () => Promise.resolve(null),
  };
}

function serviceProvider(publicUrl: string, connection: SamlConnection, requestId?: string): SAML {
  const urls = samlUrls(publicUrl, connection.tenant_id);
  return new SAML({
    callbackUrl: urls.acsUrl,
    issuer: urls.entityId,
    audience: urls.entityId,
    entryPoint: connection.idp_sso_url ?? undefined,
    // The metadata endpoint has no certificate to give when the connection is not complete yet.
    idpCert: connection.idp_certificate ?? 'none',
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
    // A response signed as a whole is accepted too, its assertion signed or not is then decided by wantAssertionsSigned.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: oneRequestCache(requestId),
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The IdP's URL for a new AuthnRequest of id `requestId` (HTTP-Redirect binding), RelayState naming the sign-in. */
export async function samlAuthorizeUrl(publicUrl: string, connection: SamlConnection, requestId: string): Promise<string> {
  return serviceProvider(publicUrl, connection, requestId).getAuthorizeUrlAsync(requestId, undefined, {});
}

/** Tessera's service provider metadata XML for the organization's connection. */
export function samlMetadata(publicUrl: string, connection: SamlConnection): string {
  return serviceProvider(publicUrl, connection).generateServiceProviderMetadata(null);
}

/** A validated assertion: the identity it names, and its ID and end of validity (the replay check's key). */
export interface SamlAssertion {
  identity: ProviderIdentity;
  assertionId: string;
  notOnOrAfter: Date;
}

type Parsed = Record<string, Array<Record<string, unknown> & { $?: Record<string, string> }> | undefined>;

function firstString(profile: Profile, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return undefined;
}

function stringsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
}

/** The recipients and the latest NotOnOrAfter of the assertion's bearer confirmations, and its conditions' end. */
function confirmationsOf(assertion: Record<string, Parsed[string]> & { $?: Record<string, string> }) {
  const subject = assertion.Subject?.[0] as Parsed | undefined;
  const data = (subject?.SubjectConfirmation ?? []).flatMap((confirmation) =>
    ((confirmation as Parsed).SubjectConfirmationData ?? []).map((entry) => entry.$ ?? {}),
  );
  const conditions = (assertion.Conditions?.[0]?.$ ?? {}) as Record<string, string>;
  return { recipients: data.map((entry) => entry.Recipient), ends: [conditions.NotOnOrAfter, ...data.map((entry) => entry.NotOnOrAfter)] };
}

/**
 * Validates a SAMLResponse (base64 text of the HTTP-POST binding) answering `requestId`; throws an Error with
 * node-saml's or these words when it is not valid (see the file's comment). The identity is read from the signed
 * assertion only.
 */
export async function validateSamlResponse(publicUrl: string, connection: SamlConnection, requestId: string, samlResponse: string): Promise<SamlAssertion> {
  const { acsUrl } = samlUrls(publicUrl, connection.tenant_id);
  const { profile } = await serviceProvider(publicUrl, connection, requestId).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('The response signs nobody in.');
  // node-saml checks `idpIssuer` on logout messages only: the signed assertion's issuer is checked here.
  if (profile.issuer !== connection.idp_entity_id)
    throw new Error(`The assertion's issuer is not ${connection.idp_entity_id ?? "the connection's entity id"}.`);
  // getAssertion() is the signed assertion node-saml verified, parsed by xml2js.
  const assertion = (profile.getAssertion?.() as { Assertion?: Record<string, Parsed[string]> & { $?: Record<string, string> } } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertion || !assertionId) throw new Error('The assertion has no ID.');
  // node-saml checks the audience, not the recipient: the bearer confirmation must name this organization's ACS.
  const { recipients, ends } = confirmationsOf(assertion);
  if (recipients.length === 0 || recipients.some((recipient) => recipient !== acsUrl)) throw new Error(`The assertion's recipient is not ${acsUrl}.`);
  // The Response element's own Destination (when it names one), after an optional XML declaration.
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<(?:[\w-]+:)?Response\b[^>]*>/.exec(profile.getSamlResponseXml?.() ?? '')?.[0] ?? '';
  const destination = /\sDestination=(?:"([^"]*)"|'([^']*)')/.exec(root);
  if (destination && (destination[1] ?? destination[2]) !== acsUrl) throw new Error(`The response's destination is not ${acsUrl}.`);
  const times = ends
    .filter((end): end is string => typeof end === 'string')
    .map((end) => Date.parse(end))
    .filter(Number.isFinite);
  const notOnOrAfter = new Date((times.length > 0 ? Math.max(...times) : Date.now()) + SAML_CLOCK_SKEW_MS);
  return { identity: identityOf(profile, connection.groups_claim), assertionId, notOnOrAfter };
}

function identityOf(profile: Profile, groupsClaim: string | null): ProviderIdentity {
  const nameIsEmail = profile.nameIDFormat === EMAIL_FORMAT || /^[^@\s]+@[^@\s]+$/.test(profile.nameID ?? '');
  const email = (nameIsEmail ? profile.nameID : undefined) ?? firstString(profile, EMAIL_ATTRIBUTES);
  const given = firstString(profile, GIVEN_NAME_ATTRIBUTES);
  const surname = firstString(profile, SURNAME_ATTRIBUTES);
  const name = firstString(profile, NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(' ') || undefined);
  return {
    subject: profile.nameID,
    email: email?.trim().toLowerCase(),
    // The IdP asserts the addresses of the domain the platform owner approved for it (assertDomainServed checks it).
    emailVerified: true,
    name,
    groups: groupsClaim ? stringsOf((profile.attributes as Record<string, unknown> | undefined)?.[groupsClaim] ?? profile[groupsClaim]) : [],
  };
}
