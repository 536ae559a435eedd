/** The parameters of the round routes (see ../params/parameters.ts): add a new one here, or it is refused. */
import { identifier, oneOf, param, RouteParameters } from '../params/parameters';

/** GET /api/v1/rounds/{roundId}/replay */
export const REPLAY_PARAMETERS: RouteParameters = {
  path: { roundId: param(identifier('round'), { description: 'the round id' }) },
  query: {
    format: param(oneOf('json', 'text'), { description: 'json (the verdict, contract §6) or text (the narrative)' }),
    full: param(oneOf('true', 'false'), {
      description: "fold the session's earlier facts instead of the round's stored starting state (`start` says which was used)",
    }),
  },
};
