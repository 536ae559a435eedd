import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout, roundFacts } from '../../core/testing';
import { judgeCoupAfterCut, judgeShoe } from '../../core/session-rules';
import type { ExpectedSettlement, Fact, JurisdictionId, SessionContext, ShoeInPlay } from '../../core/types';
import { bet, cards, closed, completed, fact, settled, settlementOf, start } from '../../core/blackjack-testing';
import { TrenteEtQuaranteRulebook } from './rulebook';
import { T40Carried, rules } from './rules';

const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const;
const LIMITS = { min: 1000, max: 50_000 };
const env = (j: JurisdictionId, overrides: Partial<SessionContext> = {}) =>
  envFor(rules, j, { limits: LIMITS, ...overrides }) as RoundEnv<TrenteEtQuaranteRulebook>;

// black row 10+10+5+7 = 32 (first card 10♥, red suit); red row 10+10+10+5 = 35
const BLACK_32 = ['10H', 'KS', '5C', '7D'];
const RED_35 = ['QS', 'JC', '10D', '5S'];
const ROW_31 = ['10S', 'KC', 'AD', 'JH', 'QD'].slice(0, 4); // 10+10+1+10 = 31
const ROW_31_RED = ['KH', '10C', 'AS', 'QC']; // 31

const coup = (bets: PlayedFact[], black: string[], red: string[]): PlayedFact[] => [
  start(),
  ...bets,
  closed(),
  ...cards('black', ...black),
  ...cards('red', ...red),
];
const outcomeOf = (j: JurisdictionId, facts: PlayedFact[], betId: string, e = env(j), recorded?: { outcome: string; payout: number }) =>
  settlementOf(rules, e, facts, betId, undefined, recorded) as ExpectedSettlement;

