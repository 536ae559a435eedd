/** The parameters of the session routes (see ../params/parameters.ts): add a new one here, or it is refused. */
import { formatOf, identifier, param, RouteParameters } from '../params/parameters';

const SESSION_ID = param(identifier('table session'), { description: 'the table session id' });

/** GET /api/v1/sessions/{sessionId}/table-book */
export const TABLE_BOOK_PARAMETERS: RouteParameters = {
  path: { sessionId: SESSION_ID },
  query: { format: formatOf('json', 'csv', 'pdf') },
};

/** POST /api/v1/sessions/{sessionId}/counts */
export const COUNTS_PARAMETERS: RouteParameters = {
  path: { sessionId: SESSION_ID },
};
