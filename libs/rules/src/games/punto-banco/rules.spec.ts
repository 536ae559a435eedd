import fc from 'fast-check';
import { BANKER_COLUMNS, PUNTO_BANCO_BANKER_TABLE, PUNTO_BANCO_PUNTO_RULE } from '../../core/baccarat';
import { addCard, cardOf, cardsFor, coupFacts, mutateCommission, playSession, removeThirdCard, shoeScenarios } from '../../core/baccarat-testing';
import { codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { RoundEnv } from '../../core/game';
import { JurisdictionId, SessionContext } from '../../core/types';
import { PuntoBancoRulebook } from './rulebook';
import { rules as puntoBanco } from './rules';

const pbEnv = (j: JurisdictionId, o: Partial<SessionContext> = {}) => envFor(puntoBanco, j, o) as RoundEnv<PuntoBancoRulebook>;
const JURISDICTIONS = Object.keys(puntoBanco.rulebooks) as JurisdictionId[];
const LIMITS = { min: 100, max: 10_000 };

/** A coup where the player holds `p` (two cards), the banker `b` (two cards), then the given third cards. */
const coup = (p: readonly [string, string], b: readonly [string, string], third: ReadonlyArray<readonly [string, string]> = []) =>
  [['player', p[0]], ['banker', b[0]], ['player', p[1]], ['banker', b[1]], ...third] as ReadonlyArray<readonly [string, string]>;

describe('punto-banco rulebooks', () => {
  it('exists for the four jurisdictions that give rules, not for andalucia (list only)', () => {
    expect(JURISDICTIONS.sort()).toEqual(['cantabria', 'euskadi', 'galicia', 'illes-balears']);
  });
  it.each(JURISDICTIONS)('%s: 6 decks, stop card 7 from the end, burn = exposed card + its value (OQ-22)', (j) => {
    const rb = puntoBanco.rulebooks[j]!;
    expect(rb.decks.value).toBe(6);
    expect(rb.stopCardFromEnd.value).toBe(7);
    expect(rb.burn.cite).toContain('index.md OQ-22');
    expect(rb.bankerTable.cite).toBe(j === 'cantabria' ? 'cantabria L2105–2118; cantabria L2058; index.md OQ-01' : 'index.md OQ-01');
  });
});

describe('punto-banco shoeRules: six decks, the stop card with seven cards below it, no coup after the one in which it comes out', () => {
  // euskadi L3849–3852, L4300–4307; cantabria L1945–1947, L2133–2141; illes-balears L1195–1197, L1338–1343; galicia L428, L482
  const TEXT: Record<string, [string, string, string]> = {
    euskadi: ['euskadi L3849–3852', 'euskadi L4300–4304', 'euskadi L4304–4307'],
    cantabria: ['cantabria L1945–1947', 'cantabria L2133–2137', 'cantabria L2137–2141'],
    'illes-balears': ['illes-balears L1195–1197', 'illes-balears L1338–1341', 'illes-balears L1341–1343'],
    galicia: ['galicia L428', 'galicia L482', 'galicia L482'],
  };
  it.each(JURISDICTIONS)('%s', (j) => {
    const env = pbEnv(j);
    const [decks, stop, after] = TEXT[j];
    expect(puntoBanco.shoeRules!(env)).toEqual({
      decks: { value: [6], cite: decks },
      cardsBehindCut: { value: { exactly: 7 }, cite: stop },
      coupsAfterCut: { value: 0, cite: after },
    });
    const s = shoeScenarios(puntoBanco, env);
    expect(s.asRequired).toEqual([]);
    expect(s.oneCardShort).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'punto-banco/cut-card', citation: stop }]);
    expect(s.otherDecks).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'punto-banco/shoe-decks', citation: decks }]);
    expect(s.coupBeforeStop).toBeNull();
    expect(s.coupAfterStop).toMatchObject({ code: 'SEQUENCE_VIOLATION', citation: after });
  });
});

