import dayjs from 'dayjs';

/** The spec's display format for dates (section 9). */
const DATE_FORMAT = 'MMM DD YY h:mm a';

/** Formats an ISO timestamp for display in the viewer's time zone; an unreadable value shows as given. */
export function formatDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format(DATE_FORMAT) : iso;
}
