/** The parameters of the browse routes (see ../params/parameters.ts): add a new one here, or it is refused. */
import { DEFAULT_LIMIT, MAX_LIMIT } from '../pagination';
import {
  calendarDay,
  CASINO,
  CASINO_ID,
  clockTimeOrInstant,
  findingCode,
  GAMING_DAY,
  idFragment,
  identifier,
  oneOf,
  opaqueToken,
  param,
  RouteParameters,
  wholeNumber,
} from '../params/parameters';

/** `limit` and `cursor` of a paginated list (../pagination.ts checks what a cursor holds) */
export const PAGE_PARAMETERS = {
  limit: param(wholeNumber(1, MAX_LIMIT), { description: `rows per page, 1–${MAX_LIMIT} (default ${DEFAULT_LIMIT})` }),
  cursor: param(opaqueToken(2048), { description: 'the `next` of the previous page' }),
};

/** GET /api/v1/sessions */
export const SESSIONS_PARAMETERS: RouteParameters = {
  query: { gamingDay: GAMING_DAY, casino: CASINO, casinoId: CASINO_ID, ...PAGE_PARAMETERS },
};

/** GET /api/v1/rounds */
export const ROUNDS_PARAMETERS: RouteParameters = {
  query: {
    gamingDay: GAMING_DAY,
    table: param(identifier('table'), { description: 'the table id', example: 'RL-01' }),
    code: param(findingCode, { description: 'a discrepancy code, e.g. PAYOUT_MISMATCH' }),
    from: param(clockTimeOrInstant, {
      description: "HH:MM[:SS] on the casino's clock (a `from` after `to` wraps past midnight), or an instant with its offset, 2026-10-25T02:30:00+01:00",
    }),
    to: param(clockTimeOrInstant, { description: 'as `from`; a clock time includes its whole minute' }),
    roundId: param(idFragment('round'), { description: 'part of a round id' }),
    casino: CASINO,
    casinoId: CASINO_ID,
    format: param(oneOf('json', 'csv'), { description: 'csv: every matching round, all pages, streamed (limit and cursor are not used)' }),
    ...PAGE_PARAMETERS,
  },
};

/** GET /api/v1/findings */
export const FINDINGS_PARAMETERS: RouteParameters = {
  query: {
    code: param(findingCode, { description: 'a finding code, e.g. SUPERVISION_VIOLATION' }),
    from: param(calendarDay, { description: 'the first gaming day, YYYY-MM-DD (inclusive)', example: '2026-11-01' }),
    to: param(calendarDay, { description: 'the last gaming day, YYYY-MM-DD (inclusive)', example: '2026-11-30' }),
    casino: CASINO,
    casinoId: CASINO_ID,
    format: param(oneOf('json', 'csv'), { description: 'csv: every matching finding, all pages (limit and cursor are not used)' }),
    ...PAGE_PARAMETERS,
  },
};
