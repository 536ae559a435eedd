import { DECK_52 } from '../../core/cards';
import { propertySuite, Script, expectedOf } from '../../core/poker/bank-testing';
import { roundJackpotPrizes } from '../../core/jackpot-prizes';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import { rules as caribbeanStud } from './rules';

const rules: GameRules = caribbeanStud;

const ALL: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'andalucia'];
const BANK_PAIR_OF_TWOS = '2C 2D 5H 7S 9C';

/** A one-box round: ante 1000, the play bet 2000, given cards, settled by the rules' own verdicts. */
function round(player: string, bank: string, opts: { play?: boolean; extra?: (s: Script) => void } = {}) {
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  opts.extra?.(s);
  s.cards('seat:1', player).cards('dealer', bank);
  if (opts.play !== false) s.decide(1, 'play').bet(1, 'play', 2000, 'play');
  else s.decide(1, 'fold');
  return s.close();
}

describe('caribbean-stud: play pay table (bank qualifies, player wins)', () => {
  const hands: Array<[string, string, string]> = [
    ['royal-flush', 'AS KS QS JS 10S', BANK_PAIR_OF_TWOS],
    ['straight-flush', '9H 8H 7H 6H 5H', BANK_PAIR_OF_TWOS],
    ['four-of-a-kind', 'QC QD QH QS 3C', BANK_PAIR_OF_TWOS],
    ['full-house', '8C 8D 8H KS KC', BANK_PAIR_OF_TWOS],
    ['flush', 'AD 9D 7D 4D 3D', BANK_PAIR_OF_TWOS],
    ['straight', '10C 9D 8H 7C 6D', BANK_PAIR_OF_TWOS],
    ['three-of-a-kind', '7C 7D 7H KS 3C', BANK_PAIR_OF_TWOS],
    ['two-pair', 'JC JD 4H 4S AC', BANK_PAIR_OF_TWOS],
    ['pair', '3C 3D KH 10S 6C', BANK_PAIR_OF_TWOS],
    ['high-card', 'AC KD QH 6S 4C', 'AH KC JD 8S 3D'],
  ];
  const odds: Record<string, number[]> = {
    // euskadi, cantabria, illes-balears, andalucia (docs/decisions/games.md#caribbean-stud pay table)
    'royal-flush': [100, 100, 100, 100],
    'straight-flush': [25, 25, 25, 25],
    'four-of-a-kind': [20, 20, 20, 20],
    'full-house': [7, 7, 7, 5],
    flush: [5, 5, 5, 7],
    straight: [4, 4, 4, 4],
    'three-of-a-kind': [3, 3, 3, 3],
    'two-pair': [2, 2, 2, 2],
    pair: [1, 1, 1, 1],
    'high-card': [1, 1, 1, 1],
  };
  const cases = ALL.flatMap((j, i) => hands.map(([category, player, bank]) => [j, category, player, bank, odds[category][i]] as const));
  it.each(cases)('%s: %s pays %s… at %i:1 on the play bet, ante 1:1', (j, category, player, bank, n) => {
    const env = envFor(rules, j);
    const facts = round(player, bank).facts;
    const play = expectedOf(rules, env, facts, 'play');
    expect(play.outcome).toBe('win');
    expect(play.payout).toBe(2000 * n);
    expect(play.explanation).toContain(category);
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
  });
});

