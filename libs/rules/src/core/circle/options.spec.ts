/**
 * A session's options alone (`options.ts`): what each jurisdiction's rulebook lets a circle table declare. The
 * house benefit: at most 5 % of the pot (euskadi L10811–10815), a session fee of 10–20 % (L10817–10823), a fee per
 * player of 20–50 % (L10825–10828) which cantabria does not have (L5336–5354).
 */
import { rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { optionsOf, refuseCircleOptions } from './options';
import { circleEnv } from './spec-support';

const E = HOLDEM_RULES.rulebooks.euskadi!;
const C = HOLDEM_RULES.rulebooks.cantabria!;

describe('the options a rulebook refuses', () => {
  it('the defaults and the house benefit within the text are accepted', () => {
    expect(refuseCircleOptions({}, E)).toBeNull();
    expect(refuseCircleOptions({ cagnotteMode: 'pot-percentage', cagnotteRate: 0.05 }, E)).toBeNull();
    expect(refuseCircleOptions({ cagnotteMode: 'per-player-hand-fee', perPlayerFeeRate: 0.5 }, E)).toBeNull();
  });

  it('a cagnotte above 5 %, a session fee outside 10–20 %, a fee per player where the text has none', () => {
    expect(refuseCircleOptions({ cagnotteRate: 0.06 }, E)).toEqual({ field: 'options.cagnotteRate', reason: 'at most 0.05 (euskadi L10811–10815)' });
    expect(refuseCircleOptions({ sessionFeeRate: 0.25 }, E)).toEqual({ field: 'options.sessionFeeRate', reason: 'between 0.1 and 0.2 (euskadi L10817–10823)' });
    expect(refuseCircleOptions({ cagnotteMode: 'per-player-hand-fee' }, C)).toMatchObject({ field: 'options.cagnotteMode' });
    expect(refuseCircleOptions({ perPlayerFeeRate: 0.3 }, C)).toEqual({
      field: 'options.perPlayerFeeRate',
      reason: 'cantabria has no such house benefit (cantabria L5336–5354)',
    });
  });

  it('a split, direction, structure, deck or forced bet the game does not know', () => {
    expect(refuseCircleOptions({ splitPot: 'winner-takes-all' }, E)).toMatchObject({ field: 'options.splitPot' });
    expect(refuseCircleOptions({ direction: 'left' }, E)).toMatchObject({ field: 'options.direction' });
    expect(refuseCircleOptions({ structure: 'spread-limit' }, E)).toMatchObject({ field: 'options.structure' });
    expect(refuseCircleOptions({ deckSize: 32 }, E)).toEqual({ field: 'options.deckSize', reason: 'this game is played with 52 cards (euskadi L10779–10785)' });
    expect(refuseCircleOptions({ forcedBets: 'straddle' }, E)).toMatchObject({ field: 'options.forcedBets' });
  });
});

describe('the options a round reads', () => {
  it("the rulebook's defaults, with what the session declared over them", () => {
    expect(optionsOf(circleEnv(HOLDEM_RULES, 'cantabria'))).toMatchObject({
      forcedBets: 'blinds',
      cagnotteRate: 0.05,
      structure: 'no-limit',
      splitPot: 'equal',
    });
    expect(optionsOf(circleEnv(HOLDEM_RULES, 'cantabria', { options: { structure: 'pot-limit' } })).structure).toBe('pot-limit');
  });
});
