/** The discovery documents (RFC 7644 section 4): what this endpoint supports, its resource types and schemas. */
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, MAX_RESULTS, USER_SCHEMA } from './resources.js';

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://github.com/tessera/tessera/blob/main/README.md#provisioning-with-scim',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'SCIM token',
        description: 'A SCIM token of the organization, created by a master in the Single sign-on screen.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

function resourceType(baseUrl: string, name: 'User' | 'Group', schema: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: name,
    name,
    endpoint: `/${name}s`,
    schema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
  };
}

export function resourceTypes(baseUrl: string) {
  const types = [resourceType(baseUrl, 'User', USER_SCHEMA), resourceType(baseUrl, 'Group', GROUP_SCHEMA)];
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: types.length, startIndex: 1, itemsPerPage: types.length, Resources: types };
}

const text = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(baseUrl: string) {
  const user = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'A member of the organization',
    attributes: [
      text('userName', { required: true, uniqueness: 'server', mutability: 'immutable' }),
      { ...text('name'), type: 'complex', subAttributes: [text('formatted'), text('givenName'), text('familyName')] },
      text('displayName'),
      { ...text('active'), type: 'boolean' },
      { ...text('emails'), type: 'complex', multiValued: true, subAttributes: [text('value'), text('type'), { ...text('primary'), type: 'boolean' }] },
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
  };
  const group = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group of the organization',
    attributes: [
      text('displayName', { required: true, uniqueness: 'server' }),
      {
        ...text('members'),
        type: 'complex',
        multiValued: true,
        subAttributes: [text('value', { mutability: 'immutable' }), text('display', { mutability: 'readOnly' })],
      },
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
  };
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 2, startIndex: 1, itemsPerPage: 2, Resources: [user, group] };
}
