/**
 * The models of webhooks (ARCHITECTURE.md#webhooks): here, not in the feature, because every feature whose changes
 * are events writes deliveries through the events layer (events/publish.ts).
 */
import type { WebhookDeliveryState, WebhookEventType } from '@tessera/sdk';
import { TesseraModel } from './model.js';

export class WebhookEndpoint extends TesseraModel {
  static override tableName = 'webhook_endpoints';
  static override booleanColumns = ['enabled'];
  static override dateColumns = ['failing_since', 'previous_secret_expires_at', 'created_at', 'updated_at'];
  static override jsonColumns = ['events'];
  declare id: string;
  declare tenant_id: string;
  declare url: string;
  declare description: string;
  declare events: WebhookEventType[];
  declare enabled: boolean;
  declare disabled_reason: 'failing' | null;
  declare failing_since: string | null;
  declare secret: string;
  declare previous_secret: string | null;
  declare previous_secret_expires_at: string | null;
  declare created_by: string | null;
  declare created_at: string;
  declare updated_at: string;
}

export class WebhookDelivery extends TesseraModel {
  static override tableName = 'webhook_deliveries';
  static override numberColumns = ['attempts', 'retry_step', 'last_status_code'];
  static override dateColumns = ['created_at', 'last_attempt_at', 'next_attempt_at', 'delivered_at'];
  declare id: string;
  declare tenant_id: string;
  declare endpoint_id: string;
  declare event_type: WebhookEventType;
  declare payload: string;
  declare state: WebhookDeliveryState;
  declare attempts: number;
  declare retry_step: number;
  declare last_status_code: number | null;
  declare last_error: string | null;
  declare created_at: string;
  declare last_attempt_at: string | null;
  declare next_attempt_at: string | null;
  declare delivered_at: string | null;
}

export class WebhookAttempt extends TesseraModel {
  static override tableName = 'webhook_attempts';
  static override numberColumns = ['attempt', 'status_code', 'duration_ms'];
  static override dateColumns = ['attempted_at'];
  declare id: string;
  declare tenant_id: string;
  declare delivery_id: string;
  declare attempt: number;
  declare status_code: number | null;
  declare error: string | null;
  declare duration_ms: number;
  declare attempted_at: string;
}