describe('trente-et-quarante chances, all 1:1 (games.md, euskadi L2928–2940 and parallels)', () => {
  describe.each(JURISDICTIONS)('%s', (j) => {
    const bets = [bet('bk', 1, 'black', 1000), bet('rd', 1, 'red', 1000), bet('co', 1, 'colour', 1000), bet('in', 1, 'inverse', 1000)];
    it('black 32 beats red 35: black wins; the first black card is red, the winning row black: inverse wins', () => {
      const f = coup(bets, BLACK_32, RED_35);
      expect(outcomeOf(j, f, 'bk')).toMatchObject({ outcome: 'win', payout: 1000 });
      expect(outcomeOf(j, f, 'rd')).toMatchObject({ outcome: 'lose', payout: 0 });
      expect(outcomeOf(j, f, 'co')).toMatchObject({ outcome: 'lose', payout: 0 });
      expect(outcomeOf(j, f, 'in')).toMatchObject({ outcome: 'win', payout: 1000 });
    });
    it('red nearer 31 with a red first black card: red and colour win', () => {
      const f = coup(
        bets,
        RED_35,
        BLACK_32.map((c) => c.replace('H', 'C')),
      );
      // black row (first card Q♠, black) 35, red 32: red wins, colour (black) loses
      expect(outcomeOf(j, f, 'rd')).toMatchObject({ outcome: 'win', payout: 1000 });
      expect(outcomeOf(j, f, 'co')).toMatchObject({ outcome: 'lose' });
      const g = coup(bets, ['10H', 'KH', '10D', '5H'], ['10S', 'KS', '5S', '7S']);
      // black row 35 (first card red), red row 32: red wins with the first card's colour: colour wins
      expect(outcomeOf(j, g, 'rd')).toMatchObject({ outcome: 'win' });
      expect(outcomeOf(j, g, 'co')).toMatchObject({ outcome: 'win', payout: 1000 });
      expect(outcomeOf(j, g, 'in')).toMatchObject({ outcome: 'lose' });
    });
    it('a tie other than 31 voids the coup: every bet returned', () => {
      const f = coup(bets, BLACK_32, ['KS', 'QC', '2D', '10H']);
      for (const id of ['bk', 'rd', 'co', 'in']) expect(outcomeOf(j, f, id)).toMatchObject({ outcome: 'push', payout: 0 });
    });
    it("refait 31–31: half lost by default, prison at the player's option, half lost on the session's last coup", () => {
      const f = coup(bets, ROW_31, ROW_31_RED);
      expect(outcomeOf(j, f, 'bk')).toMatchObject({ outcome: 'half-lost', payout: 0 });
      expect(outcomeOf(j, f, 'bk', env(j), { outcome: 'prison', payout: 0 })).toMatchObject({ outcome: 'prison', payout: 0 });
      expect(outcomeOf(j, f, 'bk', env(j, { lastRoundOfSession: true }), { outcome: 'prison', payout: 0 })).toMatchObject({ outcome: 'half-lost' });
    });
    it('insurance (index.md OQ-7): the 1 % premium is kept; the insured bet is returned whole on a refait', () => {
      const ins = [bet('bk', 1, 'black', 10_000), bet('i1', 1, 'insurance', 100, { selection: 'bk' })];
      const f = coup(ins, ROW_31, ROW_31_RED);
      expect(outcomeOf(j, f, 'bk')).toMatchObject({ outcome: 'push', payout: 0 });
      expect(outcomeOf(j, f, 'i1')).toMatchObject({ outcome: 'lose', payout: 0 });
      expect(codes(judge(rules, env(j), [...f, settled('bk', 'push', 0), settled('i1', 'lose', 0), completed()]))).toEqual([]);
      const wrong = [bet('bk', 1, 'black', 10_000), bet('i1', 1, 'insurance', 200, { selection: 'bk' })];
      expect(codes(judge(rules, env(j), [...coup(wrong, BLACK_32, RED_35), settled('bk', 'win', 10_000), settled('i1', 'lose', 0), completed()]))).toEqual([
        'COMMISSION_MISMATCH',
      ]);
      const orphan = [bet('i1', 1, 'insurance', 100, { selection: 'nope' })];
      expect(codes(judge(rules, env(j), [...coup(orphan, BLACK_32, RED_35), settled('i1', 'lose', 0), completed()]))).toEqual(['BET_NOT_ALLOWED']);
    });
    it('refuses a card or a row that does not exist', () => {
      expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'JK', to: 'black' } }, env(j))).toMatchObject({ field: 'data.card' });
      expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'dealer' } }, env(j))).toMatchObject({ field: 'data.to' });
      expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'red' } }, env(j))).toBeNull();
    });
    it('a bet type that is not a chance is BET_NOT_ALLOWED', () => {
      expect(codes(judge(rules, env(j), [start(), bet('x', 1, 'straight', 1000)]))).toEqual(['BET_NOT_ALLOWED']);
    });
  });
});

describe('dealing the rows (DRAW_RULE_VIOLATION)', () => {
  const run = (j: JurisdictionId, black: string[], red: string[]) =>
    judge(rules, env(j), [...coup([bet('bk', 1, 'black', 1000)], black, red), settled('bk', 'win', 1000), completed()]);
  describe.each(JURISDICTIONS)('%s', (j) => {
    it('a correct coup is consistent', () => expect(codes(run(j, BLACK_32, RED_35))).toEqual([]));
    it('no card to the black row once it has 31 or more', () => expect(codes(run(j, [...BLACK_32, '2C'], RED_35))).toContain('DRAW_RULE_VIOLATION'));
    it('no card to the red row before the black row is complete', () => expect(codes(run(j, ['10H', 'KS', '5C'], RED_35))).toContain('DRAW_RULE_VIOLATION'));
    it('no card to the red row once it has 31 or more', () => expect(codes(run(j, BLACK_32, [...RED_35, '2C']))).toContain('DRAW_RULE_VIOLATION'));
    it('a row left below 31 is a draw never made', () => expect(codes(run(j, BLACK_32, ['QS', 'JC', '10D']))).toContain('DRAW_RULE_VIOLATION'));
  });
});

