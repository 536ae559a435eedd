/**
 * The rulebooks against the independent reading of the texts (`docs/games/readings/trijoker.json`): each value mapped
 * by hand to the rulebook field it is, and each behaviour rule of the reading as a round the judge must get right.
 * Disagreements and their resolutions: `docs/games/readings/trijoker.resolutions.md`.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, Script } from '../../core/poker/bank-testing';
import { evaluateFive } from '../../core/poker/evaluate';
import { citesLines, describeValuesAgree, readingOf, ReadValue } from '../../core/reading-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { Cited, JurisdictionId } from '../../core/types';
import type { TrijokerRulebook } from './rulebook';
import { rules as trijoker } from './rules';

const rules: GameRules = trijoker;
const reading = readingOf('trijoker');
const h = (s: string) => s.split(' ');

const same = (held: Cited<unknown>, read: ReadValue) => {
  expect(held.value).toEqual(read.value);
  expect(citesLines(held.cite, read.lines!)).toBe(true);
};
const pays = (category: keyof TrijokerRulebook['payTable']) => (rb: TrijokerRulebook, read: ReadValue) => same(rb.payTable[category]!, read);

const VALUES: Record<string, (rb: TrijokerRulebook, read: ReadValue, j: JurisdictionId) => void> = {
  decks(rb, read) {
    // one deck a hand (illes-balears: up to three, alternated hand by hand): each hand is judged as one deck
    expect(String(read.value)).toMatch(/^1/);
    expect(rules.deck!(envFor(rules, rb.jurisdiction))).toEqual(DECK_52);
  },
  jokers: (rb, read) => expect(rules.deck!(envFor(rules, rb.jurisdiction)).jokers).toBe(read.value),
  'ace.low-or-high'(_rb, read, j) {
    // A-2-3-4-5 a straight; cantabria does not say so (resolutions §2)
    expect(evaluateFive(h('AS 2D 3H 4C 5S'))).toMatchObject({ category: 'straight', ranks: [5] });
    expect(read.value).toBe(j === 'cantabria' ? null : true);
  },
  'cards.per-player'(rb, read) {
    same(rb.playerCards, read);
    expect(rb.commonCards.value).toBe(2);
  },
  'players.maximum'(rb, read) {
    same(rb.boxes, read);
    expect(rb.betsPerBox.value).toBe(1);
  },
  'bets.count'(rb, read) {
    // three equal bets, bet-1, bet-2 and bet-3
    expect(read.value).toBe(3);
    expect(rb.equalBets.value).toBe(true);
    expect(Object.keys(rb.withdrawable)).toEqual(['bet-1', 'bet-2']);
    expect(citesLines(rb.equalBets.cite, read.lines!)).toBe(true);
  },
  'minimum-winning-hand'(rb, read) {
    expect(read.value).toBe('pair of jacks');
    expect(rb.minimumHand.value).toEqual({ category: 'pair', ranks: [11] });
    expect(citesLines(rb.minimumHand.cite, read.lines!)).toBe(true);
  },
  'payout.jacks-or-better': pays('pair'),
  'payout.two-pair': pays('two-pair'),
  'payout.three-of-a-kind': pays('three-of-a-kind'),
  'payout.straight': pays('straight'),
  'payout.flush': pays('flush'),
  'payout.full-house': pays('full-house'),
  'payout.four-of-a-kind': pays('four-of-a-kind'),
  'payout.straight-flush': pays('straight-flush'),
  'payout.royal-flush': pays('royal-flush'),
  'payout.only-highest'(rb, read) {
    // one category a hand: a straight flush is not also a straight and a flush (round "settlement")
    expect(read.value).toBe(true);
    expect(citesLines(rb.payTable.pair!.cite, read.lines!)).toBe(true);
  },
  'limits.per-box'(rb, read) {
    // the minimum and the maximum hold for each of the three bets: each is judged on its own
    expect(read.value).toMatch(/each of the three boxes/);
    const env = envFor(rules, rb.jurisdiction, { limits: { min: 1000, max: 100_000 } });
    const limits = rules.betLimits!({ betId: 'b', seat: 1, betType: 'bet-2', amount: 1000, eventId: 'e', late: false }, env);
    expect(limits.min!.amount).toBe(1000);
  },
  'limits.initial.maximum.multiple-of-minimum': (rb, read) => {
    expect(rb.maxInitialMultiple.value).toBe(Math.max(...(read.value as number[])));
    expect(citesLines(rb.maxInitialMultiple.cite, read.lines!)).toBe(true);
  },
  'limits.maximum.multiple-of-minimum': (rb, read) => {
    expect(rb.maxInitialMultiple.value).toBe(Math.max(...(read.value as number[])));
    expect(citesLines(rb.maxInitialMultiple.cite, read.lines!)).toBe(true);
  },
  'end-of-day.announced-last-hands'(_rb, read) {
    // the last three hands announced at closing: a session matter no round fact carries; not judged
    expect(read.value).toBe(3);
  },
};

describeValuesAgree<TrijokerRulebook>('trijoker', rules, VALUES);

it('galicia and andalucia: no rulebook, as the reader found no trijoker there', () => {
  expect(reading.jurisdictions.galicia ?? null).toBeNull();
  expect(rules.rulebooks.galicia).toBeUndefined();
  expect(rules.rulebooks.andalucia).toBeUndefined();
});

/**
 * Three bets of 1000; the player's three cards; the common cards (an exposed one dealt face up); the withdrawals
 * before each reveal; settled by the rules (or voided).
 */