describe('caribbean-stud: regional differences', () => {
  it('Δ andalucia ranks a flush above a full house (index.md OQ-31); euskadi, cantabria, illes-balears do not', () => {
    const flushVsFull = round('AD 9D 7D 4D 3D', '8C 8H 8S KS KC').facts;
    expect(expectedOf(rules, envFor(rules, 'andalucia'), flushVsFull, 'play')).toMatchObject({ outcome: 'win', payout: 14000 });
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) expect(expectedOf(rules, envFor(rules, j), flushVsFull, 'play').outcome).toBe('lose');
  });

  it.each([
    ['euskadi', 50],
    ['cantabria', 25],
    ['illes-balears', 25],
    ['andalucia', 25],
  ] as const)('Δ max initial bet: %s %i × the minimum', (j, multiple) => {
    const env = envFor(rules, j, { limits: { min: 100, max: 1_000_000 } });
    const at = (amount: number) => codes(judge(rules, env, new Script().bet(1, 'ante', amount).facts));
    expect(at(100 * multiple)).not.toContain('BET_ABOVE_MAXIMUM');
    expect(at(100 * multiple + 100)).toContain('BET_ABOVE_MAXIMUM');
  });

  it.each([
    ['euskadi', 4],
    ['cantabria', 3],
    ['illes-balears', 4],
    ['andalucia', 1],
  ] as const)('Δ bets per box: %s allows %i', (j, max) => {
    const s = new Script();
    for (let i = 0; i <= max; i++) s.bet(1, 'ante', 100, `a${i}`, i ? { onBehalfOf: `p${i}` } : {});
    const found = judge(rules, envFor(rules, j), s.facts).discrepancies.filter((d) => d.rule === 'caribbean-stud/bets-per-box');
    expect(found.map((d) => d.betId)).toEqual([`a${max}`]);
  });

  it('Δ the bank card dealt face up: the last (euskadi, cantabria, andalucia); the first or the last (illes-balears)', () => {
    const dealt = (up: number) => {
      const s = new Script().bet(1, 'ante', 1000).cards('seat:1', '3C 3D KH 10S 6C');
      BANK_PAIR_OF_TWOS.split(' ').forEach((c, i) => s.facts.push({ type: 'CardDealt', data: { card: c, to: 'dealer', faceUp: i + 1 === up } }));
      return s.facts;
    };
    for (const j of ALL) expect(codes(judge(rules, envFor(rules, j), dealt(5)))).toEqual([]);
    for (const j of ['euskadi', 'cantabria', 'andalucia'] as const) expect(codes(judge(rules, envFor(rules, j), dealt(1)))).toEqual(['SEQUENCE_VIOLATION']);
    expect(codes(judge(rules, envFor(rules, 'illes-balears'), dealt(1)))).toEqual([]);
    expect(codes(judge(rules, envFor(rules, 'illes-balears'), dealt(3)))).toEqual(['SEQUENCE_VIOLATION']);
  });

  it('Δ insurance: offered in euskadi, cantabria, illes-balears, not in andalucia', () => {
    const s = new Script().bet(1, 'ante', 100).bet(1, 'insurance', 50);
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) expect(codes(judge(rules, envFor(rules, j), s.facts))).toEqual([]);
    expect(codes(judge(rules, envFor(rules, 'andalucia'), s.facts))).toEqual(['BET_NOT_ALLOWED']);
  });

  it('Δ jackpot stake ≤ ½ table minimum in euskadi and cantabria; not capped by the text in illes-balears, andalucia', () => {
    const s = new Script().bet(1, 'ante', 100).bet(1, 'jackpot', 100);
    for (const j of ['euskadi', 'cantabria'] as const) expect(codes(judge(rules, envFor(rules, j), s.facts))).toEqual(['BET_ABOVE_MAXIMUM']);
    for (const j of ['illes-balears', 'andalucia'] as const) expect(codes(judge(rules, envFor(rules, j), s.facts))).toEqual([]);
  });

  it('Δ jackpot prizes: four of a kind wins 5 % only in euskadi', () => {
    const facts = round('QC QD QH QS 3C', BANK_PAIR_OF_TWOS, { extra: (s) => s.bet(1, 'jackpot', 50) }).facts;
    const held = (j: JurisdictionId) => {
      const env = envFor(rules, j);
      let st = rules.initialState(env);
      facts.forEach((f, i) => (st = rules.evolve(st, { eventId: `e${i}`, type: f.type, data: f.data }, env)));
      return rules.jackpotHand!(st, 1, env);
    };
    expect(held('euskadi')).toBe('four-of-a-kind');
    for (const j of ['cantabria', 'illes-balears', 'andalucia'] as const) expect(held(j)).toBeNull();
  });

  it('Δ buy a card: euskadi, cantabria, illes-balears (fee = ante, index.md OQ-33); andalucia has none', () => {
    const bought = () =>
      new Script()
        .bet(1, 'ante', 1000, 'ante')
        .cards('seat:1', '3C 3D KH 10S 6C')
        .cards('dealer', BANK_PAIR_OF_TWOS)
        .decide(1, 'buy-card', { discards: ['6C'], amount: 1000 })
        .cards('seat:1', '3H')
        .decide(1, 'play')
        .bet(1, 'play', 2000, 'play')
        .close();
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) {
      const env = envFor(rules, j);
      const s = bought();
      expect(expectedOf(rules, env, s.facts, 'play')).toMatchObject({ outcome: 'win', payout: 6000 }); // three 3s: 3:1
      const j1 = judge(rules, env, s.facts);
      expect(codes(j1)).toEqual([]);
    }
    expect(codes(judge(rules, envFor(rules, 'andalucia'), bought().facts))).toContain('DRAW_RULE_VIOLATION');
  });
});

