/** The accounts feature's own tables' models (ARCHITECTURE.md#data-access); the account models are in db/models.ts. */
import { TesseraModel } from '../../db/model.js';

/** A solved captcha, remembered until its challenge expires so it is accepted once (captcha.ts). */
export class UsedCaptcha extends TesseraModel {
  static override tableName = 'used_captchas';
  static override idColumn = 'signature_hash';
  static override dateColumns = ['expires_at'];
  declare signature_hash: string;
  declare expires_at: string;
}