function round(own: string, common: [string, string], opts: { withdraw?: Array<'b1' | 'b2'>; exposed?: 0 | 1; ownExposed?: boolean } = {}) {
  const s = new Script().bet(1, 'bet-1', 1000, 'b1').bet(1, 'bet-2', 1000, 'b2').bet(1, 'bet-3', 1000, 'b3').close();
  const [a, b, c] = h(own);
  s.cards('seat:1', a);
  if (opts.ownExposed) s.facts.push({ type: 'CardDealt', data: { card: b, to: 'seat:1', faceUp: true } });
  else s.cards('seat:1', b);
  s.cards('seat:1', c);
  common.forEach((card, i) => s.facts.push({ type: 'CardDealt', data: { card, to: 'board', faceUp: opts.exposed === i } }));
  if (opts.withdraw?.includes('b1')) s.decide(1, 'withdraw-bet', { betId: 'b1' });
  s.facts.push({ type: 'CommonCardRevealed', data: { index: 1, card: common[0] } });
  if (opts.withdraw?.includes('b2')) s.decide(1, 'withdraw-bet', { betId: 'b2' });
  s.facts.push({ type: 'CommonCardRevealed', data: { index: 2, card: common[1] } });
  return s;
}

describe.each(['euskadi', 'cantabria', 'illes-balears'] as const)("trijoker %s: the reader's common rounds", (j) => {
  const env = envFor(rules, j);
  const settleAll = (s: Script) => {
    for (const betId of ['b1', 'b2', 'b3']) {
      const v = expectedOf(rules, env, s.facts, betId);
      s.settle(betId, v.outcome, v.payout);
    }
    return s.complete();
  };

  it('three-equal-bets: 1000, 1000 and 2000 is not allowed', () => {
    const s = new Script().bet(1, 'bet-1', 1000, 'b1').bet(1, 'bet-2', 1000, 'b2').bet(1, 'bet-3', 2000, 'b3');
    expect(judge(rules, env, s.facts).discrepancies.map((d) => [d.betId, d.rule])).toContainEqual(['b3', 'trijoker/equal-bets']);
  });

  it('withdraw-bet-1 and bet 2 after the first common card: withdrawn bets are returned, the others paid on the hand (K-K: 1 to 1)', () => {
    const s = round('KS KD 4C', ['9H', '2D'], { withdraw: ['b1'] });
    expect(expectedOf(rules, env, s.facts, 'b1')).toMatchObject({ outcome: 'void' });
    expect(expectedOf(rules, env, s.facts, 'b2')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectedOf(rules, env, s.facts, 'b3')).toMatchObject({ outcome: 'win', payout: 1000 });
  });

  it('settlement: a pair of tens loses every bet in play; a flush with bets 1 and 2 withdrawn pays bet 3 alone, 8 to 1', () => {
    const tens = round('10S 10D 4C', ['9H', '2D']);
    for (const betId of ['b1', 'b2', 'b3']) expect(expectedOf(rules, env, tens.facts, betId)).toMatchObject({ outcome: 'lose' });
    const flush = round('AH 9H 5H', ['2H', 'KH'], { withdraw: ['b1', 'b2'] });
    expect(expectedOf(rules, env, flush.facts, 'b3')).toMatchObject({ outcome: 'win', payout: 8000 });
  });

  it('exposed-common-card: a common 7 or 10 turned up by error — the hand goes on; a jack or higher voids it', () => {
    expect(codes(judge(rules, env, settleAll(round('KS KD 4C', ['7D', '2D'], { exposed: 0 })).facts))).toEqual([]);
    expect(codes(judge(rules, env, settleAll(round('KS KD 4C', ['9D', '10C'], { exposed: 1 })).facts))).toEqual([]);
    const jack = settleAll(round('KS KD 4C', ['9D', 'JH'], { exposed: 1 })).facts;
    expect(judge(rules, env, jack).discrepancies.map((d) => d.rule)).toEqual(['trijoker/undue-exposure']);
    const voided = [...round('KS KD 4C', ['QS', '2D'], { exposed: 0 }).facts.slice(0, 8), { type: 'RoundVoided', data: { reason: 'a common queen exposed' } }];
    expect(codes(judge(rules, env, voided))).toEqual([]);
  });

  it(`exposed-player-card: ${j === 'cantabria' ? 'voids the hand (cantabria L4129–4134: no exception)' : 'the hand continues normally'}`, () => {
    const found = judge(rules, env, settleAll(round('KS KD 4C', ['9H', '2D'], { ownExposed: true })).facts).discrepancies.map((d) => d.rule);
    expect(found).toEqual(j === 'cantabria' ? ['trijoker/undue-exposure'] : []);
  });

  it('an eighth box is not a box of this table (seven players)', () => {
    expect(judge(rules, env, new Script().bet(8, 'bet-1', 1000, 'x').facts).discrepancies.map((d) => d.rule)).toContain('trijoker/box');
  });
});
