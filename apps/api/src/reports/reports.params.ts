/** The parameters of the report routes (see ../params/parameters.ts): add a new one here, or it is refused. */
import { CASINO, CASINO_ID, formatOf, GAMING_DAY, identifier, param, RouteParameters, wholeNumber } from '../params/parameters';

const REQUIRED_DAY = { ...GAMING_DAY, required: true };

/** GET /api/v1/reconciliation */
export const RECONCILIATION_PARAMETERS: RouteParameters = {
  query: { gamingDay: REQUIRED_DAY, casino: CASINO, casinoId: CASINO_ID, format: formatOf('json', 'csv') },
};

/** GET /api/v1/jackpots */
export const JACKPOTS_PARAMETERS: RouteParameters = {
  query: {
    casino: CASINO,
    casinoId: CASINO_ID,
    poolId: param(identifier('jackpot pool'), { description: 'only this pool' }),
    points: param(wholeNumber(2, 100_000), { description: 'at most this many points in each value series (default 500; wins and resets are always kept)' }),
    format: formatOf('json', 'csv'),
  },
};

/** GET /api/v1/reports/inspector */
export const INSPECTOR_PARAMETERS: RouteParameters = {
  query: { gamingDay: REQUIRED_DAY, casino: CASINO, casinoId: CASINO_ID, format: formatOf('json', 'csv', 'pdf') },
};
