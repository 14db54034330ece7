/**
 * The content models beside models.ts (ARCHITECTURE.md#data-access): media files, modules, components, topics,
 * items and suggestions, with their columns as a row is read (booleans, ISO 8601 strings, numbers) and the
 * relations a feature reads as a graph.
 */
import { Model } from 'objection';
import { TesseraModel } from './model.js';
import { Group } from './models.js';

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

/** A module's graph as its single read shows it: its media and its groups (modules/service.ts `relationsOf`). */
export class Module extends ContentModel {
  static override tableName = 'modules';
  declare image_id: string | null;
  declare media?: Media[];
  declare groups?: Group[];

  static override get relationMappings() {
    const through = (table: string, column: string) => ({ from: `${table}.module_id`, to: `${table}.${column}` });
    return {
      media: {
        relation: Model.ManyToManyRelation,
        modelClass: Media,
        join: { from: 'modules.id', through: through('module_media', 'media_id'), to: 'media.id' },
      },
      groups: {
        relation: Model.ManyToManyRelation,
        modelClass: Group,
        join: { from: 'modules.id', through: through('module_groups', 'group_id'), to: 'groups.id' },
      },
    };
  }
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
