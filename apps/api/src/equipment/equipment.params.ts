/** The parameters of the equipment and player-reference routes (see ../params/parameters.ts): add a new one here, or it is refused. */
import { PAGE_PARAMETERS } from '../browse/browse.params';
import { because } from '../../../../libs/i18n/src/reasons';
import { PLAYER_REF } from '../../../../libs/ledger/src/schema';
import { CASINO, CASINO_ID, formatOf, GAMING_DAY, identifier, param, ParameterKind, RouteParameters } from '../params/parameters';

/** An admission register number, as `BetPlaced.playerRef` takes it (docs/contract.md). */
const playerRef: ParameterKind = {
  schema: { type: 'string', pattern: PLAYER_REF.source, minLength: 1, maxLength: 64 },
  check: (v) => (PLAYER_REF.test(v) ? null : because('schema.playerRef')),
};

/** GET /api/v1/equipment */
export const EQUIPMENT_PARAMETERS: RouteParameters = {
  query: {
    casino: CASINO,
    casinoId: CASINO_ID,
    table: param(identifier('table'), { description: "only this table (its findings are still controlled across its casino's tables)" }),
    format: formatOf('json', 'csv'),
  },
};

/** GET /api/v1/player-figures */
export const PLAYER_FIGURES_PARAMETERS: RouteParameters = {
  query: {
    gamingDay: { ...GAMING_DAY, required: true },
    casino: CASINO,
    casinoId: CASINO_ID,
    playerRef: param(playerRef, { description: "one admission register number (the casino's own, never a name)", example: 'ADM-2026.0042' }),
    ...PAGE_PARAMETERS,
  },
};

/** GET /api/v1/advantage-play: one casino's day (the credential's own casino when it is scoped to one) */
export const ADVANTAGE_PLAY_PARAMETERS: RouteParameters = {
  query: {
    gamingDay: { ...GAMING_DAY, required: true },
    casino: param(CASINO, {
      description: 'the casino (required unless the credential is scoped to one): the findings are held to a false discovery rate across its players',
    }),
    casinoId: CASINO_ID,
    format: formatOf('json', 'csv'),
  },
};
