export * from './client.js';
export * from './unwrap.js';
export type { ListItem, ListPath } from './paginate.js';
export * from './retries.js';
export * from './errors.js';
export type { ClientCredentials } from './client-credentials.js';
export * from './token-store.js';
export * from './upload.js';
export * from './signed-urls.js';
export * from './webhooks.js';
export * from './embed-sessions.js';
export * from './integration-client.js';
export * from './dates.js';
export * from './downloads.js';
export * from './rules/index.js';
// `components`, `paths`, `operations`, and every schema of the contract as a root type (`Topic`, `Module`,
// `Config`…), generated with `--root-types --root-types-no-schema-prefix`: nothing to keep by hand here.
export type * from './generated/schema.js';
