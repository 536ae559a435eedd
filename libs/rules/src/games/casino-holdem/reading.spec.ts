/**
 * The rulebook against the independent reading of the text (`docs/games/readings/casino-holdem.json`): each value
 * mapped by hand to the rulebook field it is, and each behaviour rule of the reading as a round the judge must get
 * right. Disagreements and their resolutions: `docs/games/readings/casino-holdem.resolutions.md`.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, Script } from '../../core/poker/bank-testing';
import { evaluateFive } from '../../core/poker/evaluate';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { Cited } from '../../core/types';
import type { CasinoHoldemRulebook } from './rulebook';
import { rules as casinoHoldem } from './rules';

const rules: GameRules = casinoHoldem;
const reading = readingOf('casino-holdem');
const h = (s: string) => s.split(' ');
const env = envFor(rules, 'euskadi');

/** Ante 1000 (and a TXB); hole cards, the bank's two, the flop; the box goes (2.ª apuesta 2000) or not; turn and river. */
function round(player: string, bank: string, board: string, opts: { play?: boolean; txb?: number } = {}) {
  const b = h(board);
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.txb) s.bet(1, 'txb', opts.txb, 'txb');
  s.cards('seat:1', player).cards('dealer', bank).cards('board', b.slice(0, 3).join(' '));
  if (opts.play === false) s.decide(1, 'fold');
  else s.decide(1, 'play').bet(1, 'play', 2000, 'play');
  return s.close().cards('board', b.slice(3).join(' '));
}

const same = (held: Cited<unknown>, read: ReadValue) => {
  expect(held.value).toEqual(read.value);
  expect(citesLines(held.cite, read.lines!)).toBe(true);
};
const antePays = (category: keyof CasinoHoldemRulebook['antePayTable']) => (rb: CasinoHoldemRulebook, read: ReadValue) =>
  same(rb.antePayTable[category]!, read);

const VALUES: Record<string, (rb: CasinoHoldemRulebook, read: ReadValue) => void> = {
  decks: (_rb, read) => {
    expect(read.value).toBe(1);
    expect(rules.deck!(env)).toEqual(DECK_52);
  },
  jokers: (_rb, read) => expect(rules.deck!(env).jokers).toBe(read.value),
  'ace.low-or-high'(_rb, read) {
    expect(read.value).toBe(true);
    expect(evaluateFive(h('AS 2D 3H 4C 5S'))).toMatchObject({ category: 'straight', ranks: [5] });
  },
  'hole-cards': (rb, read) => same(rb.holeCards, read),
  'community-cards': (rb, read) => same(rb.boardCards, read),
  'players.seated.maximum': (rb, read) => same(rb.boxes, read),
  'bets-per-box.maximum': (rb, read) => same(rb.betsPerBox, read),
  'dealer.qualifies'(rb, read) {
    expect(read.value).toMatch(/pair of fours/);
    expect(rb.qualifier.value).toEqual({ category: 'pair', ranks: [4] });
    expect(citesLines(rb.qualifier.cite, read.lines!)).toBe(true);
  },
  'call.multiple-of-ante'(rb, read) {
    // "doblar su apuesta inicial de Ante": 2 × ante (docs/decisions/open-questions.md#oq-28), the option playMultiple; 1 × ante hands the
    // player the edge and is flagged (house-edge.spec.ts)
    expect(rb.options!.playMultiple.value).toBe(read.value);
    expect(citesLines(rb.options!.playMultiple.cite, read.lines!)).toBe(true);
  },
  'payout.ante.royal-flush': antePays('royal-flush'),
  'payout.ante.straight-flush': antePays('straight-flush'),
  'payout.ante.four-of-a-kind': antePays('four-of-a-kind'),
  'payout.ante.full-house': antePays('full-house'),
  'payout.ante.flush': antePays('flush'),
  'payout.ante.straight-or-lower'(rb, read) {
    for (const c of ['straight', 'three-of-a-kind', 'two-pair', 'pair', 'high-card'] as const) same(rb.antePayTable[c]!, read);
  },
  'payout.second-bet': (rb, read) => same(rb.playOdds, read),
  'payout.texas-bonus.pair-of-aces-to-straight'(rb, read) {
    for (const c of ['pair', 'two-pair', 'three-of-a-kind', 'straight'] as const) same(rb.txbPayTable[c]!, read);
  },
  'payout.texas-bonus.flush-or-better'(rb, read) {
    for (const c of ['flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush'] as const) same(rb.txbPayTable[c]!, read);
  },
  'texas-bonus.qualifying-hand'(rb, read) {
    expect(read.value).toMatch(/pair of aces or better/);
    expect(rb.txbMinimum.value).toEqual({ category: 'pair', ranks: [14] });
    expect(rb.flopCards.value).toBe(3);
    expect(citesLines(rb.txbMinimum.cite, read.lines!)).toBe(true);
  },
  'limits.maximum.multiple-of-minimum'(rb, read) {
    expect(rb.maxInitialMultiple.value).toBe(Math.max(...(read.value as number[])));
    expect(citesLines(rb.maxInitialMultiple.cite, read.lines!)).toBe(true);
  },
  'texas-bonus.limits'(rb, read) {
    // no limits of its own: the TXB is held to the table's
    expect(read.value).toBeNull();
    expect(rules.betLimits!({ betId: 't', seat: 1, betType: 'txb', amount: 100, eventId: 'e', late: false }, env).max!.rule).not.toMatch(/txb/);
  },
};

