import type { SsoConnection, SsoConnectionInput } from '@tessera/sdk';
import { SSO_DEFAULT_SCOPES } from '@tessera/sdk/rules';

/**
 * The connection form's values, shaped as the body `forms.ssoConnection` checks (a type, not an interface: the
 * portal's forms need the index signature a type alias has). Text the person has not filled is '' (the rules read a
 * blank field as not sent); the protocol and the role are the radio groups' values, which the rules check.
 */
export type SsoConnectionValues = {
  protocol: string;
  name: string;
  domains: string[];
  default_role: string;
  just_in_time: boolean;
  enforce_sso: boolean;
  groups_claim: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
  idp_metadata: string;
  idp_entity_id: string;
  idp_sso_url: string;
  idp_certificate: string;
};

export const NEW_CONNECTION: SsoConnectionValues = {
  protocol: 'oidc',
  name: '',
  domains: [],
  default_role: 'user',
  just_in_time: true,
  enforce_sso: false,
  groups_claim: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  scopes: [...SSO_DEFAULT_SCOPES],
  idp_metadata: '',
  idp_entity_id: '',
  idp_sso_url: '',
  idp_certificate: '',
};

/** The stored connection as the form edits it; the secret is never answered, so its field starts empty. */
export function connectionValues(connection: SsoConnection | null): SsoConnectionValues {
  if (!connection) return NEW_CONNECTION;
  return {
    protocol: connection.protocol,
    name: connection.name,
    domains: connection.domains.map((claim) => claim.domain),
    default_role: connection.default_role,
    just_in_time: connection.just_in_time,
    enforce_sso: connection.enforce_sso,
    groups_claim: connection.groups_claim ?? '',
    issuer: connection.issuer ?? '',
    client_id: connection.client_id ?? '',
    client_secret: '',
    scopes: connection.scopes.length ? [...connection.scopes] : [...SSO_DEFAULT_SCOPES],
    idp_metadata: '',
    idp_entity_id: connection.idp_entity_id ?? '',
    idp_sso_url: connection.idp_sso_url ?? '',
    idp_certificate: connection.idp_certificate ?? '',
  };
}

/** Words of a text field (domains one per line or separated by commas or spaces; scopes by spaces). */
export function wordsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((word) => word.trim())
    .filter(Boolean);
}

const filledText = (value: string) => value.trim() || undefined;

/**
 * The body of a save: the fields of the chosen protocol only (the other protocol's are left out, not sent blank), the
 * secret only when one was typed (left out, the stored one is kept), domains lower-cased.
 */
export function connectionBody(values: SsoConnectionValues): SsoConnectionInput {
  const common = {
    name: values.name.trim(),
    domains: values.domains.map((domain) => domain.trim().toLowerCase()),
    default_role: values.default_role as SsoConnectionInput['default_role'],
    just_in_time: values.just_in_time,
    enforce_sso: values.enforce_sso,
    groups_claim: filledText(values.groups_claim) ?? null,
  };
  if (values.protocol === 'oidc') {
    const secret = filledText(values.client_secret);
    return {
      protocol: 'oidc',
      ...common,
      issuer: values.issuer.trim(),
      client_id: values.client_id.trim(),
      ...(secret ? { client_secret: secret } : {}),
      scopes: values.scopes,
    };
  }
  const metadata = filledText(values.idp_metadata);
  if (metadata) return { protocol: 'saml', ...common, idp_metadata: metadata };
  return {
    protocol: 'saml',
    ...common,
    idp_entity_id: values.idp_entity_id.trim(),
    idp_sso_url: values.idp_sso_url.trim(),
    idp_certificate: values.idp_certificate.trim(),
  };
}
