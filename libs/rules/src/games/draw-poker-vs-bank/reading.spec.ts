/**
 * The rulebook against the independent reading of the text (`docs/games/readings/draw-poker-vs-bank.json`): each
 * value mapped by hand to the rulebook field it is, and each behaviour rule of the reading as a round the judge must
 * get right. Disagreements and their resolutions: `docs/games/readings/draw-poker-vs-bank.resolutions.md`.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, Script } from '../../core/poker/bank-testing';
import { evaluateFive } from '../../core/poker/evaluate';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { envFor, judge } from '../../core/testing';
import type { Cited } from '../../core/types';
import type { DrawPokerRulebook } from './rulebook';
import { bankDiscards, rules as drawPokerVsBank } from './rules';

const rules: GameRules = drawPokerVsBank;
const reading = readingOf('draw-poker-vs-bank');
const env = envFor(rules, 'euskadi');
const h = (s: string) => s.split(' ');

const same = (held: Cited<unknown>, read: ReadValue) => {
  expect(held.value).toEqual(read.value);
  expect(citesLines(held.cite, read.lines!)).toBe(true);
};
const pays = (category: keyof DrawPokerRulebook['payTable']) => (rb: DrawPokerRulebook, read: ReadValue) => same(rb.payTable[category]!, read);
const noDraw = (category: keyof DrawPokerRulebook['jackpot']['withoutDraw']) => (rb: DrawPokerRulebook, read: ReadValue) =>
  same(rb.jackpot.withoutDraw[category]!, read);
const afterDraw = (category: keyof DrawPokerRulebook['jackpot']['afterDraw']) => (rb: DrawPokerRulebook, read: ReadValue) =>
  same(rb.jackpot.afterDraw[category]!, read);

const VALUES: Record<string, (rb: DrawPokerRulebook, read: ReadValue) => void> = {
  decks(_rb, read) {
    // one deck a hand (two may alternate hand by hand): each hand is judged as one deck
    expect(String(read.value)).toMatch(/^1 per hand/);
    expect(rules.deck!(env)).toEqual(DECK_52);
  },
  jokers: (_rb, read) => expect(rules.deck!(env).jokers).toBe(read.value),
  'ace.low-or-high'(_rb, read) {
    expect(read.value).toBe(true);
    expect(evaluateFive(h('AS 2D 3H 4C 5S'))).toMatchObject({ category: 'straight', ranks: [5] });
    // and in the bank's draw: four consecutive with the ace low (rule 6)
    expect(bankDiscards(h('AC 2D 3H 4S 9C')).discards).toEqual(['9C']);
  },
  'players.maximum': (rb, read) => same(rb.boxes, read),
  'bets-per-box.maximum': (rb, read) => same(rb.betsPerBox, read),
  'payout.royal-flush': pays('royal-flush'),
  'payout.straight-flush': pays('straight-flush'),
  'payout.four-of-a-kind': pays('four-of-a-kind'),
  'payout.full-house': pays('full-house'),
  'payout.flush': pays('flush'),
  'payout.straight': pays('straight'),
  'payout.three-of-a-kind': pays('three-of-a-kind'),
  'payout.two-pair': pays('two-pair'),
  'payout.pair-of-eights-or-better': pays('pair'),
  'payout.applies-to'(rb, read) {
    expect(read.value).toMatch(/second bet/);
    expect(rb.anteOdds.value).toBe(1);
    expect(citesLines(rb.anteOdds.cite, read.lines!)).toBe(true);
  },
  'raise.multiple-of-initial': (rb, read) => same(rb.playMultiple, read),
  'player.discard.maximum': (rb, read) => same(rb.playerMaxDraw, read),
  'dealer.discard.maximum'(rb, read) {
    // the bank's table never changes more than two cards (rules 2, 4 and 7 change two)
    expect(read.value).toBe(2);
    for (const five of ['7C 7D 7H KS 2C', '8C 8D KH 4S 2C', 'AC KD 9H 4S 2C', '9H 8H 7H 2H 6C'])
      expect(bankDiscards(h(five)).discards.length).toBeLessThanOrEqual(2);
    expect(citesLines(rb.bankDraw.cite, read.lines!)).toBe(true);
  },
  'dealer.qualifies'(rb, read) {
    expect(read.value).toMatch(/pair of eights or better after the bank's draw/);
    expect(rb.qualifier.value).toEqual({ category: 'pair', ranks: [8] });
    expect(citesLines(rb.qualifier.cite, read.lines!)).toBe(true);
  },
  'dealer.not-qualified.initial-bet-pays': (rb, read) => same(rb.anteOdds, read),
  'limits.initial.maximum.multiple-of-minimum'(rb, read) {
    expect(rb.maxInitialMultiple.value).toBe(Math.max(...(read.value as number[])));
    expect(citesLines(rb.maxInitialMultiple.cite, read.lines!)).toBe(true);
  },
  'jackpot.bet.maximum.share-of-table-minimum': (rb, read) => same(rb.jackpot.maxFractionOfMinimum, read),
  'jackpot.no-draw.four-of-a-kind': noDraw('four-of-a-kind'),
  'jackpot.no-draw.straight-flush': noDraw('straight-flush'),
  'jackpot.no-draw.royal-flush': noDraw('royal-flush'),
  'jackpot.after-draw.four-of-a-kind': afterDraw('four-of-a-kind'),
  'jackpot.after-draw.straight-flush': afterDraw('straight-flush'),
  'jackpot.after-draw.royal-flush': afterDraw('royal-flush'),
  'jackpot.fixed.minimum.multiple-of-jackpot-bet'(_rb, read) {
    // the pool's seed: the casino's configuration, not a round fact (docs/decisions/open-questions.md#oq-14; resolutions §3)
    expect(read.value).toBe(2000);
  },
  'jackpot.progressive.start.multiple-of-jackpot-bet'(_rb, read) {
    expect(read.value).toBe(1000);
  },
  'jackpot.progressive.contribution-rate'(_rb, read) {
    // "un porcentaje determinado y autorizado": the authorisation's, configured on the pool
    expect(read.value).toBeNull();
  },
  'carrusel.prize'(_rb, read) {
    // the sum of the interconnected tables' jackpots: one pool linked across tables (contract §3)
    expect(read.value).toMatch(/sum of the jackpots/);
  },
};

describe('draw-poker-vs-bank euskadi: the rulebook holds the values the reader read', () => {
  const read = reading.jurisdictions.euskadi!;
  const rb = rules.rulebooks.euskadi as DrawPokerRulebook;
  it('cites the section the reader read; no other jurisdiction has the game', () => {
    expect(citesLines(rb.source, read.section!.lines)).toBe(true);
    for (const [j, r] of Object.entries(reading.jurisdictions)) if (j !== 'euskadi') expect([j, r]).toEqual([j, null]);
    expect(Object.keys(rules.rulebooks)).toEqual(['euskadi']);
  });
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](rb, read.values[key]);
  });
});

/** Initial bet 1000 (a jackpot bet), the box's five, the bank's five; "voy" (2000), the box's draw, the bank's draw. */
function round(player: string, bank: string, opts: { draw?: [string, string]; bankDraw?: [string, string]; jackpot?: boolean } = {}) {
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.jackpot) s.bet(1, 'jackpot', 50, 'jp');
  s.cards('seat:1', player).cards('dealer', bank).decide(1, 'play').bet(1, 'play', 2000, 'play').close();
  if (opts.draw) s.decide(1, 'draw', { discards: h(opts.draw[0]) }).cards('seat:1', opts.draw[1]);
  s.facts.push({ type: 'BankDiscarded', data: { discards: opts.bankDraw ? h(opts.bankDraw[0]) : [] } });
  if (opts.bankDraw) s.cards('dealer', opts.bankDraw[1]);
  return s;
}
const stateOf = (s: Script) => {
  let st = rules.initialState(env);
  s.facts.forEach((f, i) => (st = rules.evolve(st, { eventId: `x${i}`, type: f.type, data: f.data }, env)));
  return st;
};