describe('casino-holdem euskadi: the rulebook holds the values the reader read', () => {
  const read = reading.jurisdictions.euskadi!;
  const rb = rules.rulebooks.euskadi as CasinoHoldemRulebook;
  it('cites the section the reader read', () => expect(citesLines(rb.source, read.section!.lines)).toBe(true));
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](rb, read.values[key]);
  });
  it('no other jurisdiction regulates it (the reader found it in euskadi only)', () => {
    for (const [j, r] of Object.entries(reading.jurisdictions)) if (j !== 'euskadi') expect([j, r]).toEqual([j, null]);
    expect(Object.keys(rules.rulebooks)).toEqual(['euskadi']);
  });
});

describe("casino-holdem euskadi: the reader's rounds", () => {
  const settled = (s: Script, betId: string) => expectedOf(rules, env, s.facts, betId);

  it('bet-order (L10425–10430): a TXB without an ante is not allowed', () => {
    const s = new Script().bet(1, 'txb', 500, 'txb');
    expect(judge(rules, env, s.facts).discrepancies.map((d) => [d.betId, d.rule])).toContainEqual(['txb', 'casino-holdem/txb-needs-ante']);
  });

  it('decision-after-flop (L10442–10449, L10515–10517): "No voy" loses the ante and the TXB, even a pair of aces', () => {
    const s = round('AS AD', '2C 3D', 'KC 7H 2S 9D 4C', { play: false, txb: 500 });
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(settled(s, 'txb')).toMatchObject({ outcome: 'lose' });
  });

  it('texas-bonus-settled-after-decisions (L10519–10529): 9-9 with 9-4-4 on the flop is a full house, 25 to 1 on the TXB', () => {
    expect(settled(round('9H 9C', '2C 3D', '9D 4S 4C KD QH', { txb: 500 }), 'txb')).toMatchObject({ outcome: 'win', payout: 12_500 });
  });

  it("dealer-does-not-qualify (L10541–10546): the ante paid by the table on the player's flush (2 to 1), the 2.ª apuesta unchanged", () => {
    const s = round('AH 9H', '3C 7D', '3H 5H KH 8S 2D');
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'win', payout: 2000 });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });

  it('dealer-qualifies-player-wins (L10560–10563): a full house against two pair — ante 3 to 1, 2.ª apuesta 1 to 1', () => {
    const s = round('8C 8D', '5C 9D', '8H KD KH 2S 9C');
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'win', payout: 3000 });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'win', payout: 2000 });
  });

  it('tie (L10552–10554): both play the straight on the board — ante and 2.ª apuesta returned', () => {
    const s = round('2C 3D', '4H 5S', 'AS KS QD JC 10H');
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'push' });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'push' });
  });

  it("dealer-wins (L10556–10558): the bank's better hand takes the ante and the 2.ª apuesta", () => {
    const s = round('7C 2D', 'KS KC', '8H 5D 3S 9C JD');
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'lose' });
  });

  it('misdeal (L10648–10666): a bank card dealt face up means a new hand; a hand played on is a finding, a voided one is not', () => {
    const s = new Script().bet(1, 'ante', 1000, 'ante').cards('seat:1', 'KC KD').cards('dealer', '2S');
    s.facts.push({ type: 'CardDealt', data: { card: '9C', to: 'dealer', faceUp: true } });
    s.cards('board', '3H 7D JC').decide(1, 'play').bet(1, 'play', 2000, 'play').close().cards('board', 'QS 4D');
    const played = [...s.facts];
    const ante = expectedOf(rules, env, played, 'ante');
    const play = expectedOf(rules, env, played, 'play');
    const settledFacts = [
      ...played,
      ...new Script().settle('ante', ante.outcome, ante.payout).settle('play', play.outcome, play.payout).complete().facts.slice(1),
    ];
    expect(codes(judge(rules, env, settledFacts))).toEqual(['SEQUENCE_VIOLATION']);
    expect(codes(judge(rules, env, [...s.facts.slice(0, 5), { type: 'RoundVoided', data: { reason: 'a bank card exposed' } }]))).toEqual([]);
  });

  it('a tenth box is not a box of this table (nine, L10258–10262)', () => {
    expect(judge(rules, env, new Script().bet(10, 'ante', 1000, 'a').facts).discrepancies.map((d) => d.rule)).toContain('casino-holdem/box');
  });
});
