/**
 * Trente-et-quarante against the independent reading of the texts (`docs/games/readings/trente-et-quarante.json`):
 * each value mapped by hand to the rulebook field it is, and each of the reader's rounds as a coup the judge must
 * get right. Resolutions: `docs/games/readings/trente-et-quarante.resolutions.md`.
 */
import type { PlayedFact, RoundEnv } from '../../core/game';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { ExpectedSettlement, Fact, JurisdictionId, SessionContext, ShoeInPlay } from '../../core/types';
import { bet, cards, closed, completed, fact, settled, settlementOf, start } from '../../core/blackjack-testing';
import { TrenteEtQuaranteRulebook } from './rulebook';
import { coupResult, T40Carried, rules } from './rules';

const reading = readingOf('trente-et-quarante');
const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const;
const env = (j: JurisdictionId, o: Partial<SessionContext> = {}) =>
  envFor(rules, j, { limits: { min: 100, max: 50_000 }, smallestChip: 1, ...o }) as RoundEnv<TrenteEtQuaranteRulebook>;
const coup = (bets: PlayedFact[], black: string[], red: string[]): PlayedFact[] => [
  start(),
  ...bets,
  closed(),
  ...cards('black', ...black),
  ...cards('red', ...red),
];
const outcomeOf = (e: RoundEnv, facts: PlayedFact[], betId: string, recorded?: { outcome: string; payout: number }) => {
  const v = settlementOf(rules, e, facts, betId, undefined, recorded) as ExpectedSettlement;
  return `${v.outcome} ${v.payout}`;
};

const VALUES: Record<string, (rb: TrenteEtQuaranteRulebook, v: ReadValue, j: JurisdictionId) => void> = {
  'shoe.decks'(rb, v, j) {
    expect(rb.decks.value).toBe(v.value);
    expect(rules.shoeRules!(env(j)).decks.value).toEqual([v.value]);
    expect(citesLines(rb.decks.cite, v.lines!)).toBe(true);
  },
  'card-values'(_rb, _v, j) {
    // figures 10, the ace 1, the others their pips: K + Q + A + J... as the engine counts a row
    const state = [start(), ...cards('black', 'KS', 'QH', 'AS', '10C'), ...cards('red', 'JD', '9C', '5H', '7S')]
      .map((p, i): Fact => ({ eventId: `${i}`, type: p.type, data: p.data }))
      .reduce((s, f) => rules.evolve(s, f, env(j)), rules.initialState(env(j)));
    expect(coupResult(state, env(j))).toMatchObject({ black: 31, red: 31 });
  },
  'rows.count'(_rb, v, j) {
    expect(v.value).toBe(2);
    expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'third' } }, env(j))).toMatchObject({ field: 'data.to' });
  },
  'rows.total-range'(rb, v) {
    // dealt until 31 or more, so 31–40: the texts' "between thirty and forty" read with their deal (docs/decisions/open-questions.md#oq-50)
    expect(v.value).toEqual([31, 40]);
    expect(rb.options!.rowStopsAt.value).toBe(31);
    expect(citesLines(rb.options!.rowStopsAt.cite, v.lines!)).toBe(true);
  },
  'payout.red-black'(rb, v) {
    expect(rb.chancePays.value).toBe(v.value);
    expect(citesLines(rb.chancePays.cite, v.lines!)).toBe(true);
  },
  'payout.colour-inverse'(rb, v) {
    expect(rb.chancePays.value).toBe(v.value);
    expect(citesLines(rb.chancePays.cite, v.lines!)).toBe(true);
  },
  'tie.non-31'(rb, v) {
    expect(citesLines(rb.refaitTotal.cite, v.lines!)).toBe(true);
  },
  'tie.31'(rb, v) {
    expect(rb.refaitTotal.value).toBe(31);
    expect(citesLines(rb.refaitTotal.cite, v.lines!)).toBe(true);
  },
  'insurance.rate'(rb, v) {
    // which stakes may be insured is garbled outside cantabria: any stake (docs/decisions/open-questions.md#oq-07, cantabria L1259–1264)
    expect(rb.options!.insuranceRate.value).toBe(v.value);
    expect(rb.options!.insuranceAllowed.value).toBe(true);
    expect(citesLines(rb.options!.insuranceRate.cite, v.lines!)).toBe(true);
  },
  // the casino's authorisation: TableSessionOpened.limits.min
  'limits.min'() {},
  'limits.max'(rb, v) {
    // euskadi: "20, 25 ó 50 veces" — the highest tier caps every bet; the others 1,000 ×
    const tiers = Array.isArray(v.value) ? (v.value as number[]) : [v.value as number];
    expect(rb.maxMultipleOfMin.value).toBe(Math.max(...tiers));
    expect(citesLines(rb.maxMultipleOfMin.cite, v.lines!)).toBe(true);
  },
  'red-card.position'(rb, v, j) {
    expect(rb.redCardBeforeLast.value).toBe(v.value);
    expect(rules.shoeRules!(env(j)).cardsBehindCut!.value).toEqual({ exactly: v.value });
    expect(citesLines(rb.redCardBeforeLast.cite, v.lines!)).toBe(true);
  },
  'red-card.effect'(rb, v, j) {
    // the coup in progress annulled, no coup after it: coupsAfterCut 0 and the coup-level finding (rules.spec.ts)
    expect(rules.shoeRules!(env(j)).coupsAfterCut).toEqual({ value: 0, cite: rb.redCardBeforeLast.cite });
    expect(citesLines(rb.redCardBeforeLast.cite, v.lines!)).toBe(true);
  },
  'burn.count'(_rb, v, j) {
    // no card is burnt: a card dealt anywhere but the two rows cannot be recorded
    expect(v.absent).toBe(true);
    expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'burn' } }, env(j))).toMatchObject({ field: 'data.to' });
  },
  'players.max'() {},
};

