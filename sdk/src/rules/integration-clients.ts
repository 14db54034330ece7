/**
 * The rules of integration clients (ARCHITECTURE.md#tessera-as-an-openid-provider): a service account's name and
 * role, and for "Log in with Tessera" its redirect URIs and OAuth grant types, with their messages.
 */
import * as v from 'valibot';
import type { IntegrationClientGrantType } from '../generated/schema.js';
import { ROLES, bodyOf, documented, form, messages, present, required, text } from './core.js';
import { listQuery, searched } from './queries.js';

/** The grants an integration client may be registered with, in the contract's order (`satisfies` keeps it so). */
export const INTEGRATION_CLIENT_GRANT_TYPES = [
  'client_credentials',
  'authorization_code',
  'refresh_token',
] as const satisfies readonly IntegrationClientGrantType[];

export const REDIRECT_URI_MAX_LENGTH = 2000;
export const REDIRECT_URIS_MAX = 10;

export const integrationClientMessages = {
  redirectUri: 'Each redirect URI must be an absolute https URL (http only for localhost) without a fragment.',
  redirectUriNeeded: 'The authorization code grant needs at least one redirect URI.',
  grantTypesNeeded: 'Choose at least one grant type.',
  refreshNeedsCode: 'The refresh token grant needs the authorization code grant.',
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A redirect URI as registered: absolute, https (http for a loopback host only), no fragment, no credentials. */
export function isRedirectUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '' || url.hostname === '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** Redirect URIs, compared exactly (so answered as sent, trimmed), without duplicates. */
function redirectUris(field = 'redirect_uris') {
  return v.pipe(
    v.array(documented<string>(), messages.array(field)),
    v.maxLength(REDIRECT_URIS_MAX, messages.maxItems(field, REDIRECT_URIS_MAX)),
    v.check(
      (list) => list.every((uri) => typeof uri === 'string' && uri.trim().length <= REDIRECT_URI_MAX_LENGTH && isRedirectUri(uri.trim())),
      integrationClientMessages.redirectUri,
    ),
    v.transform((list) => [...new Set(list.map((uri) => uri.trim()))]),
  );
}

/** Grant types of the list, at least one, answered without duplicates in the list's order. */
function grantTypes(field = 'grant_types') {
  return v.pipe(
    v.array(documented<IntegrationClientGrantType>(), messages.array(field)),
    v.check((list) => list.length > 0, integrationClientMessages.grantTypesNeeded),
    v.check((list) => list.every((grant) => (INTEGRATION_CLIENT_GRANT_TYPES as readonly unknown[]).includes(grant)), messages.selected(field)),
    v.transform((list) => INTEGRATION_CLIENT_GRANT_TYPES.filter((grant) => list.includes(grant))),
  );
}

type ClientFields = { redirect_uris?: string[]; grant_types?: IntegrationClientGrantType[] };

function issueOn(field: string, message: string) {
  const path: [v.UnknownPathItem] = [{ type: 'unknown', origin: 'value', input: undefined, key: field, value: undefined }];
  return { message, path };
}

/** The code grant needs a redirect URI; a refresh token is only ever issued with a code. */
function grantsConsistent<S extends v.GenericSchema<unknown, ClientFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { redirect_uris: uris = [], grant_types: grants = ['client_credentials'] } = dataset.value as ClientFields;
      if (grants.includes('authorization_code') && uris.length === 0) addIssue(issueOn('redirect_uris', integrationClientMessages.redirectUriNeeded));
      if (grants.includes('refresh_token') && !grants.includes('authorization_code'))
        addIssue(issueOn('grant_types', integrationClientMessages.refreshNeedsCode));
    }),
  );
}

export const integrationClientForms = {
  /**
   * A new integration client: `name`, `role`, and optionally `redirect_uris` and `grant_types` (default
   * `["client_credentials"]`; the code grant needs a redirect URI).
   */
  integrationClient: bodyOf(
    'createIntegrationClient',
    grantsConsistent(
      form({
        name: required('name', text('name')),
        role: required('role', v.picklist(ROLES, messages.selected('role'))),
        redirect_uris: present(redirectUris()),
        grant_types: present(grantTypes()),
      }),
    ),
  ),
};

export const integrationClientQueryForms = {
  listIntegrationClients: listQuery(['name', 'created'], searched),
};
