/**
 * The time window of an access-log query: dates are whole UTC days, date-times are instants. The
 * values' form is checked where the parameters are declared (apps/api/src/auth/access-log.params.ts:
 * by the API's guard and by the command line), once; here they are read.
 */
import { because, type ReasonKey } from '../../i18n/src/reasons';
import { KeyedError } from './keyed-error';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A window that is not one: the field at fault, and the reason keyed (`errors:window.*`). */
export class WindowError extends KeyedError {
  constructor(
    readonly field: 'from' | 'to',
    reason: ReasonKey,
  ) {
    super(reason);
  }
}

function instant(value: string, field: 'from' | 'to'): Date {
  if (!DATE.test(value)) return new Date(value);
  const day = new Date(`${value}T00:00:00.000Z`);
  return field === 'to' ? new Date(day.getTime() + 86_400_000 - 1) : day;
}

/** `from` defaults to 24 hours before `to`, `to` to now; a date as `to` includes that whole day. */
export function accessLogWindow(from: string | undefined, to: string | undefined, now = Date.now()): { from: Date; to: Date } {
  const end = to ? instant(to, 'to') : new Date(now);
  const start = from ? instant(from, 'from') : new Date(end.getTime() - 86_400_000);
  if (start.getTime() > end.getTime()) throw new WindowError('from', because('window.fromAfterTo'));
  return { from: start, to: end };
}