describe.each(JURISDICTIONS)('trente-et-quarante %s: the rulebook holds the values the reader read', (j) => {
  const read = reading.jurisdictions[j]!;
  const rb = rules.rulebooks[j]!;
  it('the reader read the section the rulebook cites', () => {
    expect(citesLines(rb.source, read.section!.lines)).toBe(true);
  });
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](rb, read.values[key], j);
  });
});

it('andalucia lists the game without rules: no rulebook', () => {
  expect(reading.jurisdictions.andalucia ?? null).toBeNull();
  expect(rules.rulebooks.andalucia).toBeUndefined();
});

describe.each(JURISDICTIONS)("trente-et-quarante %s: the reader's rounds", (j) => {
  const e = env(j);
  const BLACK_32 = ['10H', 'KS', '5C', '7D'];
  const RED_31 = ['9S', '9C', '9D', '4S'];

  it('rows: black 10, K, 5, 7 stops at 32; red 9, 9, 9, 4 stops at 31 — a correct deal', () => {
    const facts = [...coup([bet('r', 1, 'red', 100)], BLACK_32, RED_31), settled('r', 'win', 100), completed()];
    expect(codes(judge(rules, e, facts))).toEqual([]);
  });
  it('red-or-black: black 32, red 31, 100 on red and 100 on black: red is paid 100, black lost', () => {
    const facts = coup([bet('r', 1, 'red', 100), bet('b', 1, 'black', 100)], BLACK_32, RED_31);
    expect([outcomeOf(e, facts, 'r'), outcomeOf(e, facts, 'b')]).toEqual(['win 100', 'lose 0']);
  });
  it("colour-or-inverse: the black row's first card the 10♥ and the red row winning: colour wins, inverse loses", () => {
    const facts = coup([bet('c', 1, 'colour', 100), bet('i', 1, 'inverse', 100)], BLACK_32, RED_31);
    expect([outcomeOf(e, facts, 'c'), outcomeOf(e, facts, 'i')]).toEqual(['win 100', 'lose 0']);
    // had black won, inverse would win
    const black = coup(
      [bet('c', 1, 'colour', 100), bet('i', 1, 'inverse', 100)],
      ['10H', 'KS', 'AC', 'QD'],
      BLACK_32.map((c) => c.replace('H', 'C')),
    );
    expect([outcomeOf(e, black, 'c'), outcomeOf(e, black, 'i')]).toEqual(['lose 0', 'win 100']);
  });
  it('tie-null: 35 and 35: a null coup, every stake returned', () => {
    const facts = coup(
      ['r', 'b', 'c', 'i'].map((id, k) => bet(id, 1, ['red', 'black', 'colour', 'inverse'][k], 100)),
      ['10H', 'KS', '5C', '10D'],
      ['QS', 'JC', '10D', '5S'],
    );
    expect(['r', 'b', 'c', 'i'].map((id) => outcomeOf(e, facts, id))).toEqual(['push 0', 'push 0', 'push 0', 'push 0']);
  });
  it('refait-31: 100 on red, 31 and 31: half back (50 kept by the bank) or the whole 100 into prison, as the player chooses', () => {
    const facts = coup([bet('r', 1, 'red', 100)], ['10S', 'KC', 'AD', 'JH'], RED_31);
    expect(outcomeOf(e, facts, 'r')).toBe('half-lost 0');
    expect(outcomeOf(e, facts, 'r', { outcome: 'prison', payout: 0 })).toBe('prison 0');
    // the next coup: red wins, the 100 is freed without gain; black wins, it is lost
    const carried: T40Carried = { prison: { r: { betType: 'red', amount: 100 } }, round: {} };
    const inPrison = bet('r2', 1, 'red', 100, { selection: { prison: 'r' } });
    expect(outcomeOf(env(j, { carried }), coup([inPrison], BLACK_32, RED_31), 'r2')).toBe('push 0');
    expect(outcomeOf(env(j, { carried }), coup([inPrison], RED_31, BLACK_32), 'r2')).toBe('lose 0');
  });
  it('insurance-1pct: 1,000 on black insured with 10 when betting; on the refait the stake is returned whole, the 10 kept', () => {
    const facts = coup([bet('b', 1, 'black', 1000), bet('ins', 1, 'insurance', 10, { selection: 'b' })], ['10S', 'KC', 'AD', 'JH'], RED_31);
    expect([outcomeOf(e, facts, 'b'), outcomeOf(e, facts, 'ins')]).toEqual(['push 0', 'lose 0']);
    expect(codes(judge(rules, e, [...facts, settled('b', 'push', 0), settled('ins', 'lose', 0), completed()]))).toEqual([]);
  });
  it('red-card: it comes out while the red row is dealt: the coup is void; completed instead, it is a finding', () => {
    const shoe: ShoeInPlay = { shoeId: 'sh', decks: 6, dealt: {}, cutCardPosition: 307, cardsDealt: 301, coupsAfterCut: 0 };
    const dealt = coup([bet('r', 1, 'red', 100)], BLACK_32, RED_31);
    expect(judge(rules, env(j, { shoe }), [...dealt, fact('RoundVoided', { reason: 'the red card appeared', decidedBy: 'croupier' })]).verdict).toBe('void');
    expect(judge(rules, env(j, { shoe }), [...dealt, settled('r', 'win', 100), completed()]).discrepancies.map((d) => d.rule)).toEqual([
      'trente-et-quarante/red-card',
    ]);
  });
});