describe('caribbean-stud: settlement rules', () => {
  const env = envFor(rules, 'euskadi');
  it('bank without A-K does not qualify: ante 1:1, play returned (index.md OQ-06)', () => {
    const facts = round('2H 2S 9D 8C 4H', 'AH QC JD 8S 3D').facts;
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('option playWhenBankDoesNotQualify: "lose" applies the other reading', () => {
    const lossy = envFor(rules, 'euskadi', { options: { playWhenBankDoesNotQualify: 'lose' } });
    expect(expectedOf(rules, lossy, round('2H 2S 9D 8C 4H', 'AH QC JD 8S 3D').facts, 'play').outcome).toBe('lose');
    expect(rules.refuseOptions!({ playWhenBankDoesNotQualify: 'paid' }, rules.rulebooks.euskadi!)).not.toBeNull();
  });
  it('the bank wins: both bets lost', () => {
    const facts = round('AC KD QH 6S 4C', BANK_PAIR_OF_TWOS).facts;
    expect(expectedOf(rules, env, facts, 'ante').outcome).toBe('lose');
    expect(expectedOf(rules, env, facts, 'play').outcome).toBe('lose');
  });
  it('an exact tie is a push of both bets', () => {
    const facts = round('AC KD QH 6S 4C', 'AH KS QD 6D 4H').facts;
    expect(expectedOf(rules, env, facts, 'ante').outcome).toBe('push');
    expect(expectedOf(rules, env, facts, 'play').outcome).toBe('push');
  });
  it('a fold loses the ante', () => {
    expect(expectedOf(rules, env, round('AC KD QH 6S 4C', BANK_PAIR_OF_TWOS, { play: false }).facts, 'ante').outcome).toBe('lose');
  });
  it('a per-bet-type maximum of the session wins over the regulation multiple', () => {
    const typed = envFor(rules, 'euskadi', { limits: { min: 100, max: 100_000, ante: 1000, play: 1500 } });
    const s = new Script().bet(1, 'ante', 1000).cards('seat:1', '3C 3D KH 10S 6C').cards('dealer', BANK_PAIR_OF_TWOS).bet(1, 'play', 2000);
    expect(judge(rules, typed, s.facts).discrepancies.map((d) => [d.code, d.expected])).toEqual([['BET_ABOVE_MAXIMUM', 1500]]);
    expect(codes(judge(rules, typed, new Script().bet(1, 'ante', 1100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
  });
  it('the play bet must be 2 × ante', () => {
    const s = new Script().bet(1, 'ante', 1000).cards('seat:1', '3C 3D KH 10S 6C').cards('dealer', BANK_PAIR_OF_TWOS).bet(1, 'play', 1000);
    expect(codes(judge(rules, env, s.facts))).toEqual(['BET_NOT_ALLOWED']);
  });
  it.each([
    ['full-house', '8C 8D 8H KS KC', 100],
    ['four-of-a-kind', 'QC QD QH QS 3C', 300],
    ['straight-flush', '9H 8H 7H 6H 5H', 1000],
    ['royal-flush', 'AS KS QS JS 10S', 2000],
    ['flush (no prize)', 'AD 9D 7D 4D 3D', 0],
  ])('insurance on %s pays %i × the stake, regardless of the bank (index.md OQ-34)', (_name, player, n) => {
    const facts = round(player, 'AH KS QD JD 9D', { play: false, extra: (s) => s.bet(1, 'insurance', 50, 'ins') }).facts;
    expect(expectedOf(rules, env, facts, 'ins')).toMatchObject({ outcome: n ? 'win' : 'lose', payout: 50 * n });
  });
  it('buying a card forfeits the insurance; a wrong fee is a COMMISSION_MISMATCH; a second bought card a DRAW_RULE_VIOLATION', () => {
    const s = new Script()
      .bet(1, 'ante', 1000, 'ante')
      .bet(1, 'insurance', 50, 'ins')
      .cards('seat:1', '8C 8D 8H KS KC')
      .cards('dealer', BANK_PAIR_OF_TWOS)
      .decide(1, 'buy-card', { discards: ['KC'], amount: 500 })
      .cards('seat:1', 'KD')
      .decide(1, 'buy-card', { discards: ['KD'], amount: 1000 })
      .cards('seat:1', 'KH');
    expect(expectedOf(rules, env, s.facts, 'ins').outcome).toBe('lose');
    expect(codes(judge(rules, env, s.facts))).toEqual(['COMMISSION_MISMATCH', 'DRAW_RULE_VIOLATION']);
  });
  it('a sixth card to the bank is a DRAW_RULE_VIOLATION; a missing bank card leaves the outcome missing', () => {
    const six = round('3C 3D KH 10S 6C', `${BANK_PAIR_OF_TWOS} 4D`).settle('ante', 'win', 1000).settle('play', 'win', 2000).complete();
    expect(codes(judge(rules, env, six.facts))).toContain('DRAW_RULE_VIOLATION');
    const four = round('3C 3D KH 10S 6C', '2C 2D 5H 7S').settle('ante', 'win', 1000).settle('play', 'win', 2000).complete();
    expect(codes(judge(rules, env, four.facts))).toContain('OUTCOME_MISSING');
  });
  it('a card not on the equipment or a position that does not exist is refused', () => {
    expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'JK', to: 'seat:1' } }, env)).toMatchObject({ field: 'data.card' });
    expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'player' } }, env)).toMatchObject({ field: 'data.to' });
    expect(rules.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'hit' } }, env)).toMatchObject({ field: 'data.decision' });
  });
  it('a settled round with the right payouts is consistent', () => {
    const s = round('JC JD 4H 4S AC', BANK_PAIR_OF_TWOS).settle('ante', 'win', 1000).settle('play', 'win', 4000).complete();
    expect(judge(rules, env, s.facts).verdict).toBe('consistent');
  });
});

