/** The columns every content row (module, component, topic) is read with, as its presenter needs them (normalised by its model). */
import type { Topic } from '../../db/content-models.js';

export type ContentRow = Pick<Topic, 'id' | 'name' | 'description' | 'is_active' | 'position' | 'deleted_at' | 'created_at' | 'updated_at'>;
