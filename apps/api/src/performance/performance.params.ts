/** The parameters of GET /api/v1/performance (see ../params/parameters.ts): add a new one here, or it is refused. */
import { CASINO, CASINO_ID, formatOf, GAMING_DAY, identifier, param, RouteParameters } from '../params/parameters';

export const PERFORMANCE_PARAMETERS: RouteParameters = {
  query: {
    gamingDay: { ...GAMING_DAY, required: true },
    casino: CASINO,
    casinoId: CASINO_ID,
    table: param(identifier('table'), { description: 'only this table (its sessions, findings, CUSUM and control chart)' }),
    format: formatOf('json', 'csv', 'pdf'),
  },
};