describe('punto-banco: the punto draws on 0–5 and stands on 6–7', () => {
  const cases = [0, 1, 2, 3, 4, 5, 6, 7].map((t) => [t, PUNTO_BANCO_PUNTO_RULE[t as 0]] as const);
  it.each(cases)('player %i: %s', (total, cell) => {
    expect(cell).toBe(total <= 5 ? 'T' : 'P');
    const env = pbEnv('cantabria');
    // banker 7 stands whatever the player does
    const drew = judge(puntoBanco, env, coupFacts(coup(cardsFor(total), cardsFor(7, 'D'), [['player', '2H']])));
    const stood = judge(puntoBanco, env, coupFacts(coup(cardsFor(total), cardsFor(7, 'D'))));
    if (cell === 'T') {
      expect(codes(drew)).toEqual([]);
      expect(codes(stood)).toEqual(['DRAW_RULE_VIOLATION']);
      expect(stood.discrepancies[0].rule).toBe('punto-banco/punto-draw');
      expect(stood.discrepancies[0].citation).toBe('cantabria L2097–2103');
    } else {
      expect(codes(stood)).toEqual([]);
      expect(codes(drew)).toEqual(['DRAW_RULE_VIOLATION']);
    }
  });
});

describe('punto-banco: every cell of the banker table (index.md OQ-01)', () => {
  const cells: Array<[number, string, string]> = [];
  for (let row = 0; row <= 7; row++) BANKER_COLUMNS.forEach((col, i) => cells.push([row, col, PUNTO_BANCO_BANKER_TABLE[row as 0][i]]));
  it.each(cells)('banker %i, player third card %s: %s', (row, col, cell) => {
    const env = pbEnv('galicia');
    const player = col === 'stood' ? cardsFor(6) : cardsFor(2);
    const third: Array<readonly [string, string]> = col === 'stood' ? [] : [['player', cardOf(Number(col))]];
    const drew = judge(puntoBanco, env, coupFacts(coup(player, cardsFor(row, 'D'), [...third, ['banker', '4C']])));
    const stood = judge(puntoBanco, env, coupFacts(coup(player, cardsFor(row, 'D'), third)));
    expect(codes(cell === 'T' ? drew : stood)).toEqual([]);
    const broken = cell === 'T' ? stood : drew;
    expect(codes(broken)).toEqual(['DRAW_RULE_VIOLATION']);
    expect(broken.discrepancies[0].rule).toBe('punto-banco/banker-draw');
    expect(broken.discrepancies[0].citation).toBe('index.md OQ-01');
  });
  it('has no option cell (the banker of punto-banco has no choice)', () => {
    expect(Object.values(PUNTO_BANCO_BANKER_TABLE).flat()).not.toContain('O');
  });
});

