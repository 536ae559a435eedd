/** The parameters of the access-log route (see ../params/parameters.ts): add a new one here, or it is refused. */
import { PAGE_PARAMETERS } from '../browse/browse.params';
import { dayOrInstant, param, RouteParameters } from '../params/parameters';

/** GET /api/v1/access-log */
export const ACCESS_LOG_PARAMETERS: RouteParameters = {
  query: {
    from: param(dayOrInstant, { description: 'date (YYYY-MM-DD, from 00:00 UTC) or ISO date-time; default 24 h before `to`' }),
    to: param(dayOrInstant, { description: 'date (YYYY-MM-DD, the whole day) or ISO date-time; default now' }),
    ...PAGE_PARAMETERS,
  },
};
