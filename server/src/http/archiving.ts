/**
 * Archive and restore (spec section 4: archive is a delete call, restore sends `is_deleted: false`) for
 * rows with a `deleted_at` column, with the same 422 answers everywhere: an archived row changes only
 * after it is restored, and archiving or restoring twice is refused rather than silently repeated.
 */
import { toDate } from '../db/values.js';
import { fieldError } from './errors.js';

export function archiveMessages(thing: string) {
  return {
    archived: `This ${thing} is archived: restore it first.`,
    alreadyArchived: `This ${thing} is already archived.`,
    notArchived: `This ${thing} is not archived.`,
  };
}

export interface ArchivePlan {
  /** The new deleted_at, when it changes. */
  deleted_at?: Date | null;
  restored: boolean;
  archived: boolean;
}

export function isArchived(row: { deleted_at: unknown }): boolean {
  return toDate(row.deleted_at) !== null;
}

/**
 * Decides the `is_deleted` part of an update. `changesOtherFields` tells whether the same request also
 * edits the row, which an archived row only allows together with its restore.
 */
export function planArchive(row: { deleted_at: unknown }, isDeleted: boolean | undefined, changesOtherFields: boolean, thing: string): ArchivePlan {
  const text = archiveMessages(thing);
  const archived = isArchived(row);
  if (isDeleted === false) {
    if (!archived) throw fieldError('is_deleted', text.notArchived);
    return { deleted_at: null, restored: true, archived: false };
  }
  if (archived && (isDeleted === true || changesOtherFields)) {
    throw fieldError('is_deleted', isDeleted === true ? text.alreadyArchived : text.archived);
  }
  if (isDeleted === true) return { deleted_at: new Date(), restored: false, archived: true };
  return { restored: false, archived: false };
}
