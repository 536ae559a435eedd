/** The time window of an access-log query: dates are whole UTC days, date-times are instants. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class WindowError extends Error {
  constructor(
    readonly field: 'from' | 'to',
    reason: string,
  ) {
    super(reason);
  }
}

function instant(value: string, field: 'from' | 'to'): Date {
  if (DATE.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || !day.toISOString().startsWith(value)) throw new WindowError(field, 'must be a date YYYY-MM-DD or an ISO 8601 date-time');
    return field === 'to' ? new Date(day.getTime() + 86_400_000 - 1) : day;
  }
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(t)) throw new WindowError(field, 'must be a date YYYY-MM-DD or an ISO 8601 date-time');
  return new Date(t);
}

/** `from` defaults to 24 hours before `to`, `to` to now; a date as `to` includes that whole day. */
export function accessLogWindow(from: string | undefined, to: string | undefined, now = Date.now()): { from: Date; to: Date } {
  const end = to ? instant(to, 'to') : new Date(now);
  const start = from ? instant(from, 'from') : new Date(end.getTime() - 86_400_000);
  if (start.getTime() > end.getTime()) throw new WindowError('from', 'must not be after to');
  return { from: start, to: end };
}