describe('punto-banco: naturals and the deal', () => {
  const env = pbEnv('euskadi');
  it('a natural on either hand ends the coup: no third card', () => {
    const j = judge(puntoBanco, env, coupFacts(coup(['KS', '9S'], cardsFor(2), [['banker', '3C']])));
    expect(codes(j)).toEqual(['DRAW_RULE_VIOLATION']);
    expect(j.discrepancies[0]).toMatchObject({ rule: 'punto-banco/natural', citation: 'euskadi L4223–4227' });
    expect(codes(judge(puntoBanco, env, coupFacts(coup(cardsFor(0), ['4D', '4H'], [['player', '3C']]))))).toEqual(['DRAW_RULE_VIOLATION']);
  });
  it('the deal is player, banker, player, banker (euskadi L4316–4323)', () => {
    const facts = coupFacts([
      ['banker', '2S'],
      ['player', '3S'],
      ['player', '4S'],
      ['banker', '10S'],
    ]);
    const j = judge(puntoBanco, env, facts);
    expect(codes(j)).toContain('SEQUENCE_VIOLATION');
    expect(j.discrepancies[0].citation).toBe('euskadi L4316–4323');
  });
  it('a fourth card to a hand is a violation', () => {
    const j = judge(
      puntoBanco,
      env,
      coupFacts(
        coup(cardsFor(2), cardsFor(7), [
          ['player', '2H'],
          ['player', '3H'],
        ]),
      ),
    );
    expect(codes(j)).toEqual(['DRAW_RULE_VIOLATION']);
  });
  it("the burn: the exposed card's value, figures 10, sets how many are burned, the exposed card counted or not (euskadi L4309–4314; the text does not say)", () => {
    const burn = (cards: string[]) => cards.map((c) => ['burn', c] as const);
    const threeMore = judge(puntoBanco, env, coupFacts([...burn(['3S', '2C', '9D', 'KH']), ...coup(cardsFor(7), cardsFor(6))]));
    expect(codes(threeMore)).toEqual([]);
    const threeWithIt = judge(puntoBanco, env, coupFacts([...burn(['3S', '2C', '9D']), ...coup(cardsFor(7), cardsFor(6))]));
    expect(codes(threeWithIt)).toEqual([]);
    const short = judge(puntoBanco, env, coupFacts([...burn(['3S', '2C']), ...coup(cardsFor(7), cardsFor(6))]));
    expect(codes(short)).toEqual(['SEQUENCE_VIOLATION']);
    expect(short.discrepancies[0]).toMatchObject({ rule: 'punto-banco/burn', expected: [3, 4], recorded: 2 });
    const figure = judge(puntoBanco, env, coupFacts([...burn(['QS', ...'A23456789'.split('').map((r) => `${r}C`), '10C']), ...coup(cardsFor(7), cardsFor(6))]));
    expect(codes(figure)).toEqual([]);
    const tooMany = judge(puntoBanco, env, coupFacts([...burn(['AS', '2C', '9D']), ...coup(cardsFor(7), cardsFor(6))]));
    expect(tooMany.discrepancies).toMatchObject([{ code: 'SEQUENCE_VIOLATION', expected: [1, 2], recorded: 3 }]);
  });
  it('refuses a card that does not exist and a hand that is not at the table', () => {
    expect(puntoBanco.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'JK', to: 'player' } }, env)).toMatchObject({ field: 'data.card' });
    expect(puntoBanco.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '1S', to: 'player' } }, env)).toMatchObject({ field: 'data.card' });
    expect(puntoBanco.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '2S', to: 'seat:3' } }, env)).toMatchObject({ field: 'data.to' });
    expect(puntoBanco.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '2S', to: 'banker' } }, env)).toBeNull();
  });
  it('describes the hands for the replay', () => {
    const j = judge(puntoBanco, env, coupFacts(coup(cardsFor(7), ['9H', '9D'])));
    expect(j.steps.at(-1)!.state).toMatchObject({ game: { player: { total: 7 }, banker: { total: 8, natural: true }, result: 'banker' } });
  });
});

