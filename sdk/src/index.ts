export * from './client.js';
export * from './token-store.js';
export * from './rules/index.js';
export type { components, paths, operations } from './generated/schema.js';

import type { components } from './generated/schema.js';
type Schemas = components['schemas'];
export type CurrentUser = Schemas['CurrentUser'];
export type Membership = Schemas['Membership'];
export type TenantSummary = Schemas['TenantSummary'];
export type AppConfig = Schemas['Config'];
export type Role = Schemas['Role'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type AccessRequest = Schemas['AccessRequest'];
