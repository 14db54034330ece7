/**
 * The content models beside models.ts (ARCHITECTURE.md#data-access): media files, modules, components, topics,
 * items and suggestions, with their columns as a row is read (booleans, ISO 8601 strings, numbers) and the
 * relations a feature reads as a graph.
 */
import { LinkModel, TesseraModel } from './model.js';

export type MediaType = 'image' | 'video' | 'pdf' | 'audio';
export type ItemType = 'row' | 'paragraph' | MediaType;

const TIMESTAMPS = ['deleted_at', 'created_at', 'updated_at'] as const;

export class Media extends TesseraModel {
  static override tableName = 'media';
  static override dateColumns = ['created_at', 'updated_at'];
  static override numberColumns = ['size', 'width', 'height', 'thumbnail_size'];
  declare id: string;
  declare tenant_id: string;
  declare name: string;
  declare type: MediaType;
  declare mime_type: string;
  declare size: number;
  declare storage_key: string;
  declare width: number | null;
  declare height: number | null;
  declare thumbnail_key: string | null;
  declare thumbnail_mime_type: string | null;
  declare thumbnail_size: number | null;
  declare created_at: string;
  declare updated_at: string;
}

/** A video's WebVTT captions track (features/media/captions.ts). */
export class MediaCaption extends TesseraModel {
  static override tableName = 'media_captions';
  static override booleanColumns = ['is_default'];
  static override dateColumns = ['created_at', 'updated_at'];
  static override numberColumns = ['size'];
  declare id: string;
  declare tenant_id: string;
  declare media_id: string;
  declare language: string;
  declare label: string;
  declare is_default: boolean;
  declare storage_key: string;
  declare size: number;
  declare created_at: string;
  declare updated_at: string;
}

/** What modules, components and topics share. */
abstract class ContentModel extends TesseraModel {
  static override booleanColumns = ['is_active'];
  static override dateColumns = TIMESTAMPS;
  static override numberColumns = ['position'];
  declare id: string;
  declare tenant_id: string;
  declare name: string;
  declare description: string;
  declare is_active: boolean;
  /** Answered as `order`. */
  declare position: number;
  declare deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class Module extends ContentModel {
  static override tableName = 'modules';
  declare image_id: string | null;
}

export class Component extends ContentModel {
  static override tableName = 'components';
  declare module_id: string;
  declare image_id: string | null;
}

export class Topic extends ContentModel {
  static override tableName = 'topics';
  declare component_id: string;
}

export class Item extends TesseraModel {
  static override tableName = 'items';
  static override booleanColumns = ['is_procedure'];
  static override dateColumns = ['created_at', 'updated_at'];
  static override numberColumns = ['position'];
  declare id: string;
  declare tenant_id: string;
  declare topic_id: string;
  declare row_id: string | null;
  declare type: ItemType;
  declare position: number;
  declare text: string | null;
  declare is_procedure: boolean;
  declare media_id: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class Suggestion extends TesseraModel {
  static override tableName = 'suggestions';
  static override booleanColumns = ['is_active'];
  static override dateColumns = ['created_at', 'updated_at'];
  declare id: string;
  declare tenant_id: string;
  declare tenant_user_id: string;
  declare text: string;
  declare module_id: string | null;
  declare component_id: string | null;
  declare topic_id: string | null;
  declare is_active: boolean;
  declare created_at: string;
  declare updated_at: string;
}

/** A member's starred topic. */
export class TopicFavorite extends LinkModel {
  static override tableName = 'topic_favorites';
  static override idColumn = ['topic_id', 'tenant_user_id'];
  declare topic_id: string;
  declare tenant_user_id: string;
}

/** A member's completion of a procedure row. */
export class ItemCompletion extends LinkModel {
  static override tableName = 'item_completions';
  static override idColumn = ['item_id', 'tenant_user_id'];
  declare item_id: string;
  declare tenant_user_id: string;
}

/** A module a member hid from their client views. */
export class ModuleHidden extends LinkModel {
  static override tableName = 'module_hidden';
  static override idColumn = ['module_id', 'tenant_user_id'];
  declare module_id: string;
  declare tenant_user_id: string;
}

/** A component a member hid from their client views. */
export class ComponentHidden extends LinkModel {
  static override tableName = 'component_hidden';
  static override idColumn = ['component_id', 'tenant_user_id'];
  declare component_id: string;
  declare tenant_user_id: string;
}

/** A module shared with a group. */
export class ModuleGroup extends LinkModel {
  static override tableName = 'module_groups';
  static override idColumn = ['module_id', 'group_id'];
  declare module_id: string;
  declare group_id: string;
}

/** A module shared with a member directly. */
export class ModuleMember extends LinkModel {
  static override tableName = 'module_tenant_users';
  static override idColumn = ['module_id', 'tenant_user_id'];
  declare module_id: string;
  declare tenant_user_id: string;
}

/** A media file related to a module (a tag). */
export class ModuleMedia extends LinkModel {
  static override tableName = 'module_media';
  static override idColumn = ['module_id', 'media_id'];
  declare module_id: string;
  declare media_id: string;
}

/** A media file attached to a suggestion. */
export class SuggestionMedia extends LinkModel {
  static override tableName = 'suggestion_media';
  static override idColumn = ['suggestion_id', 'media_id'];
  declare suggestion_id: string;
  declare media_id: string;
}