describe('regional differences (Δ rows of games.md trente-et-quarante)', () => {
  it('rows dealt until 31: each text\'s own deal — the red row begins when the black "reaches or passes 31" (euskadi L3043–3044, cantabria L1293–1294, illes-balears L893–894, galicia L416; index.md OQ-50)', () => {
    const over = (j: JurisdictionId) =>
      judge(rules, env(j), [...coup([bet('bk', 1, 'black', 1000)], [...BLACK_32, '2C'], RED_35), settled('bk', 'win', 1000), completed()]);
    // illes-balears L842–844 says "between thirty and forty" like the others: the 31 is in its deal
    expect(over('illes-balears').discrepancies[0].citation).toBe('illes-balears L893–894; index.md OQ-50');
    expect(over('euskadi').discrepancies[0].citation).toBe('euskadi L3043–3044 (eu L2975–2977); index.md OQ-50');
    expect(over('cantabria').discrepancies[0].citation).toBe('cantabria L1293–1294; index.md OQ-50');
    expect(over('galicia').discrepancies[0].citation).toBe('galicia L416; index.md OQ-50');
  });

  it.each([
    ['euskadi', 'euskadi L3040–3045 (eu L2973–2977)'],
    ['cantabria', 'cantabria L1289–1295'],
    ['illes-balears', 'illes-balears L892–895'],
    ['galicia', 'galicia L416'],
  ] as const)("a card to the red row before the black is complete cites %s's own deal (%s)", (j, cite) => {
    const judged = judge(rules, env(j), [...coup([bet('bk', 1, 'black', 1000)], ['10H', 'KS', '5C'], RED_35), settled('bk', 'win', 1000), completed()]);
    expect(judged.discrepancies.find((d) => d.rule === 'trente-et-quarante/row-order')?.citation).toBe(cite);
  });

  it('the row of exactly 30 under the literal option', () => {
    // a row of exactly 30 is complete only under the literal "between 30 and 40" option
    const thirty = ['10H', 'KS', 'QC'];
    const literal = env('euskadi', { options: { rowStopsAt: 30 } });
    expect(codes(judge(rules, literal, [...coup([bet('bk', 1, 'black', 1000)], thirty, ['10D', 'KD', 'QD']), settled('bk', 'push', 0), completed()]))).toEqual(
      [],
    );
  });

  it('Δ insurance against the refait: complete in cantabria (L1259–1264); garbled in euskadi, illes-balears, galicia, applied as index.md OQ-7', () => {
    const f = coup([bet('bk', 1, 'black', 10_000), bet('i1', 1, 'insurance', 100, { selection: 'bk' })], ROW_31, ROW_31_RED);
    expect(outcomeOf('cantabria', f, 'bk').citation).toBe('cantabria L1259–1264');
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(outcomeOf(j, f, 'bk').citation).toMatch(/^index\.md OQ-7/);
    const off = env('euskadi', { options: { insuranceAllowed: false } });
    expect(codes(judge(rules, off, [start(), bet('bk', 1, 'black', 10_000), bet('i1', 1, 'insurance', 100, { selection: 'bk' })]))).toEqual([
      'BET_NOT_ALLOWED',
    ]);
  });

  it('Δ maximum: 20, 25 or 50 × the minimum in euskadi (L3023–3024); 1,000 × in cantabria, illes-balears, galicia', () => {
    const big = { limits: { min: 1000, max: 2_000_000 } };
    const at = (j: JurisdictionId, amount: number) => codes(judge(rules, env(j, big), [start(), bet('bk', 1, 'black', amount)]));
    expect(at('euskadi', 50_000)).toEqual([]);
    expect(at('euskadi', 51_000)).toEqual(['BET_ABOVE_MAXIMUM']);
    for (const j of ['cantabria', 'illes-balears', 'galicia'] as const) {
      expect(at(j, 1_000_000)).toEqual([]);
      expect(at(j, 1_001_000)).toEqual(['BET_ABOVE_MAXIMUM']);
    }
  });
});