describe('punto-banco citations resolve to lines that say the value (issue 14 §3)', () => {
  // each cited range was read with `sed -n`: the tie push is the sentence "En caso de empate, la jugada será
  // considerada nula y las apuestas podrán ser retiradas" (euskadi L4218–4220), not the tie bet's 8:1 (L4412–4413)
  const TIE_PUSH: Record<string, string> = {
    euskadi: 'euskadi L4218–4220',
    cantabria: 'cantabria L2083–2087',
    'illes-balears': 'illes-balears L1311–1315',
    galicia: 'galicia L466',
  };
  it.each(JURISDICTIONS)('%s: a tie returns the player and banker bets, citing the tie-push lines', (j) => {
    const env = pbEnv(j);
    const facts = coupFacts(
      coup(cardsFor(6), cardsFor(6, 'D')),
      [{ betId: 'b1', betType: 'player', amount: 1_000 }],
      [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'push', payout: 0 } }],
    );
    expect(judge(puntoBanco, env, facts).expectedSettlements[0].expected).toMatchObject({ outcome: 'push', citation: TIE_PUSH[j] });
  });
  it.each(JURISDICTIONS)("%s: the player bet's even money is cited as the industry standard, not to a commission paragraph", (j) => {
    const env = pbEnv(j);
    const facts = coupFacts(
      coup(cardsFor(7), cardsFor(6)),
      [{ betId: 'b1', betType: 'player', amount: 1_000 }],
      [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout: 1_000 } }],
    );
    const citation = judge(puntoBanco, env, facts).expectedSettlements[0].expected.citation;
    expect(citation).toMatch(/^INDUSTRY-STANDARD/);
    expect(citation).not.toContain(puntoBanco.rulebooks[j]!.commissionRange.cite);
  });
  it('euskadi "hasta el 5 por 100" is cited to the text as well as to index.md OQ-21', () => {
    expect(puntoBanco.rulebooks.euskadi!.commissionRange.cite).toBe('euskadi L4185–4189; index.md OQ-21');
  });
});

describe('punto-banco payouts, per jurisdiction', () => {
  const stake = 10_000;
  const settle = (j: JurisdictionId, p: readonly [string, string], b: readonly [string, string], betType: string, options = {}) => {
    const env = pbEnv(j, { options });
    const facts = coupFacts(coup(p, b), [{ betId: 'b1', betType, amount: stake }]);
    return (
      judge(puntoBanco, env, facts).steps.length &&
      puntoBanco.settle(
        facts.slice(3).reduce((s, f, i) => puntoBanco.evolve(s, { eventId: `${i}`, ...f } as never, env), puntoBanco.initialState(env)),
        { bet: { betId: 'b1', betType, amount: stake, eventId: 'e', late: false } },
        env,
      )
    );
  };
  describe.each(JURISDICTIONS)('%s', (j) => {
    it('player win pays 1:1', () =>
      expect(settle(j, cardsFor(7), cardsFor(5), 'player')).toMatchObject({ outcome: 'win', payout: 10_000, rule: 'punto-banco/player-pays' }));
    it('player bet loses to the banker', () => expect(settle(j, cardsFor(5), cardsFor(7), 'player')).toMatchObject({ outcome: 'lose', payout: 0 }));
    it('banker win pays 1:1 less 5 % commission', () => {
      const v = settle(j, cardsFor(5), cardsFor(7), 'banker') as { payout: number; commission: number; explanation: string };
      expect(v).toMatchObject({ outcome: 'win', payout: 9_500, commission: 500, rule: 'punto-banco/banker-commission' });
      expect(v.explanation).toBe('banker 7 beats player 5: banker bet of 10000 pays 1:1 less 5 % commission (500)');
    });
    it('banker bet loses to the player', () => expect(settle(j, cardsFor(7), cardsFor(5), 'banker')).toMatchObject({ outcome: 'lose', payout: 0 }));
    it('tie pays 8:1', () =>
      expect(settle(j, cardsFor(6), cardsFor(6, 'D'), 'tie')).toMatchObject({ outcome: 'win', payout: 80_000, rule: 'punto-banco/tie-pays' }));
    it('tie bet loses when there is no tie', () => expect(settle(j, cardsFor(6), cardsFor(7), 'tie')).toMatchObject({ outcome: 'lose', payout: 0 }));
    it.each(['player', 'banker'])('a tie returns the %s bet', (betType) =>
      expect(settle(j, cardsFor(6), cardsFor(6, 'D'), betType)).toMatchObject({ outcome: 'push', payout: 0, rule: 'punto-banco/tie-push' }),
    );
    it('a bet type the game does not have is BET_NOT_ALLOWED', () => {
      const facts = coupFacts(
        coup(cardsFor(7), cardsFor(6)),
        [{ betId: 'b1', betType: 'straight', amount: 100 }],
        [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'void', payout: 0 } }],
      );
      expect(codes(judge(puntoBanco, pbEnv(j), facts))).toEqual(['BET_NOT_ALLOWED']);
    });
  });
  it('the commission is rounded down to the smallest chip', () => {
    expect(settle('cantabria', cardsFor(5), cardsFor(7), 'banker')).toMatchObject({ commission: 500 });
    const env = pbEnv('cantabria');
    const facts = coupFacts(
      coup(cardsFor(6), cardsFor(7)),
      [{ betId: 'b1', betType: 'banker', amount: 1_900 }],
      [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout: 1_900 } }],
    );
    // 5 % of 1 900 = 95, below the 100 chip: nothing is deducted
    expect(codes(judge(puntoBanco, env, facts))).toEqual([]);
  });
});