describe("draw-poker-vs-bank euskadi: the reader's rounds", () => {
  const settled = (s: Script, betId: string) => expectedOf(rules, env, s.facts, betId);
  const rulesOf = (s: Script) => judge(rules, env, s.facts).discrepancies.map((d) => d.rule);

  it('go-or-pass (L8053–8065): a second bet of one initial bet is the wrong amount', () => {
    const s = new Script().bet(1, 'ante', 1000, 'ante').cards('seat:1', 'JC JD 4H 4S AC').cards('dealer', '8C 8D KH 4D 2C').bet(1, 'play', 1000, 'play');
    expect(rulesOf(s)).toContain('draw-poker-vs-bank/play-amount');
  });

  it('player-draw (L8069–8073): three cards changed is more than the two allowed', () => {
    expect(rulesOf(round('JC 7D 4H 3S 2C', 'AS QD 9C 6H 3D', { draw: ['7D 4H 3S', '5C 6C 8C'] }))).toContain('draw-poker-vs-bank/player-draw');
  });

  it('draw-decision-after-raise (L8069–8073): a draw before "voy" is out of turn', () => {
    const s = new Script()
      .bet(1, 'ante', 1000, 'ante')
      .cards('seat:1', 'JC JD 4H 4S AC')
      .cards('dealer', '8C 8D KH 4D 2C')
      .decide(1, 'draw', { discards: ['AC'] });
    expect(rulesOf(s)).toContain('draw-poker-vs-bank/player-draw');
  });

  it('dealer-draw-rules (L8089–8175): four hearts and four to a straight — the flush draw first, the 8♣ goes; a pair keeps its highest other card', () => {
    expect(bankDiscards(h('5H 6H 7H 8C KH'))).toMatchObject({ discards: ['8C'], step: 5 });
    expect(bankDiscards(h('4C 4D AS 9H 2C')).discards.sort()).toEqual(['2C', '9H']);
  });

  it('dealer-does-not-qualify (L8173–8180): a pair of 6s after the draw — the initial bet paid 1 to 1, the premium (a flush) not, the second bet returned', () => {
    const s = round('AD 9D 7D 4D 2D', '6C 6S KH 4C 2H', { bankDraw: ['4C 2H', '9S 3C'] });
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });

  it('dealer-qualifies (L8181–8194): a straight against a pair of jacks — +1000 and 3 to 1 on the second bet (+6000)', () => {
    const s = round('10C 9D 8H 7S 6C', 'JC JS KH 4C 2H', { bankDraw: ['4C 2H', '9S 3C'] });
    expect(settled(s, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'win', payout: 6000 });
  });

  it('tie-rules (L7913–7946): J-J-A-7-3 beats J-J-A-7-2 on the last card; equal hands push', () => {
    // the bank's pair of jacks keeps its ace and changes the 9 and the 2 (rule 4)
    const s = round('JS JD AC 7H 3S', 'JC JH AD 9S 2D', { bankDraw: ['9S 2D', '7S 2S'] });
    expect(settled(s, 'play')).toMatchObject({ outcome: 'win', payout: 2000 });
    const tie = round('JS JD AC 7H 3S', 'JC JH AD 9S 2D', { bankDraw: ['9S 2D', '7C 3C'] });
    expect(settled(tie, 'play')).toMatchObject({ outcome: 'push' });
  });

  it('jackpot (L8221–8223): a jackpot bet without the initial bet is not allowed', () => {
    expect(rulesOf(new Script().bet(1, 'jackpot', 50, 'jp'))).toContain('draw-poker-vs-bank/jackpot-needs-ante');
  });

  it('jackpot "sin haber realizado descarte" (L8234–8314): four queens dealt win 5 %; a box that changed a card plays only the after-draw scale', () => {
    expect(rules.jackpotHand!(stateOf(round('QC QD QH QS 3C', '9C 9S KD 5H 3H', { jackpot: true })), 1, env)).toBe('four-of-a-kind');
    const changed = round('QC QD QH QS 3C', '9C 9S KD 5H 3H', { jackpot: true, draw: ['3C', '2D'] });
    expect(rules.jackpotHand!(stateOf(changed), 1, env)).toBeNull();
    const optional = envFor(rules, 'euskadi', { options: { jackpotAfterDraw: true } });
    expect(rules.jackpotHand!(stateOf(changed), 1, optional)).toBe('four-of-a-kind-after-draw');
  });

  it('a seventh box is not a box of this table (six players, L7700–7703, L7774–7775)', () => {
    expect(rulesOf(new Script().bet(7, 'ante', 1000, 'a'))).toContain('draw-poker-vs-bank/box');
  });
});