describe('caribbean-stud: jackpot pool', () => {
  it('the croupier pays the jackpot as the judge expects', () => {
    const env = envFor(rules, 'euskadi', {
      jackpotPools: {
        p1: {
          poolId: 'p1',
          current: 100_000,
          contributionRate: 0.5,
          prizes: { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 }, 'four-of-a-kind': { share: 0.05 } },
        },
      },
    });
    const s = round('QC QD QH QS 3C', BANK_PAIR_OF_TWOS, { extra: (x) => x.bet(1, 'jackpot', 50, 'jp') });
    s.facts.push({ type: 'JackpotContributed', data: { poolId: 'p1', amount: 0 } });
    s.facts.push({ type: 'JackpotWon', data: { poolId: 'p1', seat: 1, hand: 'four-of-a-kind', amount: 5000 } });
    s.settle('ante', 'win', 1000).settle('play', 'win', 40000).settle('jp', 'lose', 0).complete();
    expect(codes(judge(rules, env, s.facts))).toEqual([]);
    s.facts[s.facts.length - 5] = { type: 'JackpotWon', data: { poolId: 'p1', seat: 1, hand: 'straight-flush', amount: 10000 } };
    expect(codes(judge(rules, env, s.facts))).toContain('JACKPOT_MISMATCH');
  });

  // "se abonarán el diez o el cinco por ciento respectivo, en primer lugar a la jugada más alta, en caso de
  // igualdad se pagará primero aquella combinación de mayor valor. Si las escaleras de color fuesen iguales se
  // pagará el diez por ciento de la cantidad inicial del Jackpot a cada jugador" (euskadi L7433–7441)
  describe('several winners in one coup (euskadi L7433–7441)', () => {
    const env = envFor(rules, 'euskadi', {
      jackpotPools: {
        p1: {
          poolId: 'p1',
          current: 100_000,
          contributionAmount: 0,
          prizes: { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 }, 'four-of-a-kind': { share: 0.05 } },
        },
      },
    });
    /** two boxes with a jackpot bet; `wins` are the JackpotWon facts in the order recorded */
    const coup = (box1: string, box2: string, wins: Array<[seat: number, hand: string, amount: number]>) => {
      const s = round(box1, BANK_PAIR_OF_TWOS, { extra: (x) => x.bet(1, 'jackpot', 100, 'jp1').bet(2, 'ante', 1000, 'a2').bet(2, 'jackpot', 100, 'jp2') });
      s.cards('seat:2', box2).decide(2, 'fold');
      s.facts.push({ type: 'JackpotContributed', data: { poolId: 'p1', amount: 0 } });
      for (const [seat, hand, amount] of wins) s.facts.push({ type: 'JackpotWon', data: { poolId: 'p1', seat, hand, amount } });
      return judge(rules, env, s.facts)
        .discrepancies.filter((d) => d.code === 'JACKPOT_MISMATCH')
        .map((d) => [d.expected, d.recorded]);
    };

    it('two equal straight flushes: 10 % of the initial jackpot to each (10,000 and 10,000)', () => {
      expect(
        coup('9H 8H 7H 6H 5H', '9S 8S 7S 6S 5S', [
          [1, 'straight-flush', 10_000],
          [2, 'straight-flush', 10_000],
        ]),
      ).toEqual([]);
      // paying the second 10 % of what the first left is short by the text
      expect(
        coup('9H 8H 7H 6H 5H', '9S 8S 7S 6S 5S', [
          [1, 'straight-flush', 10_000],
          [2, 'straight-flush', 9_000],
        ]),
      ).toEqual([[10_000, 9_000]]);
    });

    it('unequal straight flushes: the higher first (K-high 10 % of 100,000, then Q-high 10 % of 90,000), whatever order they are recorded in', () => {
      expect(
        coup('QD JD 10D 9D 8D', 'KC QC JC 10C 9C', [
          [1, 'straight-flush', 9_000],
          [2, 'straight-flush', 10_000],
        ]),
      ).toEqual([]);
    });

    it('a straight flush and a poker: the straight flush first, the poker 5 % of what it left (10,000 then 4,500), recorded poker first', () => {
      expect(
        coup('QC QD QH QS 3C', '9S 8S 7S 6S 5S', [
          [1, 'four-of-a-kind', 4_500],
          [2, 'straight-flush', 10_000],
        ]),
      ).toEqual([]);
      expect(
        coup('QC QD QH QS 3C', '9S 8S 7S 6S 5S', [
          [1, 'four-of-a-kind', 5_000],
          [2, 'straight-flush', 10_000],
        ]),
      ).toEqual([[4_500, 5_000]]);
    });

    it('the croupier pays several winners as the judge expects', () => {
      const croupierPrizes = roundJackpotPrizes(
        [
          { seat: '1', hand: 'four-of-a-kind', stake: 100, strength: [8, 12, 3] },
          { seat: '2', hand: 'straight-flush', stake: 100, strength: [9, 9] },
          { seat: '3', hand: 'straight-flush', stake: 100, strength: [9, 9] },
        ],
        env.ctx.jackpotPools!.p1,
        100_000,
        100,
      );
      expect(Object.fromEntries(croupierPrizes)).toEqual({ '2': 10_000, '3': 10_000, '1': 4_000 });
    });
  });
});

