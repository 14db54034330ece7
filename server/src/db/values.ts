/**
 * Values as the two databases hand them back, made one: dates (SQLite answers epoch milliseconds, PostgreSQL Dates)
 * and the unique-constraint violations of both drivers. Models use these (model.ts); so may features.
 */
/** SQLite hands back numbers (ms) for Date values and 0/1 for booleans; PostgreSQL hands back Dates and booleans. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value);
  return null;
}

/** ISO 8601 in UTC, as `Date#toISOString` writes it. Lists write two or three per row. */
export function toIso(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < YEAR_10000_MS) return isoFromEpochMs(value);
  return (toDate(value) ?? new Date(0)).toISOString();
}

const YEAR_10000_MS = 253_402_300_800_000;
const DAY_MS = 86_400_000;
const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/**
 * The UTC date of epoch milliseconds (years 1970-9999) written out without a Date object: a third of
 * `new Date(ms).toISOString()`'s cost (SQLite hands timestamps back as such numbers). Days to civil date by
 * Howard Hinnant's `civil_from_days`.
 */
function isoFromEpochMs(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(millis)}Z`;
}

/** Unique-constraint violations of both databases, so a lost race answers 422 rather than 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; nativeError?: unknown } | null;
  // objection wraps the driver's error (db-errors' UniqueViolationError) and keeps it as `nativeError`.
  if (e?.nativeError) return isUniqueViolation(e.nativeError);
  if (e?.code === '23505') return true;
  // better-sqlite3 names the extended code (SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY).
  return (e?.code?.startsWith('SQLITE_CONSTRAINT') ?? false) && /UNIQUE/i.test(e?.message ?? '');
}
