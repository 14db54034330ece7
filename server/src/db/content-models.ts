/**
 * Thin objection models of the content tables (issue 4), beside models.ts: a table name and the row's
 * columns. Queries stay knex-shaped. `position` is the row's `order` in the API.
 */
import { Model } from 'objection';
import type { DbBoolean, DbDate } from './models.js';

export type MediaType = 'image' | 'video' | 'pdf' | 'audio';
export type ItemType = 'row' | 'paragraph' | MediaType;

export class Media extends Model {
  static override tableName = 'media';
  declare id: string;
  declare tenant_id: string;
  declare name: string;
  declare type: MediaType;
  declare mime_type: string;
  declare size: number | string;
  declare storage_key: string;
  declare width: number | null;
  declare height: number | null;
  declare thumbnail_key: string | null;
  declare thumbnail_mime_type: string | null;
  declare thumbnail_size: number | string | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

/** Columns shared by modules, components and topics. */
interface ContentColumns {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  is_active: DbBoolean;
  position: number;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
}

export class ContentModule extends Model {
  static override tableName = 'modules';
  declare id: ContentColumns['id'];
  declare tenant_id: string;
  declare name: string;
  declare description: string;
  declare is_active: DbBoolean;
  declare position: number;
  declare image_id: string | null;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class Component extends Model {
  static override tableName = 'components';
  declare id: string;
  declare tenant_id: string;
  declare module_id: string;
  declare name: string;
  declare description: string;
  declare is_active: DbBoolean;
  declare position: number;
  declare image_id: string | null;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class Topic extends Model {
  static override tableName = 'topics';
  declare id: string;
  declare tenant_id: string;
  declare component_id: string;
  declare name: string;
  declare description: string;
  declare is_active: DbBoolean;
  declare position: number;
  declare deleted_at: DbDate | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class Item extends Model {
  static override tableName = 'items';
  declare id: string;
  declare tenant_id: string;
  declare topic_id: string;
  declare row_id: string | null;
  declare type: ItemType;
  declare position: number;
  declare text: string | null;
  declare is_procedure: DbBoolean;
  declare media_id: string | null;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export class Suggestion extends Model {
  static override tableName = 'suggestions';
  declare id: string;
  declare tenant_id: string;
  declare tenant_user_id: string;
  declare text: string;
  declare module_id: string | null;
  declare component_id: string | null;
  declare topic_id: string | null;
  declare is_active: DbBoolean;
  declare created_at: DbDate;
  declare updated_at: DbDate;
}

export type ContentRow = ContentColumns;
export type ItemRow = Pick<Item, 'id' | 'tenant_id' | 'topic_id' | 'row_id' | 'type' | 'position' | 'text' | 'is_procedure' | 'media_id' | 'created_at' | 'updated_at'>;
