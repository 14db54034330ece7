/** The columns every content row (module, component, topic) is read with, as its presenter needs them. */
import type { DbBoolean, DbDate } from '../../db/models.js';

export interface ContentRow {
  id: string;
  name: string;
  description: string;
  is_active: DbBoolean;
  /** Answered as `order`. */
  position: number;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
}
