/** Póker sintético (docs/decisions/games.md#synthetic-poker): euskadi 17.06, cantabria A.15.6, illes-balears 12, andalucia SEGUNDO. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, CircleRulebookData, type Direction, EUSKADI_COMMON } from '../../core/circle';

export type SyntheticPokerRulebook = CircleRulebook;
const GAME = 'synthetic-poker';

/** Common to all four texts: 28 cards, two hole cards and five board cards, the mano speaks first, then the highest bettor. */
const synthetic = (lines: { deck: string; ace: string; hand: string; rounds: string }): Partial<CircleRulebookData> => ({
  deckSizes: cited([28], lines.deck),
  // the ace below the 8 or above the king: A-8-9-10-J is the lowest straight
  aceLowBelow: cited('lowest-in-play', lines.ace),
  handRule: cited('two-plus-three', lines.hand),
  firstToAct: cited(['mano', 'last-aggressor'], lines.rounds),
});

/** illes-balears and andalucia carry their own circle rules (they do not refer to a common part). */
const OWN_TEXT = (j: 'illes-balears' | 'andalucia', l: Record<string, string>): CircleRulebookData => ({
  ...EUSKADI_COMMON,
  jurisdiction: j,
  seatNumbering: cited('from-croupier-right', l.seats),
  minPlayers: cited(4, l.min),
  maxPlayers: cited(10, l.seats),
  sitOutHands: cited(2, l.sitOut),
  // the limits are the casino's within its authorised band; the text bounds the initial resto, not the minimum
  tableMinimumShare: cited(null, l.limits),
  anteIsMinimum: cited(true, l.ante),
  anteMaxShare: cited(1, l.ante),
  checkRaise: cited(true, l.check),
  cagnotteModes: cited(['pot-percentage'], l.rake),
  maxCagnotteRate: cited(0.03, l.rake),
  sessionFeeRange: cited(null, l.rake),
  perPlayerFeeRange: cited(null, l.rake),
  flushBeatsFull: cited(true, l.ranking),
  // the showdown as the game's own text states it (the table stakes stay euskadi's reading)
  potToBestHand: cited(true, l.source),
});

const IB_SOURCE = 'illes-balears L2469–2841';
const AND_SOURCE = 'andalucia L149–305';
const IB = OWN_TEXT('illes-balears', {
  source: IB_SOURCE,
  seats: 'illes-balears L2490–2492',
  min: 'illes-balears L2645–2647',
  sitOut: 'illes-balears L2552–2553',
  ante: 'illes-balears L2682–2685',
  check: 'illes-balears L2704–2730',
  rake: 'illes-balears L2498–2503',
  ranking: 'illes-balears L2569–2600',
  limits: 'illes-balears L2626–2641',
});
const AND = OWN_TEXT('andalucia', {
  source: AND_SOURCE,
  seats: 'andalucia L159',
  min: 'andalucia L235–237',
  sitOut: 'andalucia L179',
  ante: 'andalucia L251',
  check: 'andalucia L269–271',
  rake: 'andalucia L221',
  ranking: 'andalucia L203–205',
  limits: 'andalucia L219–233',
});

// the direction of play each jurisdiction reads (index.md OQ-40) is passed in with its rate and ante lines
const options = (j: 'euskadi' | 'cantabria' | 'illes-balears' | 'andalucia', rate: number, rateCite: string, ante: string, direction: Direction) =>
  circleOptions(j, {
    rate: cited(rate, rateCite),
    direction: cited(direction, 'index.md OQ-40'),
    forcedBets: cited('ante', ante),
    deckSize: cited(28, 'games.md synthetic-poker (28 cards A, K, Q, J, 10, 9, 8)'),
  });

export const rulebooks: Partial<Record<'euskadi' | 'cantabria' | 'illes-balears' | 'andalucia', SyntheticPokerRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    GAME,
    'euskadi L12698–12845',
    synthetic({ deck: 'euskadi L12709–12714', ace: 'euskadi L12714–12715', hand: 'euskadi L12701–12705', rounds: 'euskadi L12795–12812' }),
    options('euskadi', 0.05, 'euskadi L10811–10815', 'euskadi L12795–12798', 'clockwise'),
  ),
  cantabria: circleRulebook(
    { ...CANTABRIA_COMMON, seatNumbering: cited('from-croupier-right', 'cantabria L5319–5321') },
    GAME,
    'cantabria L6391–6465',
    synthetic({ deck: 'cantabria L6405–6410', ace: 'cantabria L6408–6410', hand: 'cantabria L6394–6401', rounds: 'cantabria L6418–6428; index.md OQ-43' }),
    options('cantabria', 0.05, 'cantabria L5336–5354', 'cantabria L6414–6416', 'counter-clockwise'),
  ),
  // "7 cards, of which only 5 count": best five of seven
  'illes-balears': circleRulebook(
    IB,
    GAME,
    IB_SOURCE,
    {
      ...synthetic({ deck: 'illes-balears L2482–2486', ace: 'illes-balears L2485–2486', hand: 'illes-balears L2473–2476', rounds: 'illes-balears L2694–2698' }),
      handRule: cited('best-five', 'illes-balears L2473–2476'),
    },
    options('illes-balears', 0.03, 'illes-balears L2498–2503', 'illes-balears L2682–2685', 'counter-clockwise'),
  ),
  // full beats flush; pass only if all passed, "reservarse" must then call exactly (no check-raise); rake per hand (docs/decisions/open-questions.md#oq-41)
  andalucia: circleRulebook(
    AND,
    GAME,
    AND_SOURCE,
    {
      ...synthetic({ deck: 'andalucia L157', ace: 'andalucia L195', hand: 'andalucia L153', rounds: 'andalucia L259' }),
      flushBeatsFull: cited(false, 'andalucia L203–205'),
      checkRaise: cited(false, 'andalucia L269–271'),
    },
    options('andalucia', 0.03, 'andalucia L221; index.md OQ-41', 'andalucia L251', 'counter-clockwise'),
  ),
};