describe('punto-banco regional differences (games.md Δ rows)', () => {
  it('Δ commission: euskadi "up to 5 %" accepts 3 % (OQ-21); cantabria, illes-balears, galicia require 5 %', () => {
    expect(puntoBanco.refuseOptions!({ commissionRate: 0.03 }, puntoBanco.rulebooks.euskadi!)).toBeNull();
    for (const j of ['cantabria', 'illes-balears', 'galicia'] as const) {
      expect(puntoBanco.refuseOptions!({ commissionRate: 0.03 }, puntoBanco.rulebooks[j]!)).toMatchObject({ field: 'options.commissionRate' });
      expect(puntoBanco.refuseOptions!({ commissionRate: 0.05 }, puntoBanco.rulebooks[j]!)).toBeNull();
    }
    for (const j of JURISDICTIONS)
      expect(puntoBanco.refuseOptions!({ commissionRate: 0.06 }, puntoBanco.rulebooks[j]!)).toMatchObject({ field: 'options.commissionRate' });
    const env = pbEnv('euskadi', { options: { commissionRate: 0.03 } });
    const facts = coupFacts(
      coup(cardsFor(6), cardsFor(7)),
      [{ betId: 'b1', betType: 'banker', amount: 10_000 }],
      [
        { type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout: 9_700 } },
        { type: 'CommissionCharged', data: { betId: 'b1', amount: 300 } },
      ],
    );
    const j = judge(puntoBanco, env, facts);
    expect(j.verdict).toBe('consistent');
    const wrong = judge(
      puntoBanco,
      env,
      facts.map((f) => (f.type === 'CommissionCharged' ? { ...f, data: { ...f.data, amount: 500 } } : f)),
    );
    expect(codes(wrong)).toEqual(['COMMISSION_MISMATCH']);
    expect(wrong.discrepancies[0].citation).toBe('session option commissionRate (euskadi L4185–4189; index.md OQ-21)');
  });

  it('Δ no-commission table: euskadi only; a banker win with 6 pays half (euskadi L4191–4198)', () => {
    const env = pbEnv('euskadi', { options: { commissionMode: 'no-commission' } });
    const run = (b: readonly [string, string], payout: number) =>
      judge(
        puntoBanco,
        env,
        coupFacts(
          coup(cardsFor(2), b, [['player', 'KC']]),
          [{ betId: 'b1', betType: 'banker', amount: 10_000 }],
          [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout } }],
        ),
      );
    expect(run(cardsFor(6), 5_000).verdict).toBe('consistent');
    expect(run(cardsFor(7), 10_000).verdict).toBe('consistent');
    const j = run(cardsFor(6), 9_500);
    expect(j.discrepancies[0]).toMatchObject({ code: 'PAYOUT_MISMATCH', expected: 5_000, citation: 'euskadi L4191–4198' });
    for (const jur of ['cantabria', 'illes-balears', 'galicia'] as const) {
      expect(puntoBanco.refuseOptions!({ commissionMode: 'no-commission' }, puntoBanco.rulebooks[jur]!)).toMatchObject({ field: 'options.commissionMode' });
    }
  });

  it.each([
    ['illes-balears', 'illes-balears L1313–1315'],
    ['galicia', 'galicia L466'],
  ] as const)('Δ tie maximum: %s caps the tie at 1/10 of the table maximum', (j, cite) => {
    const env = pbEnv(j, { limits: LIMITS });
    const ok = judge(
      puntoBanco,
      env,
      coupFacts(
        coup(cardsFor(6), cardsFor(7)),
        [{ betId: 'b1', betType: 'tie', amount: 1_000 }],
        [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } }],
      ),
    );
    expect(codes(ok)).toEqual([]);
    const over = judge(
      puntoBanco,
      env,
      coupFacts(
        coup(cardsFor(6), cardsFor(7)),
        [{ betId: 'b1', betType: 'tie', amount: 1_100 }],
        [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } }],
      ),
    );
    expect(over.discrepancies).toMatchObject([{ code: 'BET_ABOVE_MAXIMUM', expected: 1_000, rule: 'punto-banco/tie-maximum', citation: cite }]);
  });

  it.each(['euskadi', 'cantabria'] as const)('Δ tie maximum: %s has none beyond the table maximum', (j) => {
    const env = pbEnv(j, { limits: LIMITS });
    const facts = coupFacts(
      coup(cardsFor(6), cardsFor(7)),
      [{ betId: 'b1', betType: 'tie', amount: 5_000 }],
      [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } }],
    );
    expect(codes(judge(puntoBanco, env, facts))).toEqual([]);
  });

  it.each([
    ['euskadi', 'euskadi L4203–4206; index.md OQ-20'],
    ['cantabria', 'cantabria L2061–2063'],
    ['illes-balears', 'illes-balears L1301–1303'],
    ['galicia', 'galicia L460; index.md OQ-20'],
  ] as const)('Δ maximum: %s caps any bet at 100 × the table minimum (%s)', (j, cite) => {
    const env = pbEnv(j, { limits: { min: 100, max: 50_000 } });
    const facts = (amount: number) =>
      coupFacts(
        coup(cardsFor(6), cardsFor(7)),
        [{ betId: 'b1', betType: 'player', amount }],
        [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } }],
      );
    expect(codes(judge(puntoBanco, env, facts(10_000)))).toEqual([]);
    expect(judge(puntoBanco, env, facts(10_100)).discrepancies).toMatchObject([{ code: 'BET_ABOVE_MAXIMUM', expected: 10_000, citation: cite }]);
    // a per-bet-type maximum of the session wins
    const typed = pbEnv(j, { limits: { min: 100, max: 50_000, player: 20_000 } });
    expect(codes(judge(puntoBanco, typed, facts(15_000)))).toEqual([]);
  });

  it.each(JURISDICTIONS)('mini (7 seats) and midi (9 seats) tables in %s', (j) => {
    const bet = (seat: number) => ({ eventId: 'x', type: 'BetPlaced', data: { betId: 'b', seat, betType: 'player', amount: 100 } });
    const mini = pbEnv(j, { options: { tableFormat: 'mini' } });
    expect(puntoBanco.refuse!(bet(7), mini)).toBeNull();
    expect(puntoBanco.refuse!(bet(8), mini)).toMatchObject({ field: 'data.seat' });
    const midi = pbEnv(j, { options: { tableFormat: 'midi' } });
    expect(puntoBanco.refuse!(bet(9), midi)).toBeNull();
    expect(puntoBanco.refuse!(bet(10), midi)).toMatchObject({ field: 'data.seat' });
    expect(puntoBanco.refuse!(bet(12), pbEnv(j))).toBeNull();
  });
});

