/**
 * evolve shares what a fact does not change with the state before it (copy on write): no fact may
 * write into an earlier state, which replay keeps and judges again.
 */
import { isDeepStrictEqual } from 'node:util';
import { rules as DOUBLE_HOLDEM } from '../../games/circle-poker-double-holdem/rules';
import { rules as FIVE_CARD_DRAW } from '../../games/circle-poker-five-card-draw/rules';
import { rules as OMAHA_HI_LO } from '../../games/circle-poker-omaha-hi-lo/rules';
import { rules as SEVEN_CARD_STUD } from '../../games/circle-poker-seven-card-stud/rules';
import { seededRandom } from '../cards';
import { GameRules, PlayedFact, RoundEnv } from '../game';
import { asFacts } from '../testing';
import { JurisdictionId } from '../types';
import { circleEnv, playSeed } from './spec-support';
import type { CircleRulebook } from './rulebook';
import type { CircleState } from './state';

type Rules = GameRules<CircleState, CircleRulebook>;

/** Fold the facts as the judge does, snapshotting each state as it is produced; the states as they are at the end, and their snapshots. */
function fold(rules: Rules, env: RoundEnv<CircleRulebook>, played: readonly PlayedFact[]) {
  const states = [rules.initialState(env)];
  const snapshots = [structuredClone(states[0])];
  for (const fact of asFacts(played)) {
    const before = states[states.length - 1];
    // the judge's reads of the state before (awards, settlements, cagnotte) come first, as in judgeRound
    rules.judgeFact?.(before, fact, env);
    if (fact.type === 'BetSettled')
      for (const seat of before.order)
        rules.settle(before, { bet: { betId: `b${seat}`, seat, betType: 'ante', amount: 0, eventId: fact.eventId, late: false } }, env);
    const after = rules.evolve(before, fact, env);
    states.push(after);
    snapshots.push(structuredClone(after));
    rules.describe(after, env);
    rules.expectedCagnotte?.(after, env);
  }
  return { states, snapshots };
}

/** The hand with one fact moved, dropped or repeated: the unusual paths (cards during the betting, decisions before the deal). */
function disturbed(played: readonly PlayedFact[], seed: number): PlayedFact[] {
  const R = seededRandom(seed);
  const out = [...played];
  const i = 1 + Math.floor(R() * (out.length - 1));
  const j = 1 + Math.floor(R() * (out.length - 1));
  const kind = seed % 3;
  if (kind === 0) out.splice(j, 0, ...out.splice(i, 1));
  else if (kind === 1) out.splice(i, 1);
  else out.splice(j, 0, out[i]);
  return out;
}

const CASES: Array<[string, Rules, JurisdictionId[], Record<string, unknown>]> = [
  ['draw', FIVE_CARD_DRAW as Rules, Object.keys(FIVE_CARD_DRAW.rulebooks) as JurisdictionId[], {}],
  ['Omaha hi-lo', OMAHA_HI_LO as Rules, Object.keys(OMAHA_HI_LO.rulebooks) as JurisdictionId[], {}],
  ['double board, blinds', DOUBLE_HOLDEM as Rules, Object.keys(DOUBLE_HOLDEM.rulebooks) as JurisdictionId[], { forcedBets: 'blinds' }],
  ['stud', SEVEN_CARD_STUD as Rules, Object.keys(SEVEN_CARD_STUD.rulebooks) as JurisdictionId[], {}],
];

describe.each(CASES)('circle engine, %s: evolve is pure', (_name, rules, jurisdictions, options) => {
  it.each(jurisdictions)('%s: no fact changes an earlier state, in played hands and in disturbed ones', (jurisdiction) => {
    const env = circleEnv(rules, jurisdiction, { options });
    for (let seed = 1; seed <= 8; seed++) {
      const played = playSeed(rules, env, seed);
      for (const hand of [played, disturbed(played, seed), disturbed(played, seed + 1), disturbed(played, seed + 2)]) {
        const { states, snapshots } = fold(rules, env, hand);
        // the positions of the states some later fact changed (cloned again: both sides from one realm)
        expect(states.flatMap((st, i) => (isDeepStrictEqual(structuredClone(st), snapshots[i]) ? [] : [i]))).toEqual([]);
      }
    }
  });
});

describe('circle engine: a card shares what it does not change', () => {
  it('a card to one seat leaves the other seats, the forced bets and the fees as they were (the same objects)', () => {
    const env = circleEnv(OMAHA_HI_LO as Rules, 'euskadi');
    const facts = asFacts(playSeed(OMAHA_HI_LO, env, 7));
    const rules = OMAHA_HI_LO as Rules;
    let st = rules.initialState(env);
    const first = facts.findIndex((f) => f.type === 'CardDealt' && String(f.data.to).startsWith('seat:'));
    for (const f of facts.slice(0, first)) st = rules.evolve(st, f, env);
    const after = rules.evolve(st, facts[first], env);
    const to = String(facts[first].data.to).split(':')[1];
    expect(after.seats[to]).not.toBe(st.seats[to]);
    expect(after.seats[to].cards).toHaveLength(st.seats[to].cards.length + 1);
    for (const k of Object.keys(st.seats).filter((k) => k !== to)) expect(after.seats[k]).toBe(st.seats[k]);
    expect(after.forced).toBe(st.forced);
    expect(after.fees).toBe(st.fees);
    expect(after.boards).toBe(st.boards);
  });
});
