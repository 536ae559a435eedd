/**
 * The rulebook against the independent reading of the texts (`docs/games/readings/three-card-poker.json`): each
 * value mapped by hand to the rulebook field it is, and each behaviour rule of the reading as a round the judge must
 * get right. Disagreements and their resolutions: `docs/games/readings/three-card-poker.resolutions.md`.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, Script } from '../../core/poker/bank-testing';
import { compareHands, evaluateThree } from '../../core/poker/evaluate';
import { citesLines, describeValuesAgree, readingOf, ReadValue } from '../../core/reading-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import type { ThreeCardPokerRulebook } from './rulebook';
import { rules as threeCardPoker } from './rules';

const rules: GameRules = threeCardPoker;
const reading = readingOf('three-card-poker');
const h = (s: string) => s.split(' ');

/** Ante 1000 (and a pair plus), three cards each; the box plays (2.ª apuesta = ante) unless told to fold. */
function round(player: string, bank: string, opts: { play?: boolean; pairPlus?: number } = {}) {
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.pairPlus) s.bet(1, 'pair-plus', opts.pairPlus, 'pp');
  s.cards('seat:1', player).cards('dealer', bank);
  if (opts.play === false) s.decide(1, 'fold');
  else s.decide(1, 'play').bet(1, 'play', 1000, 'play');
  return s.close();
}

const same = (rbValue: { value: unknown; cite: string }, read: ReadValue) => {
  expect(rbValue.value).toEqual(read.value);
  expect(citesLines(rbValue.cite, read.lines!)).toBe(true);
};
const pairPlus = (table: string, category: string) => (rb: ThreeCardPokerRulebook, read: ReadValue) =>
  same(rb.pairPlusTables[table][category as keyof ThreeCardPokerRulebook['anteBonus']]!, read);

/** Each value the reader recorded, as the rulebook holds it: a check, or why the rulebook has no such value. */
const VALUES: Record<string, (rb: ThreeCardPokerRulebook, read: ReadValue, j: JurisdictionId) => void> = {
  decks(rb, read) {
    expect(read.value).toBe(1);
    expect(rules.deck!(envFor(rules, rb.jurisdiction))).toEqual(DECK_52); // one deck, shuffled every coup
  },
  jokers(rb, read) {
    expect(read.value).toBe(0);
    expect(rules.deck!(envFor(rules, rb.jurisdiction)).jokers).toBe(0);
  },
  'ace.low-or-high'(_rb, read) {
    // A-2-3 is the lowest straight, A-K-Q the highest
    expect(read.value).toBe(true);
    expect(evaluateThree(h('AS 2D 3H'))).toMatchObject({ category: 'straight', ranks: [3] });
    expect(compareHands(evaluateThree(h('AS KD QH')), evaluateThree(h('KS QD JH')))).toBeGreaterThan(0);
  },
  'cards-per-hand': (rb, read) => same(rb.cardsPerHand, read),
  'players.seated.maximum': (rb, read) => same(rb.boxes, read),
  'bets-per-box.maximum': (rb, read) => same(rb.betsPerBox, read),
  'players-betting-on-a-hand.maximum'(rb, read) {
    // the seated player and at most three others (cantabria L4516–4521)
    expect(rb.betsPerBox.value).toBe(1 + (read.value as number));
    expect(citesLines(rb.betsPerBox.cite, read.lines!)).toBe(true);
  },
  'dealer.qualifies'(rb, read) {
    expect(read.value).toMatch(/queen/i);
    expect(rb.qualifier.value).toEqual({ category: 'high-card', ranks: [12] });
    expect(citesLines(rb.qualifier.cite, read.lines!)).toBe(true);
  },
  'play.multiple-of-ante': (rb, read) => same(rb.playMultiple, read),
  'dealer.not-qualified.ante-pays'(rb, read) {
    // the ante at 1 to 1, the 2.ª apuesta unchanged (a push)
    same(rb.anteOdds, read);
    expect(rb.playWhenBankDoesNotQualify.value).toBe('push');
  },
  'payout.ante': (rb, read) => same(rb.anteOdds, read),
  'payout.second-bet': (rb, read) => same(rb.playOdds, read),
  'ante-bonus.straight': (rb, read) => same(rb.anteBonus.straight!, read),
  'ante-bonus.three-of-a-kind': (rb, read) => same(rb.anteBonus['three-of-a-kind']!, read),
  'ante-bonus.straight-flush': (rb, read) => same(rb.anteBonus['straight-flush']!, read),
  'ante-bonus.royal-flush'(rb, read) {
    // no line of its own: the A-K-Q straight flush is paid as one (docs/decisions/open-questions.md#oq-25; resolutions §3)
    expect(read.absent).toBe(true);
    expect(rb.anteBonus['royal-flush']!.value).toBe(rb.anteBonus['straight-flush']!.value);
  },
  'pair-plus.royal-flush': pairPlus('1', 'royal-flush'),
  'pair-plus.straight-flush': pairPlus('1', 'straight-flush'),
  'pair-plus.three-of-a-kind': pairPlus('1', 'three-of-a-kind'),
  'pair-plus.straight': pairPlus('1', 'straight'),
  'pair-plus.flush': pairPlus('1', 'flush'),
  'pair-plus.pair': pairPlus('1', 'pair'),
  'pair-plus.tables'(rb, read) {
    const tables = read.value as Array<Record<string, number | null>>;
    for (const t of tables) {
      const table = rb.pairPlusTables[String(t.table)];
      for (const [category, odds] of Object.entries(t)) {
        if (category === 'table') continue;
        const held = table[category as keyof typeof table]!;
        // tables 2 and 3 print no royal line: the A-K-Q straight flush is paid as a straight flush (OQ-25)
        expect([t.table, category, held.value]).toEqual([t.table, category, odds ?? t['straight-flush']]);
        expect(citesLines(held.cite, read.lines!)).toBe(true);
      }
    }
  },
  'pair-plus.limits'(rb, read) {
    // euskadi sets no pair-plus limits of its own: the table's
    expect(read.value).toBeNull();
    expect(rb.pairPlusMaxMultiple).toBeNull();
  },
  'pair-plus.bet.maximum.multiple-of-ante-minimum': (rb, read) => same(rb.pairPlusMaxMultiple!, read),
  'pair-plus.bet.minimum.share-of-ante-minimum'(rb, read) {
    // "podrá ser la mitad": the lowest pair plus allowed is half the ante minimum
    expect(read.value).toBe(0.5);
    const env = envFor(rules, rb.jurisdiction, { limits: { min: 1000, max: 50_000 } });
    expect(rules.betLimits!({ betId: 'p', seat: 1, betType: 'pair-plus', amount: 500, eventId: 'e', late: false }, env).min!.amount).toBe(500);
    expect(citesLines(rb.pairPlusMaxMultiple!.cite, read.lines!)).toBe(true);
  },
  'limits.maximum.multiple-of-minimum'(rb, read) {
    // one of the ratios, set per table: the rulebook holds the largest the text allows
    expect(rb.maxInitialMultiple.value).toBe(Math.max(...(read.value as number[])));
    expect(citesLines(rb.maxInitialMultiple.cite, read.lines!)).toBe(true);
  },
};

