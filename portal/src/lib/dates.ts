import { formatDisplayDate } from '@tessera/sdk';

/** Formats an ISO timestamp as the spec shows dates (section 9), in the viewer's time zone (the SDK's one rule). */
export function formatDate(iso: string): string {
  return formatDisplayDate(iso);
}
