/**
 * The bioreq models beside models.ts (ARCHITECTURE.md#data-access): documents, their note and its history, the
 * access log and the retention setting, with their columns as a row is read (booleans, ISO 8601 strings, numbers).
 */
import type { BioreqStatus } from '@tessera/sdk';
import { TesseraModel } from './model.js';

export class BioreqDocument extends TesseraModel {
  static override tableName = 'bioreq_documents';
  static override booleanColumns = ['processed'];
  static override dateColumns = ['downloaded_at', 'decided_at', 'file_deleted_at', 'created_at', 'updated_at'];
  static override numberColumns = ['size'];
  declare id: string;
  declare tenant_id: string;
  declare tenant_user_id: string;
  declare title: string;
  declare description: string;
  declare storage_key: string | null;
  declare mime_type: string;
  declare size: number;
  declare status: BioreqStatus;
  /** match or nomatch: the Processed tab. */
  declare processed: boolean;
  declare message: string | null;
  declare reviewer_user_id: string | null;
  declare downloaded_at: string | null;
  declare decided_by_user_id: string | null;
  declare decided_at: string | null;
  declare file_deleted_at: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class BioreqNote extends TesseraModel {
  static override tableName = 'bioreq_notes';
  static override dateColumns = ['created_at', 'updated_at'];
  declare id: string;
  declare tenant_id: string;
  declare document_id: string;
  declare note: string;
  declare author_user_id: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class BioreqNoteHistory extends TesseraModel {
  static override tableName = 'bioreq_note_history';
  static override dateColumns = ['created_at'];
  declare id: string;
  declare note_id: string;
  declare note: string;
  declare author_user_id: string | null;
  /** When this text was written (the note's updated_at before it was replaced). */
  declare created_at: string;
}

export class BioreqDownload extends TesseraModel {
  static override tableName = 'bioreq_downloads';
  static override dateColumns = ['created_at'];
  declare id: string;
  declare tenant_id: string;
  declare document_id: string;
  declare user_id: string | null;
  declare ip: string;
  declare created_at: string;
}

export class BioreqSetting extends TesseraModel {
  static override tableName = 'bioreq_settings';
  /** One row per organization. */
  static override idColumn = 'tenant_id';
  static override dateColumns = ['created_at', 'updated_at'];
  static override numberColumns = ['retention_days'];
  declare tenant_id: string;
  /** Decided documents' files are deleted this many days after the verdict; null keeps them. */
  declare retention_days: number | null;
  declare created_at: string;
  declare updated_at: string;
}