describe('the shoe: six decks, the red card before the last five, the coup in progress annulled when it appears', () => {
  const RED_CARD: Readonly<Record<string, string>> = {
    euskadi: 'euskadi L3033–3038 (eu L2966–2971)',
    cantabria: 'cantabria L1282–1287',
    'illes-balears': 'illes-balears L887–890',
    galicia: 'galicia L414',
  };
  const DECKS: Readonly<Record<string, string>> = {
    euskadi: 'euskadi L2809–2811',
    cantabria: 'cantabria L1172–1174',
    'illes-balears': 'illes-balears L808–809',
    galicia: 'galicia L382',
  };
  const shoe = (over: Partial<ShoeInPlay>): ShoeInPlay => ({
    shoeId: 'sh-1',
    decks: 6,
    dealt: {},
    cutCardPosition: 307,
    cardsDealt: 0,
    coupsAfterCut: 0,
    ...over,
  });

  describe.each(JURISDICTIONS)('%s', (j) => {
    it('shoeRules: six decks, exactly five cards behind the red card, no coup once it has appeared — each cited to the text', () => {
      expect(rules.shoeRules!(env(j))).toEqual({
        decks: { value: [6], cite: DECKS[j] },
        cardsBehindCut: { value: { exactly: 5 }, cite: RED_CARD[j] },
        coupsAfterCut: { value: 0, cite: RED_CARD[j] },
      });
    });
    it('the session judge: a shoe as required passes; the red card one card off, or eight decks, is a finding', () => {
      expect(judgeShoe(rules, env(j), { shoeId: 'sh-1', decks: 6, cutCardPosition: 312 - 5 }).findings).toEqual([]);
      expect(judgeShoe(rules, env(j), { shoeId: 'sh-1', decks: 6, cutCardPosition: 312 - 4 }).findings).toMatchObject([
        { code: 'SESSION_RULE_VIOLATION', rule: 'trente-et-quarante/cut-card', citation: RED_CARD[j] },
      ]);
      expect(judgeShoe(rules, env(j), { shoeId: 'sh-1', decks: 8, cutCardPosition: 416 - 5 }).findings).toMatchObject([
        { code: 'SESSION_RULE_VIOLATION', rule: 'trente-et-quarante/shoe-decks', citation: DECKS[j] },
      ]);
      expect(judgeCoupAfterCut(rules, env(j), shoe({ cardsDealt: 307 }))).toBeNull();
      expect(judgeCoupAfterCut(rules, env(j), shoe({ cardsDealt: 308 }))).toMatchObject({ code: 'SEQUENCE_VIOLATION', citation: RED_CARD[j] });
    });
    const coupFrom = (cardsDealt: number, cutRecorded = true) =>
      judge(rules, env(j, { shoe: shoe(cutRecorded ? { cardsDealt } : { cardsDealt, cutCardPosition: undefined }) }), [
        ...coup([bet('bk', 1, 'black', 1000)], BLACK_32, RED_35),
        settled('bk', 'win', 1000),
        completed(),
      ]);
    it(`a coup completed although the red card came out in it should have been annulled (${RED_CARD[j]})`, () => {
      // eight cards: cards 300–307 reach card 307, the first behind the red card
      const judged = coupFrom(300);
      expect(codes(judged)).toEqual(['DRAW_RULE_VIOLATION']);
      expect(judged.discrepancies[0]).toMatchObject({ rule: 'trente-et-quarante/red-card', citation: RED_CARD[j] });
    });
    it('a coup ending on the last card before the red card is complete; an unrecorded red card is not judged', () => {
      expect(codes(coupFrom(299))).toEqual([]);
      expect(codes(coupFrom(300, false))).toEqual([]);
    });
    it('a coup the croupier annuls when the red card appears is void, not a finding', () => {
      const voided = [
        ...coup([bet('bk', 1, 'black', 1000)], BLACK_32, RED_35),
        fact('RoundVoided', { reason: 'the red card appeared', decidedBy: 'croupier' }),
      ];
      const judged = judge(rules, env(j, { shoe: shoe({ cardsDealt: 300 }) }), voided);
      expect(judged.verdict).toBe('void');
      expect(judged.discrepancies.filter((d) => d.rule === 'trente-et-quarante/red-card')).toEqual([]);
    });
  });
});