describeValuesAgree<ThreeCardPokerRulebook>('three-card-poker', rules, VALUES);

it('galicia: no rulebook, as the reader found no three card poker text there', () => {
  expect(reading.jurisdictions.galicia).toBeNull();
  expect(rules.rulebooks.galicia).toBeUndefined();
});

describe.each(['euskadi', 'cantabria'] as const)("three-card-poker %s: the reader's rounds", (j) => {
  const env = envFor(rules, j);
  const settled = (facts: ReturnType<typeof round>['facts'], betId: string, hand?: string) => expectedOf(rules, env, facts, betId, hand);

  it('fold (euskadi L9901–9906, cantabria L4580–4585): the ante and the pair plus are taken with the cards', () => {
    const facts = round('JC 7D 3S', 'QS 9H 2C', { play: false, pairPlus: 500 }).facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(settled(facts, 'pp')).toMatchObject({ outcome: 'lose' });
    // a folded pair too (resolutions §1)
    expect(settled(round('6C 6D 2H', 'QS 9H 2C', { play: false, pairPlus: 500 }).facts, 'pp')).toMatchObject({ outcome: 'lose', payout: 0 });
  });

  it('dealer-does-not-qualify: 9-9-4 against J-8-3 — the ante paid 1 to 1, the 2.ª apuesta returned', () => {
    const facts = round('9C 9D 4H', 'JS 8H 3C').facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(facts, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });

  it('dealer-qualifies: K-K-5 against Q-Q-9 — ante and play 1 to 1, no bonus on a pair', () => {
    const facts = round('KC KD 5H', 'QS QH 9C').facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(facts, 'play')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(rules.handsToSettle!(stateOf(facts), betOf(facts, 'ante'), env)).toEqual([undefined]);
  });

  it('ante-bonus: 7-7-7 against Q-Q-A — ante +1000, play +1000 and the three-of-a-kind bonus 4 to 1 on the ante', () => {
    const facts = round('7C 7D 7H', 'QS QH AC').facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(facts, 'play')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(facts, 'ante', 'ante-bonus')).toMatchObject({ outcome: 'win', payout: 4000 });
  });

  it('ante-bonus-always (cantabria L4610–4625): a straight that loses to 9-9-9 still takes its bonus; so does one the bank does not qualify against', () => {
    const lost = round('5C 6D 7H', '9S 9H 9C').facts;
    expect(settled(lost, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(settled(lost, 'play')).toMatchObject({ outcome: 'lose' });
    expect(settled(lost, 'ante', 'ante-bonus')).toMatchObject({ outcome: 'win', payout: 1000 });
    const unqualified = round('4C 5D 6H', 'JS 9H 2C').facts;
    expect(settled(unqualified, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(settled(unqualified, 'play')).toMatchObject({ outcome: 'push' });
    expect(settled(unqualified, 'ante', 'ante-bonus')).toMatchObject({ outcome: 'win', payout: 1000 });
  });

  it('tie (euskadi L10007–10011, cantabria L4646–4647): K-9-4 against K-9-4, the bank qualifying — both bets returned', () => {
    const facts = round('KC 9D 4H', 'KS 9C 4D').facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'push' });
    expect(settled(facts, 'play')).toMatchObject({ outcome: 'push' });
  });

  it('tie-rules: 8-8-K beats 8-8-Q on the odd card', () => {
    expect(settled(round('8C 8D KH', '8S 8H QC').facts, 'play')).toMatchObject({ outcome: 'win', payout: 1000 });
  });

  it('pair-plus: 6-6-2 loses the main game to Q-Q-3 but its pair plus is paid 1 to 1 on its own cards', () => {
    const facts = round('6C 6D 2H', 'QS QH 3D', { pairPlus: 500 }).facts;
    expect(settled(facts, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(settled(facts, 'pp')).toMatchObject({ outcome: 'win', payout: 500 });
  });

  it('misdeal-void (euskadi L10013–10016, cantabria L4706–4711): a bank card dealt face up voids the coup; settled instead, it is a finding', () => {
    const s = new Script().bet(1, 'ante', 1000, 'ante').cards('seat:1', 'KC KD 5H').cards('dealer', 'QS QH');
    s.facts.push({ type: 'CardDealt', data: { card: '9C', to: 'dealer', faceUp: true } });
    s.decide(1, 'play').bet(1, 'play', 1000, 'play').close().settle('ante', 'win', 1000).settle('play', 'win', 1000).complete();
    expect(codes(judge(rules, env, s.facts))).toEqual(['SEQUENCE_VIOLATION']);
    const voided = new Script().bet(1, 'ante', 1000, 'ante').cards('seat:1', 'KC KD 5H').cards('dealer', 'QS QH');
    voided.facts.push({ type: 'CardDealt', data: { card: '9C', to: 'dealer', faceUp: true } });
    voided.facts.push({ type: 'RoundVoided', data: { reason: 'a bank card exposed' } });
    expect(codes(judge(rules, env, voided.facts))).toEqual([]);
  });
});

it('pair-plus (cantabria table 1, L4677–4684, "únicamente se paga el premio mayor"): A-K-Q of hearts is paid as the royal, 50 to 1, only', () => {
  const env = envFor(rules, 'cantabria', { options: { pairPlusTable: '1' } });
  const s = new Script().bet(1, 'pair-plus', 500, 'pp').cards('seat:1', 'AH KH QH').cards('dealer', '2C 5D 9S').close();
  expect(expectedOf(rules, env, s.facts, 'pp')).toMatchObject({ outcome: 'win', payout: 25_000 });
});

it('bets-per-box and boxes (euskadi L9729–9748): a third bet on a box, a bet on an eighth box are not allowed', () => {
  const env = envFor(rules, 'euskadi');
  const s = new Script().bet(1, 'ante', 1000, 'a').bet(1, 'ante', 1000, 'b').bet(1, 'ante', 1000, 'c').bet(8, 'ante', 1000, 'd');
  const found = judge(rules, env, s.facts).discrepancies.filter((d) => d.code === 'BET_NOT_ALLOWED');
  expect(found.map((d) => [d.betId, d.rule])).toEqual([
    ['c', 'three-card-poker/bets-per-box'],
    ['d', 'three-card-poker/box'],
  ]);
});

function stateOf(facts: readonly { type: string; data: Record<string, unknown> }[]) {
  const env = envFor(rules, 'euskadi');
  let s = rules.initialState(env);
  facts.forEach((f, i) => (s = rules.evolve(s, { eventId: `x-${i}`, type: f.type, data: f.data }, env)));
  return s;
}
function betOf(facts: readonly { type: string; data: Record<string, unknown> }[], betId: string) {
  return (stateOf(facts) as { bets: Array<{ betId: string }> }).bets.find((b) => b.betId === betId) as never;
}
