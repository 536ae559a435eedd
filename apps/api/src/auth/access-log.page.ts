/**
 * One page of the access log as the API and the command line answer it (issue 20 §3): the window
 * (`from`, `to`), `limit` and `cursor` checked the same way for both, and the same answer.
 */
import { BadRequestException } from '@nestjs/common';
import { AccessRecord, AccessService, accessLogWindow, WindowError } from '../../../../libs/access/src';
import { because, keyed } from '../../../../libs/i18n/src/reasons';
import { timeZones } from '../../../../libs/reports/src/local-time';
import { decodeCursor, encodeCursor, parseLimit } from '../pagination';

const LIST = 'access-log';

export interface AccessLogQuery {
  readonly from?: string;
  readonly to?: string;
  readonly limit?: string;
  readonly cursor?: string;
  /** a casino-scoped reader's casino: only what its casino's credentials did (and attempts claiming one of them) */
  readonly casinoId?: string;
}

export interface AccessLogAnswer {
  readonly from: string;
  readonly to: string;
  /** records on this page */
  readonly count: number;
  readonly limit: number;
  /** the cursor of the next page, null on the last one */
  readonly next: string | null;
  /** records in the window (an estimate above 100,000: `totalIsEstimate`) */
  readonly total: number;
  readonly totalIsEstimate: boolean;
  /** the zone people read the records' instants in (issue 20 §6): the reader's casino's, else the default (`CASINO_AUDIT_TIME_ZONE`) */
  readonly timeZone: string;
  readonly records: AccessRecord[];
}

/** A page of the access log; a bad `from`, `to`, `limit` or `cursor` is a BadRequestException naming the field. */
export async function accessLogAnswer(access: AccessService, query: AccessLogQuery): Promise<AccessLogAnswer> {
  const limit = parseLimit(query.limit);
  // the cursor carries the window of the first page: `to` defaults to now, and now moves between pages
  const filters = { from: query.from, to: query.to };
  const key = decodeCursor(query.cursor, LIST, filters, ['n', 's', 's']) as [number, string, string] | undefined;
  let window: { from: Date; to: Date };
  if (key) {
    window = { from: new Date(key[1]), to: new Date(key[2]) };
    if (Number.isNaN(window.from.getTime()) || Number.isNaN(window.to.getTime()))
      throw new BadRequestException({ statusCode: 400, field: 'cursor', ...keyed(because('cursor.notIssued')) });
  } else {
    try {
      window = accessLogWindow(query.from, query.to);
    } catch (error) {
      if (error instanceof WindowError) throw new BadRequestException({ statusCode: 400, field: error.field, ...keyed(error.because) });
      throw error;
    }
  }
  const page = await access.accessLogPage({ ...window, casinoId: query.casinoId, after: key?.[0], limit });
  const bounds = [window.from.toISOString(), window.to.toISOString()] as const;
  return {
    from: bounds[0],
    to: bounds[1],
    count: page.records.length,
    limit,
    next: page.nextAfter === null ? null : encodeCursor(LIST, filters, [page.nextAfter, ...bounds]),
    total: page.total,
    totalIsEstimate: page.totalIsEstimate,
    timeZone: timeZones().of(query.casinoId),
    records: page.records,
  };
}