describe('punto-banco judgeOpening: the table maximum as a multiple of the minimum, as each text allows it', () => {
  const opening = (min: number, max: number) => ({ limits: { min, max }, options: {}, eventId: 'open-1' });
  it.each([
    ['euskadi', [20, 37.5, 100], [10, 150], 'euskadi L4203–4206; index.md OQ-20'],
    ['galicia', [20, 50, 100], [15, 120], 'galicia L460; index.md OQ-20'],
    ['cantabria', [50, 100], [20, 75, 200], 'cantabria L2061–2063'],
    ['illes-balears', [25, 50, 100], [20, 40, 150], 'illes-balears L1301–1303'],
  ] as const)('%s: allows %j × the minimum, flags %j', (j, allowed, flagged, cite) => {
    for (const m of allowed) expect(puntoBanco.judgeOpening!(opening(100, 100 * m), pbEnv(j))).toEqual([]);
    for (const m of flagged) {
      expect(puntoBanco.judgeOpening!(opening(100, 100 * m), pbEnv(j))).toMatchObject([
        { code: 'SESSION_RULE_VIOLATION', rule: 'punto-banco/table-maximum', citation: cite, eventId: 'open-1' },
      ]);
    }
  });
});

describe('punto-banco: the croupier (play) and single changes, property-based', () => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const rounds = (j: JurisdictionId, seed: number, options = {}) => playSession(puntoBanco, j, seed, 3, { limits: LIMITS, options });

  it.each(JURISDICTIONS)('%s: every round played is consistent', (j) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        for (const r of rounds(j, seed)) {
          const verdict = judge(puntoBanco, r.env, r.round);
          if (verdict.verdict !== 'consistent') throw new Error(JSON.stringify(verdict.discrepancies));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('euskadi no-commission and mini tables are played consistently too', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        for (const r of rounds('euskadi', seed, { commissionMode: 'no-commission', tableFormat: 'mini' }))
          expect(judge(puntoBanco, r.env, r.round).verdict).toBe('consistent');
      }),
      { numRuns: 40 },
    );
  });

  it('a whole shoe: burn, stop card and card counts stay consistent', () => {
    const session = playSession(puntoBanco, 'galicia', 7, 90, { limits: LIMITS });
    expect(session.filter((r) => r.played.some((f) => f.type === 'ShoeStarted')).length).toBeGreaterThanOrEqual(2);
    for (const r of session) expect(judge(puntoBanco, r.env, r.round).verdict).toBe('consistent');
  });

  it.each(JURISDICTIONS)('%s: a changed payout, draw, commission, cagnotte or bet over the maximum is caught', (j) => {
    fc.assert(
      fc.property(seeds, fc.nat(20), fc.constantFrom(-100, 100, 500), (seed, index, delta) => {
        const [r] = rounds(j, seed);
        const payout = mutatePayout(r.round, index, delta);
        if (payout) expect(codes(judge(puntoBanco, r.env, payout))).toContain('PAYOUT_MISMATCH');
        expect(codes(judge(puntoBanco, r.env, addCard(r.round, 'banker')))).toContain('DRAW_RULE_VIOLATION');
        expect(codes(judge(puntoBanco, r.env, addCard(r.round, 'player')))).toContain('DRAW_RULE_VIOLATION');
        const removed = removeThirdCard(r.round);
        if (removed) expect(codes(judge(puntoBanco, r.env, removed))).toContain('DRAW_RULE_VIOLATION');
        const commission = mutateCommission(r.round, delta);
        if (commission) expect(codes(judge(puntoBanco, r.env, commission))).toContain('COMMISSION_MISMATCH');
        expect(codes(judge(puntoBanco, r.env, mutateCagnotte(r.round, 100)))).toContain('CAGNOTTE_MISMATCH');
        const over = mutateOverMaximum(r.round, LIMITS.max);
        if (over) expect(codes(judge(puntoBanco, r.env, over))).toContain('BET_ABOVE_MAXIMUM');
      }),
      { numRuns: 100 },
    );
  });
});