describe('the opening: a maximum above the multiple of the minimum the text allows', () => {
  it.each([
    ['euskadi', 50, 'euskadi L3023–3024 (eu L2957–2958)'],
    ['cantabria', 1000, 'cantabria L1272–1273'],
    ['illes-balears', 1000, 'illes-balears L881'],
    ['galicia', 1000, 'galicia L410'],
  ] as const)('%s: %i × the minimum (%s); a declared per-chance maximum above it too', (j, multiple, cite) => {
    const open = (limits: { min: number; max: number; [k: string]: number }) =>
      rules.judgeOpening!({ limits, options: {}, eventId: 'open' }, env(j, { limits }));
    expect(open({ min: 100, max: 100 * multiple })).toEqual([]);
    expect(open({ min: 100, max: 100 * multiple + 100 })).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', citation: cite, expected: 100 * multiple, eventId: 'open' },
    ]);
    expect(open({ min: 100, max: 100 * multiple, red: 100 * multiple + 100 })).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', recorded: 100 * multiple + 100 },
    ]);
  });
});

describe('prison (refait with the prison option, roulette zero rules by reference)', () => {
  const carried: T40Carried = { prison: { 'old-1': { betType: 'black', amount: 1000 } }, round: {} };
  const e = (j: JurisdictionId = 'cantabria') => env(j, { carried });
  const prisonBet = bet('p1', 1, 'black', 1000, { selection: { prison: 'old-1' } });
  it('freed when its chance wins: returned, no payout', () => {
    expect(outcomeOf('cantabria', coup([prisonBet], BLACK_32, RED_35), 'p1', e())).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('lost when its chance loses; stays in prison on a plain tie', () => {
    expect(outcomeOf('cantabria', coup([prisonBet], RED_35, BLACK_32), 'p1', e())).toMatchObject({ outcome: 'lose' });
    expect(outcomeOf('cantabria', coup([prisonBet], BLACK_32, ['KS', 'QC', '2D', '10H']), 'p1', e())).toMatchObject({ outcome: 'prison' });
  });
  it('a second refait halves its value when it stays in prison', () => {
    const facts = [...coup([prisonBet], ROW_31, ROW_31_RED), settled('p1', 'prison', 0)];
    const after = facts
      .map((p, i): Fact => ({ eventId: `${i}`, type: p.type, data: p.data }))
      .reduce((c, f) => rules.carry!(c, f, e()), carried as unknown) as T40Carried;
    expect(after.prison).toEqual({ p1: { betType: 'black', amount: 500, seat: 1 } });
  });
  it('a bet that claims a prison it is not in is BET_NOT_ALLOWED; an imprisoned bet left out of the next coup is UNSETTLED_BET', () => {
    expect(codes(judge(rules, env('cantabria'), [...coup([prisonBet], BLACK_32, RED_35), settled('p1', 'push', 0), completed()]))).toEqual(['BET_NOT_ALLOWED']);
    expect(codes(judge(rules, e(), [...coup([bet('b', 1, 'red', 1000)], BLACK_32, RED_35), settled('b', 'lose', 0), completed()]))).toEqual(['UNSETTLED_BET']);
  });
});

describe('property: the croupier plays by the rules, and every single change is caught', () => {
  const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const playOne = (j: JurisdictionId, s: number) =>
    roundFacts(rules.play!({ env: env(j), sessionId: 's-1', roundId: `r-${s}`, random: seededRandom(s), seats: [1, 2, 3, 4], memory: {} }));

  describe.each(JURISDICTIONS)('%s', (j) => {
    it('a played coup is consistent (or void when the red card appears)', () => {
      fc.assert(
        fc.property(seed, (s) => judge(rules, env(j), playOne(j, s)).verdict === 'consistent'),
        { numRuns: 150 },
      );
    });
    it('a session of coups, prison bets carried from coup to coup, is consistent', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const memory = {};
          const random = seededRandom(s);
          let carriedState: unknown = undefined;
          for (let n = 0; n < 30; n++) {
            const e = env(j, { carried: carriedState });
            const played = rules.play!({ env: env(j), sessionId: 's-1', roundId: `r-${n}`, random, seats: [1, 2, 3, 4, 5, 6], memory });
            const verdict = judge(rules, e, roundFacts(played)).verdict;
            if (verdict !== 'consistent' && verdict !== 'void') return false;
            carriedState = played.reduce((c, p, i) => rules.carry!(c, { eventId: `${i}`, type: p.type, data: p.data }, e), carriedState);
          }
          return true;
        }),
        { numRuns: 15 },
      );
    });
    it('the red card before the last 5 cards annuls the coup in progress (RoundVoided), and a new shoe follows', () => {
      const memory = { shoe: ['10S', 'KC', 'QD', '2H', '3H', '4H', '5H', '6H'], shoeNo: 1 };
      const played = rules.play!({ env: env(j), sessionId: 's-1', roundId: 'r-red', random: seededRandom(1), seats: [1], memory });
      expect(played.map((p) => p.type)).not.toContain('ShoeStarted');
      expect(played[played.length - 1].type).toBe('RoundVoided');
      expect(judge(rules, env(j), played).verdict).toBe('void');
      const next = rules.play!({ env: env(j), sessionId: 's-1', roundId: 'r-next', random: seededRandom(2), seats: [1], memory });
      expect(next[0].type).toBe('ShoeStarted');
    });
    it('a changed payout is PAYOUT_MISMATCH', () => {
      fc.assert(
        fc.property(seed, fc.nat(), fc.constantFrom(-100, 100, 1000), (s, i, delta) => {
          const mutated = mutatePayout(playOne(j, s), i, delta);
          return mutated === null || codes(judge(rules, env(j), mutated)).includes('PAYOUT_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });
    it('a card removed from or added to a row is DRAW_RULE_VIOLATION', () => {
      fc.assert(
        fc.property(seed, fc.boolean(), fc.constantFrom('black', 'red'), (s, remove, row) => {
          const facts = playOne(j, s);
          const at = facts
            .map((f, i) => [f, i] as const)
            .filter(([f]) => f.type === 'CardDealt' && f.data.to === row)
            .map(([, i]) => i);
          const out = [...facts];
          if (remove) out.splice(at[at.length - 1], 1);
          else out.splice(at[at.length - 1] + 1, 0, fact('CardDealt', { card: 'AC', to: row }));
          return codes(judge(rules, env(j), out)).includes('DRAW_RULE_VIOLATION');
        }),
        { numRuns: 100 },
      );
    });
    it('a cagnotte is CAGNOTTE_MISMATCH (none is taken); a commission is COMMISSION_MISMATCH; a bet over the maximum is BET_ABOVE_MAXIMUM', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const facts = playOne(j, s);
          const at = facts.findIndex((f) => f.type === 'RoundCompleted');
          const betId = facts.find((f) => f.type === 'BetSettled')!.data.betId;
          const commission = [...facts.slice(0, at), fact('CommissionCharged', { betId, amount: 100 }), ...facts.slice(at)];
          const over = mutateOverMaximum(facts, LIMITS.max)!;
          return (
            codes(judge(rules, env(j), mutateCagnotte(facts, 100))).includes('CAGNOTTE_MISMATCH') &&
            codes(judge(rules, env(j), commission)).includes('COMMISSION_MISMATCH') &&
            codes(judge(rules, env(j), over)).includes('BET_ABOVE_MAXIMUM')
          );
        }),
        { numRuns: 100 },
      );
    });
  });
});
