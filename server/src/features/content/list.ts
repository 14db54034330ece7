/** The list definition (sorts, search) and the list options that modules, components and topics share. */
import type { ListDefinition, ListParams } from '../../db/paginate.js';
import type { Viewer } from './visibility.js';

export type ContentSortKey = 'order' | 'name' | 'created' | 'updated';

export function contentList(alias: string): ListDefinition<ContentSortKey> {
  return {
    sorts: { order: `${alias}.position`, name: `lower(${alias}.name)`, created: `${alias}.created_at`, updated: `${alias}.updated_at` },
    defaultOrder: 'order',
    tieBreaker: `${alias}.id`,
    searchColumns: [`${alias}.name`],
  };
}

export interface ContentListOptions {
  short: boolean;
  showHidden: boolean;
}

/** Client lists (a learner's, or anyone asking active=true) leave out what the member hid, unless asked. */
export function excludesHidden(viewer: Viewer, params: ListParams, options: ContentListOptions): boolean {
  return !options.showHidden && (!viewer.seesAll || params.active === true);
}