describe('caribbean-stud: the illes-balears carousel — 90 % of the coins go to the pool (L2457–2458, issue 14 §2)', () => {
  const prizes = { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 } };
  const carouselRound = (contribution: number | null) => {
    const s = round('JC JD 4H 4S AC', BANK_PAIR_OF_TWOS, {
      extra: (x) => x.bet(1, 'jackpot', 500, 'c1').bet(2, 'ante', 1000, 'a2').bet(2, 'jackpot', 500, 'c2'),
    });
    s.cards('seat:2', '3C 5D 7H 9S JH').decide(2, 'fold');
    // two coins of 500: 900 to the pool
    if (contribution !== null) s.facts.push({ type: 'JackpotContributed', data: { poolId: 'p1', amount: contribution } });
    return s.settle('ante', 'win', 1000).settle('play', 'win', 4000).settle('c1', 'lose', 0).settle('a2', 'lose', 0).settle('c2', 'lose', 0).complete().facts;
  };
  const carousel = (rule: { contributionRate?: number; contributionAmount?: number }, j: JurisdictionId = 'illes-balears') =>
    envFor(rules, j, { jackpotPools: { p1: { poolId: 'p1', current: 100_000, prizes, ...rule } } });
  const textFindings = (facts: ReturnType<typeof carouselRound>, env: ReturnType<typeof carousel>) =>
    judge(rules, env, facts).discrepancies.filter((d) => d.rule === 'caribbean-stud/carousel-contribution');

  it('a pool that takes a fixed 100 a coin takes 200 where the text gives it 900: JACKPOT_MISMATCH cited to L2457–2458', () => {
    const found = textFindings(carouselRound(200), carousel({ contributionAmount: 100 }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'JACKPOT_MISMATCH', expected: 900, recorded: 200, citation: 'illes-balears L2457–2458' });
  });

  it("90 % of the coins is what the text requires, whatever the pool says: no finding at all (the text stands above the pool's configuration)", () => {
    expect(codes(judge(rules, carousel({ contributionAmount: 100 }), carouselRound(900)))).toEqual([]);
  });

  it("a pool configured at the text's 90 %: a short contribution is one finding, not two", () => {
    const env = carousel({ contributionRate: 0.9 });
    expect(codes(judge(rules, env, carouselRound(900)))).toEqual([]);
    expect(codes(judge(rules, env, carouselRound(800)))).toEqual(['JACKPOT_MISMATCH']);
  });

  it('coins in the slot and no contribution recorded: the 90 % never reached the pool', () => {
    const found = textFindings(carouselRound(null), carousel({ contributionRate: 0.9 }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'JACKPOT_MISMATCH', expected: 900, recorded: 0 });
  });

  it.each(['euskadi', 'cantabria', 'andalucia'] as const)("%s fixes no share (a deduction the authorisation sets): only the pool's rule is judged", (j) => {
    expect(textFindings(carouselRound(200), carousel({ contributionAmount: 100 }, j))).toEqual([]);
    expect(textFindings(carouselRound(null), carousel({ contributionAmount: 100 }, j))).toEqual([]);
  });
});

propertySuite(rules, ALL, { deck: DECK_52, removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'] });
// the illes-balears croupier contributes the text's 90 % to a pool configured at that rate
propertySuite(rules, ['illes-balears'], {
  deck: DECK_52,
  removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'],
  numRuns: 50,
  ctx: {
    jackpotPools: {
      p1: {
        poolId: 'p1',
        current: 100_000,
        contributionRate: 0.9,
        prizes: { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 }, pair: { share: 0.01 } },
      },
    },
  },
});
propertySuite(rules, ['euskadi'], {
  deck: DECK_52,
  removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'],
  numRuns: 50,
  ctx: {
    jackpotPools: {
      p1: {
        poolId: 'p1',
        current: 100_000,
        contributionRate: 0.5,
        prizes: { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 }, pair: { share: 0.01 } },
      },
    },
  },
});
