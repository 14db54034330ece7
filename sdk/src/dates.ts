/**
 * The spec's display format for dates (section 9: "MMM DD YY h:mm a", e.g. "Jun 14 30 3:00 pm"), in the viewer's
 * time zone: the one implementation the portal and the widgets show dates with.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An ISO timestamp as the spec shows dates; an unreadable value shows as given. */
export function formatDisplayDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const year = twoDigits(date.getFullYear() % 100);
  return `${MONTHS[date.getMonth()]} ${twoDigits(date.getDate())} ${year} ${hour}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}
