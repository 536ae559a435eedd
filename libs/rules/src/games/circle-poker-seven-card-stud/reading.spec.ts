/**
 * Seven Card Stud against the independent reading (`docs/games/readings/circle-poker-seven-card-stud.json`).
 * Resolutions (euskadi's damaged procedure, the raise cap heads-up): `docs/games/readings/circle-poker.resolutions.md`.
 */
import { readingValues } from '../../core/circle/spec-support';
import { citesLines } from '../../core/reading-testing';
import { rules as RULES, SEVEN_STUD_PHASES } from './rules';

const NOT_MODELLED =
  'the stud limit schemes (low and high bets per interval, pot limit at the sixth and seventh cards) are not modelled (docs/games/circle-poker.md "Not verified")';

readingValues(
  RULES,
  {
    'cards-per-player': (_rb, read) => expect(SEVEN_STUD_PHASES.reduce((t, p) => t + p.seat.length, 0)).toBe(read.value),
    'initial-deal': (_rb, read) => {
      expect(read.value).toMatch(/first two covered, third face up/);
      expect(SEVEN_STUD_PHASES[0].seat).toEqual(['down', 'down', 'up']);
    },
    'betting-intervals': (_rb, read) => expect(SEVEN_STUD_PHASES).toHaveLength(read.value as number),
    'raises.maximum-per-interval': (rb, read) => {
      expect(rb.raiseCapPerPlayer.value).toBe(read.value);
      // "pero en el caso de que sólo existan dos jugadores no hay límite" (euskadi L11500–11504, cantabria L5710–5715)
      expect(rb.headsUpUncapped.value).toBe(true);
      expect(citesLines(rb.raiseCapPerPlayer.cite, read.lines!)).toBe(true);
    },
  },
  {
    'limits.split-limit': NOT_MODELLED,
    'limits.pot-limit.sixth-card': NOT_MODELLED,
    'limits.pot-limit.seventh-card': NOT_MODELLED,
    'dead-cards': 'the dead cards are the burns of a stub run short: not modelled (docs/games/circle-poker.md "Not verified")',
  },
);

it('bring-in (cantabria L6117–6123): the lowest up card opens the first interval and may neither pass nor fold', () => {
  expect(RULES.rulebooks.cantabria!.firstToAct.value[0]).toBe('lowest-showing');
  expect(RULES.rulebooks.cantabria!.openerMustOpen.value).toBe(true);
});
