import fc from 'fast-check';
import { BANKER_COLUMNS, bankerDecision, CHEMIN_BANKER_TABLE, CHEMIN_PUNTO_RULE, dealCard, emptyCoup } from '../../core/baccarat';
import { addCard, cardOf, cardsFor, coupFacts, playSession, shoeScenarios } from '../../core/baccarat-testing';
import { RoundEnv } from '../../core/game';
import { judgeSettings } from '../../core/session-rules';
import { asFacts, codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { JurisdictionId, SessionContext } from '../../core/types';
import { BaccaratTwoTablesRulebook } from './rulebook';
import { rules as game, TWO_TABLES_SPEC } from './rules';

const JURISDICTIONS = Object.keys(game.rulebooks) as JurisdictionId[];
const LIMITS = { min: 100, max: 10_000 };
const ttEnv = (j: JurisdictionId, o: Partial<SessionContext> = {}) => envFor(game, j, { limits: LIMITS, ...o }) as RoundEnv<BaccaratTwoTablesRulebook>;
type Cards = readonly [string, string];
/** Deal paño 1, paño 2, banker twice, then the third cards. */
const coup = (p1: Cards, p2: Cards, b: Cards, third: ReadonlyArray<readonly [string, string]> = []) =>
  [['player:1', p1[0]], ['player:2', p2[0]], ['banker', b[0]], ['player:1', p1[1]], ['player:2', p2[1]], ['banker', b[1]], ...third] as ReadonlyArray<
    readonly [string, string]
  >;
const round = (
  cards: ReadonlyArray<readonly [string, string]>,
  bets: Parameters<typeof coupFacts>[1] = [],
  tail: Parameters<typeof coupFacts>[2] = [],
  bank = 50_000,
) => {
  const facts = coupFacts(cards, bets, tail);
  facts.splice(1, 0, { type: 'BankPut', data: { sessionId: 's-1', roundId: 'r-t', seat: 'banker', amount: bank } });
  return facts;
};
/** The banker asks the croupier for the table before the cards are dealt (euskadi L6125–6127). */
const askTable = (facts: ReturnType<typeof round>) => {
  const out = [...facts];
  out.splice(
    out.findIndex((f) => f.type === 'CardDealt'),
    0,
    { type: 'BankerTableRequested', data: { sessionId: 's-1', roundId: 'r-t' } },
  );
  return out;
};
const settled = (betId: string, outcome: string, payout: number, hand?: number) => ({
  type: 'BetSettled',
  data: { betId, outcome, payout, ...(hand ? { hand } : {}) },
});

describe('baccarat-two-tables rulebooks', () => {
  it('exists for the four jurisdictions that give rules', () => expect(JURISDICTIONS.sort()).toEqual(['cantabria', 'euskadi', 'galicia', 'illes-balears']));
  it.each(JURISDICTIONS)('%s: 6 decks, stop card 10 from the end, cagnotte 2 % limited / 1.25 % free on the net (OQ-11)', (j) => {
    const rb = game.rulebooks[j]!;
    expect([rb.decks.value, rb.stopCardFromEnd.value]).toEqual([6, 10]);
    expect(rb.cagnotteRates.value).toEqual({ limited: 0.02, free: 0.0125 });
    expect(rb.cagnotteBase.cite).toContain('index.md OQ-11');
  });
});

describe('baccarat-two-tables shoeRules: six decks, the stop card with ten cards below it, no coup after the one in which it comes out', () => {
  const TEXT: Record<string, [string, string, string]> = {
    euskadi: ['euskadi L5822–5826', 'euskadi L6219–6223', 'euskadi L6223–6226'],
    cantabria: ['cantabria L2925–2930', 'cantabria L3142–3147', 'cantabria L3147–3150'],
    'illes-balears': ['illes-balears L1868–1871', 'illes-balears L2017–2020', 'illes-balears L2020–2021'],
    galicia: ['galicia L704', 'galicia L764', 'galicia L764'],
  };
  it.each(JURISDICTIONS)('%s', (j) => {
    const env = ttEnv(j);
    const [decks, stop, after] = TEXT[j];
    expect(game.shoeRules!(env)).toEqual({
      decks: { value: [6], cite: decks },
      cardsBehindCut: { value: { exactly: 10 }, cite: stop },
      coupsAfterCut: { value: 0, cite: after },
    });
    const s = shoeScenarios(game, env);
    expect(s.asRequired).toEqual([]);
    expect(s.oneCardShort).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'baccarat-two-tables/cut-card', citation: stop }]);
    expect(s.otherDecks).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'baccarat-two-tables/shoe-decks' }]);
    expect(s.coupBeforeStop).toBeNull();
    expect(s.coupAfterStop).toMatchObject({ code: 'SEQUENCE_VIOLATION', citation: after });
  });
});

describe('baccarat-two-tables: at least two players per paño, kept throughout the partida (PlayersSeated)', () => {
  // euskadi L6214–6217 "Es condición imprescindible para que el juego pueda dar comienzo que haya un mínimo de
  // dos jugadores por paño, cifra que deberá mantenerse a lo largo de toda la partida"; cantabria L3137–3140,
  // illes-balears L2014–2015, galicia L762 say the same
  const MIN: Record<string, string> = {
    euskadi: 'euskadi L6214–6217',
    cantabria: 'cantabria L3137–3140',
    'illes-balears': 'illes-balears L2014–2015',
    galicia: 'galicia L762',
  };
  const seated = (data: Record<string, unknown>, roundId?: string) => ({
    type: 'PlayersSeated',
    data: { sessionId: 's-1', ...(roundId ? { roundId } : {}), ...data },
  });
  /** The session's earlier facts folded through carry, as the platform does before a coup. */
  const after = (j: JurisdictionId, facts: Array<{ type: string; data: Record<string, unknown> }>) => {
    let carried: unknown;
    for (const f of asFacts(facts)) carried = game.carry!(carried, f, ttEnv(j));
    return ttEnv(j, { carried });
  };
  /** Paño 1 on 6, paño 2 on 7, banker 7: everyone stands, nobody bets — nothing else to find. */
  const plain = () => round(coup(cardsFor(6), cardsFor(7), cardsFor(7, 'D')));
  const minimum = (j: ReturnType<typeof judge>) => j.discrepancies.filter((d) => d.rule === 'baccarat-two-tables/minimum-players');

  it.each(JURISDICTIONS)('%s: two per paño in the rulebook, cited to the text', (j) => {
    expect(game.rulebooks[j]!.minimumPlayersPerPano).toEqual({ value: 2, cite: MIN[j] });
  });
  it.each(JURISDICTIONS)('%s: judged per paño — one player at paño 2 is a finding on paño 2, however many sit at paño 1', (j) => {
    const short = judge(game, after(j, [seated({ seats: { 1: [1, 2, 3, 4], 2: [7] } })]), plain());
    expect(short.discrepancies).toEqual([
      expect.objectContaining({
        code: 'SESSION_RULE_VIOLATION',
        rule: 'baccarat-two-tables/minimum-players',
        citation: MIN[j],
        expected: 2,
        recorded: 1,
        message: expect.stringContaining('at paño 2'),
      }),
    ]);
    expect(codes(judge(game, after(j, [seated({ seats: { 1: [1, 2], 2: [7, 8] } })]), plain()))).toEqual([]);
    // both paños short: one finding for each
    expect(minimum(judge(game, after(j, [seated({ seats: { 1: [1], 2: [] } })]), plain())).map((d) => d.recorded)).toEqual([1, 0]);
  });
  it.each(JURISDICTIONS)('%s: no occupancy ever recorded: the coup is not judged for it', (j) => {
    expect(codes(judge(game, ttEnv(j), plain()))).toEqual([]);
  });
  it("the banker sits between the paños (euskadi L5837–5845) and counts at neither; players behind a paño's seats count there (L5872–5880)", () => {
    expect(codes(judge(game, after('euskadi', [seated({ seats: { 1: [1], 2: [7, 8] }, behind: { 1: 1 } })]), plain()))).toEqual([]);
    expect(minimum(judge(game, after('euskadi', [seated({ seats: { 1: [1], 2: [7, 8] }, behind: { 2: 3 } })]), plain()))).toMatchObject([
      { recorded: 1, message: expect.stringContaining('at paño 1') },
    ]);
  });
  it('"kept throughout the partida": carried from coup to coup until the next PlayersSeated; a change sent with the coup\'s roundId before its cards counts in that coup', () => {
    const e = after('illes-balears', [seated({ seats: { 1: [1, 2], 2: [7, 8] } }), ...plain(), seated({ seats: { 1: [1, 2], 2: [8] } })]);
    expect(minimum(judge(game, e, plain()))).toMatchObject([{ recorded: 1, citation: 'illes-balears L2014–2015' }]);
    const filled = plain();
    filled.splice(
      filled.findIndex((f) => f.type === 'CardDealt'),
      0,
      seated({ seats: { 1: [1, 2], 2: [8, 9] } }, 'r-t'),
    );
    expect(minimum(judge(game, e, filled))).toEqual([]);
  });
  it('ingestion refuses what is not an occupancy by paño', () => {
    const e = ttEnv('galicia');
    const refuse = (data: Record<string, unknown>) => game.refuse!(asFacts([seated(data)])[0], e);
    expect(refuse({ seats: { 1: [1, 2], 2: [7, 8] } })).toBeNull();
    expect(refuse({ seats: { 1: [1, 2], 2: [] }, behind: { 2: 2 } })).toBeNull();
    expect(refuse({ seats: [1, 2, 7, 8] })).toMatchObject({ field: 'data.seats', reason: expect.stringContaining('by paño') });
    expect(refuse({ seats: { 1: [1, 2] } })).toMatchObject({ field: 'data.seats.2' });
    expect(refuse({ seats: { 1: [1, 2], 2: [7], 3: [9] } })).toMatchObject({ field: 'data.seats.3' });
    expect(refuse({ seats: { 1: [1, 2], 2: [2, 7] } })).toMatchObject({ field: 'data.seats.2', reason: expect.stringContaining('twice') });
    expect(refuse({ seats: { 1: [1, 2], 2: [7, 8] }, behind: 2 })).toMatchObject({ field: 'data.behind' });
    expect(refuse({ seats: { 1: [1, 2], 2: [7, 8] }, behind: { 1: -1 } })).toMatchObject({ field: 'data.behind.1' });
  });
});

describe('baccarat-two-tables: the deal and the punto rule of each paño', () => {
  const env = ttEnv('euskadi');
  it('deals paño 1, paño 2, banker, twice (euskadi L6249–6256)', () => {
    expect(codes(judge(game, env, round(coup(cardsFor(6), cardsFor(7), cardsFor(7, 'D')))))).toEqual([]);
    const wrong = judge(
      game,
      env,
      round([
        ['player:1', '2S'],
        ['banker', '3S'],
        ['player:2', '4S'],
        ['player:1', 'KS'],
        ['player:2', 'KD'],
        ['banker', 'KH'],
      ]),
    );
    expect(wrong.discrepancies[0]).toMatchObject({ code: 'SEQUENCE_VIOLATION', citation: 'euskadi L6249–6256' });
  });
  const cases: Array<[number, number, string]> = [];
  for (const pano of [1, 2]) for (let t = 0; t <= 7; t++) cases.push([pano, t, CHEMIN_PUNTO_RULE[t as 0]]);
  it.each(cases)('paño %i with %i: %s', (pano, total, cell) => {
    const hands = (p: Cards): [Cards, Cards] => (pano === 1 ? [p, cardsFor(6, 'C')] : [cardsFor(6, 'C'), p]);
    const [p1, p2] = hands(cardsFor(total));
    const drew = judge(game, env, round(coup(p1, p2, cardsFor(7, 'D'), [[`player:${pano}`, '2H']])));
    const stood = judge(game, env, round(coup(p1, p2, cardsFor(7, 'D'))));
    expect(codes(cell === 'P' ? stood : drew)).toEqual([]);
    if (cell === 'O') expect(codes(stood)).toEqual([]);
    else
      expect((cell === 'T' ? stood : drew).discrepancies).toMatchObject([
        { code: 'DRAW_RULE_VIOLATION', rule: 'baccarat-two-tables/punto-draw', citation: 'euskadi L6117–6123' },
      ]);
  });
  it('a paño with a natural does not draw, the other paño plays on', () => {
    expect(codes(judge(game, env, round(coup(['9S', 'KS'], cardsFor(2), cardsFor(7, 'D'), [['player:2', '3C']]))))).toEqual([]);
    expect(
      codes(
        judge(
          game,
          env,
          round(
            coup(['9S', 'KS'], cardsFor(2), cardsFor(7, 'D'), [
              ['player:1', '3C'],
              ['player:2', '3D'],
            ]),
          ),
        ),
      ),
    ).toEqual(['DRAW_RULE_VIOLATION']);
  });
  it('a banker natural ends the coup for both paños', () => {
    expect(codes(judge(game, env, round(coup(cardsFor(2), cardsFor(3), ['8S', 'KH']))))).toEqual([]);
    expect(codes(judge(game, env, round(coup(cardsFor(2), cardsFor(3), ['8S', 'KH'], [['player:1', '3C']]))))).toEqual(['DRAW_RULE_VIOLATION']);
  });
});

describe('baccarat-two-tables: every cell of the banker table, where both paños agree, once the banker asked for it (index.md OQ-02)', () => {
  const cells: Array<[number, string, string]> = [];
  for (let row = 0; row <= 7; row++) BANKER_COLUMNS.forEach((col, i) => cells.push([row, col, CHEMIN_BANKER_TABLE[row as 0][i]]));
  it.each(cells)('banker %i, both paños %s: %s', (row, col, cell) => {
    const env = ttEnv('galicia');
    const punto = col === 'stood' ? cardsFor(6) : cardsFor(2);
    const third: Array<readonly [string, string]> =
      col === 'stood'
        ? []
        : [
            ['player:1', cardOf(Number(col))],
            ['player:2', cardOf(Number(col), 'D')],
          ];
    const drew = judge(game, env, askTable(round(coup(punto, punto, cardsFor(row, 'D'), [...third, ['banker', '4C']]))));
    const stood = judge(game, env, askTable(round(coup(punto, punto, cardsFor(row, 'D'), third))));
    if (cell === 'O') return expect([codes(drew), codes(stood)]).toEqual([[], []]);
    expect(codes(cell === 'T' ? drew : stood)).toEqual([]);
    expect((cell === 'T' ? stood : drew).discrepancies).toMatchObject([
      { code: 'DRAW_RULE_VIOLATION', rule: 'baccarat-two-tables/banker-draw', citation: 'galicia L754; index.md OQ-02' },
    ]);
  });
  it('where the table says different things for the two paños, the banker is free (euskadi L6125–6130)', () => {
    const env = ttEnv('euskadi');
    // banker 4: paño 1's third card 2 says draw, paño 2's third card 8 says stand
    const third: Array<readonly [string, string]> = [
      ['player:1', '2H'],
      ['player:2', '8H'],
    ];
    expect(codes(judge(game, env, askTable(round(coup(cardsFor(2), cardsFor(3), cardsFor(4, 'D'), third)))))).toEqual([]);
    expect(codes(judge(game, env, askTable(round(coup(cardsFor(2), cardsFor(3), cardsFor(4, 'D'), [...third, ['banker', '4C']])))))).toEqual([]);
  });
});

describe('baccarat-two-tables: the banker is free unless he asks for the table; on 0 he must draw', () => {
  // euskadi L6125–6130, cantabria L3109–3115, illes-balears L1994–1997, galicia L754: "El banquero puede pedir
  // carta o plantarse, salvo si solicita del croupier el cuadro de jugadas de la Banca, en cuyo caso habrá de
  // seguirlo siempre que se indique lo mismo para los dos paños"; the chemin-de-fer rules apply with general
  // character (euskadi L6108–6111 …), and with them the one exception of the free banker: on 0 he must draw
  const FREEDOM: Record<string, string> = {
    euskadi: 'euskadi L6125–6130; euskadi L6108–6111; euskadi L5083–5086',
    cantabria: 'cantabria L3109–3115; cantabria L3091–3093; cantabria L2558–2561',
    'illes-balears': 'illes-balears L1994–1997; illes-balears L1981–1983; illes-balears L1614–1616',
    galicia: 'galicia L754; galicia L748; galicia L596',
  };
  describe.each(JURISDICTIONS)('%s', (j) => {
    const env = ttEnv(j);
    it('by default the rulebook leaves the banker free, cited to the text (not to index.md OQ-02)', () => {
      expect(env.options.bankerDrawing).toBe('free');
      expect(game.rulebooks[j]!.options!.bankerDrawing.cite).toBe(FREEDOM[j]);
      expect(game.rulebooks[j]!.bankerFreedom.cite).toBe(FREEDOM[j]);
    });
    it('banker 3 stands where the table says draw for both paños: his choice, no finding', () => {
      const third: Array<readonly [string, string]> = [
        ['player:1', '2H'],
        ['player:2', '2D'],
      ];
      expect(codes(judge(game, env, round(coup(cardsFor(2), cardsFor(3), cardsFor(3, 'D'), third))))).toEqual([]);
    });
    it('banker 7 draws with both paños standing: his choice, no finding', () => {
      expect(codes(judge(game, env, round(coup(cardsFor(6), cardsFor(7), cardsFor(7, 'D'), [['banker', '2C']]))))).toEqual([]);
    });
    it('banker 0 must draw: standing is a finding citing the freedom lines', () => {
      expect(judge(game, env, round(coup(cardsFor(6), cardsFor(7), cardsFor(0, 'D')))).discrepancies).toMatchObject([
        { code: 'DRAW_RULE_VIOLATION', rule: 'baccarat-two-tables/banker-zero', citation: FREEDOM[j] },
      ]);
    });
    it('once he asks for the table he follows it where it says the same for both paños', () => {
      const third: Array<readonly [string, string]> = [
        ['player:1', '2H'],
        ['player:2', '2D'],
      ];
      expect(judge(game, env, askTable(round(coup(cardsFor(2), cardsFor(3), cardsFor(3, 'D'), third)))).discrepancies).toMatchObject([
        { code: 'DRAW_RULE_VIOLATION', rule: 'baccarat-two-tables/banker-draw' },
      ]);
      expect(codes(judge(game, env, askTable(round(coup(cardsFor(6), cardsFor(7), cardsFor(7, 'D'), [['banker', '2C']])))))).toEqual(['DRAW_RULE_VIOLATION']);
    });
  });
});

describe('baccarat-two-tables: the player who goes banco is free of the punto rule', () => {
  // euskadi L6121–6123, cantabria L3106–3107, illes-balears L1991–1992, galicia L752: "Queda exceptuado de esta
  // regla el jugador que al principio de la partida haga banco" (no authorisation is asked for, unlike chemin de fer)
  const EXEMPT: Record<string, string> = {
    euskadi: 'euskadi L6121–6123',
    cantabria: 'cantabria L3106–3107',
    'illes-balears': 'illes-balears L1991–1992',
    galicia: 'galicia L752',
  };
  const banco = (facts: ReturnType<typeof round>) => {
    const out = [...facts];
    out.splice(
      out.findIndex((f) => f.type === 'BetsClosed'),
      0,
      { type: 'BancoCalled', data: { sessionId: 's-1', roundId: 'r-t', seat: 3 } },
    );
    return out;
  };
  describe.each(JURISDICTIONS)('%s', (j) => {
    const env = ttEnv(j);
    it('is cited to the text', () => expect(game.rulebooks[j]!.bancoFreeDraw.cite).toBe(EXEMPT[j]));
    it('standing on 3 on both paños and drawing on 6 are his choice', () => {
      expect(codes(judge(game, env, banco(round(coup(cardsFor(3), cardsFor(2), cardsFor(7, 'D'))))))).toEqual([]);
      expect(
        codes(
          judge(
            game,
            env,
            banco(
              round(
                coup(cardsFor(6), cardsFor(7), cardsFor(7, 'D'), [
                  ['player:1', '2H'],
                  ['player:2', '3H'],
                ]),
              ),
            ),
          ),
        ),
      ).toEqual([]);
    });
    it('without a banco the punto rule binds each paño', () => {
      expect(codes(judge(game, env, round(coup(cardsFor(3), cardsFor(2), cardsFor(7, 'D')))))).toEqual(['DRAW_RULE_VIOLATION', 'DRAW_RULE_VIOLATION']);
    });
    it('a natural still stops the paño that holds it', () => {
      expect(codes(judge(game, env, banco(round(coup(['9S', 'KS'], cardsFor(2), cardsFor(7, 'D'), [['player:1', '2H']])))))).toEqual(['DRAW_RULE_VIOLATION']);
    });
  });
});

describe('baccarat-two-tables settlements and cagnotte, per jurisdiction', () => {
  describe.each(JURISDICTIONS)('%s', (j) => {
    const env = ttEnv(j);
    // paño 1 holds 7, paño 2 holds 6, the banker 6 (everyone stands): paño 1 wins, paño 2 ties
    const winTie = coup(cardsFor(7), cardsFor(6), cardsFor(6, 'D'));
    // paño 1 holds 7, paño 2 holds 6, the banker 7 (stands): paño 1 ties, paño 2 loses
    const tieLose = coup(cardsFor(7), cardsFor(6), cardsFor(7, 'D'));
    it('a bet on a paño pays 1:1 when it beats the banker, is returned on a tie, is lost otherwise', () => {
      const bets = [
        { betId: 'b1', betType: 'player', selection: 1, amount: 2_000 },
        { betId: 'b2', betType: 'player', selection: 2, amount: 1_000 },
      ];
      expect(judge(game, env, round(winTie, bets, [settled('b1', 'win', 2_000), settled('b2', 'push', 0)])).verdict).toBe('consistent');
      expect(
        judge(
          game,
          env,
          round(tieLose, bets, [settled('b1', 'push', 0), settled('b2', 'lose', 0), { type: 'CagnotteDeducted', data: { base: 1_000, amount: 0 } }]),
        ).verdict,
      ).toBe('consistent');
    });
    it('a bet on the line between the paños plays half on each, the larger part on paño 1', () => {
      const bets = [{ betId: 'b1', betType: 'player', selection: 'both', amount: 300 }];
      const ok = judge(game, env, round(winTie, bets, [settled('b1', 'win', 200, 1), settled('b1', 'push', 0, 2)]));
      expect(ok.verdict).toBe('consistent');
      const once = judge(game, env, round(winTie, bets, [settled('b1', 'win', 200, 1)]));
      expect(codes(once)).toEqual(['UNSETTLED_BET']);
    });
    it('a two-card 8 beats an 8 or 9 made with three cards', () => {
      // paño 1 natural 8; paño 2 draws; banker 3 draws to 9
      const cards = coup(['8S', 'KS'], cardsFor(2), cardsFor(3, 'D'), [
        ['player:2', 'KC'],
        ['banker', '6C'],
      ]);
      const j1 = judge(game, env, round(cards, [{ betId: 'b1', betType: 'player', selection: 1, amount: 1_000 }], [settled('b1', 'win', 1_000)]));
      expect(j1.verdict).toBe('consistent');
      expect(j1.expectedSettlements[0].expected.citation).toBe(game.rulebooks[j]!.puntoPays.cite);
    });
    it('the cagnotte is 2 % of the net win: win on one paño minus loss on the other (index.md OQ-11)', () => {
      // banker 7 vs paño 1 with 6 (banker wins 20 000) and paño 2 with ... a natural 9 (banker pays 5 000)
      const cards = coup(cardsFor(6), ['9S', 'KD'], cardsFor(7, 'D'));
      const bets = [
        { betId: 'b1', betType: 'player', selection: 1, amount: 20_000 },
        { betId: 'b2', betType: 'player', selection: 2, amount: 5_000 },
      ];
      const tail = [settled('b1', 'lose', 0), settled('b2', 'win', 5_000)];
      const limits = { min: 100, max: 20_000 };
      const ok = judge(game, ttEnv(j, { limits }), round(cards, bets, [...tail, { type: 'CagnotteDeducted', data: { base: 15_000, amount: 300 } }]));
      expect(ok.verdict).toBe('consistent');
      const gross = judge(game, ttEnv(j, { limits }), round(cards, bets, [...tail, { type: 'CagnotteDeducted', data: { base: 20_000, amount: 400 } }]));
      expect(gross.discrepancies).toMatchObject([{ code: 'CAGNOTTE_MISMATCH', expected: 300, recorded: 400 }]);
      const free = judge(
        game,
        ttEnv(j, { limits, options: { bankMode: 'free' } }),
        round(cards, bets, [...tail, { type: 'CagnotteDeducted', data: { base: 15_000, amount: 100 } }]),
      );
      // 1.25 % of 15 000 = 187.5, down to the 100 chip
      expect(free.verdict).toBe('consistent');
    });
    it('no cagnotte when the banker loses more on one paño than he wins on the other', () => {
      const cards = coup(cardsFor(6), ['9S', 'KD'], cardsFor(7, 'D'));
      const bets = [
        { betId: 'b1', betType: 'player', selection: 1, amount: 1_000 },
        { betId: 'b2', betType: 'player', selection: 2, amount: 5_000 },
      ];
      const tail = [settled('b1', 'lose', 0), settled('b2', 'win', 5_000)];
      expect(judge(game, env, round(cards, bets, tail)).verdict).toBe('consistent');
      expect(codes(judge(game, env, round(cards, bets, [...tail, { type: 'CagnotteDeducted', data: { base: 1_000, amount: 100 } }])))).toEqual([
        'CAGNOTTE_MISMATCH',
      ]);
    });
    it('a limited bank answers only for what is on the table; a free bank answers everything', () => {
      const bets = [
        { betId: 'b1', betType: 'player', selection: 1, amount: 3_000 },
        { betId: 'b2', betType: 'player', selection: 2, amount: 3_000 },
      ];
      const tail = [settled('b1', 'win', 3_000), settled('b2', 'push', 0)];
      const limited = judge(game, env, round(winTie, bets, tail, 5_000));
      expect(limited.discrepancies).toMatchObject([{ code: 'BET_ABOVE_MAXIMUM', betId: 'b2', expected: 2_000, rule: 'baccarat-two-tables/limited-bank' }]);
      const big = [{ betId: 'b1', betType: 'player', selection: 1, amount: 30_000 }];
      expect(codes(judge(game, ttEnv(j, { options: { bankMode: 'free' } }), round(winTie, big, [settled('b1', 'win', 30_000)], 5_000)))).toEqual([]);
      expect(codes(judge(game, env, round(winTie, big, [settled('b1', 'win', 30_000)])))).toEqual(['BET_ABOVE_MAXIMUM']);
    });
    it('refuses a bet on a paño that does not exist; other bet types are not allowed', () => {
      expect(game.refuse!({ eventId: 'x', type: 'BetPlaced', data: { betType: 'player', selection: 3, amount: 100 } }, env)).toMatchObject({
        field: 'data.selection',
      });
      expect(game.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '2S', to: 'player' } }, env)).toMatchObject({ field: 'data.to' });
      expect(codes(judge(game, env, round(winTie, [{ betId: 'b1', betType: 'banker', amount: 100 }], [settled('b1', 'void', 0)])))).toEqual([
        'BET_NOT_ALLOWED',
      ]);
    });
  });
});

describe('baccarat-two-tables regional differences (games.md Δ rows)', () => {
  it.each([
    ['euskadi', ['inspector', 'croupier'], 'euskadi L5861–5868'],
    ['cantabria', ['inspector', 'croupier', 'cambista'], 'cantabria L2969–2978'],
    ['illes-balears', ['cap de taula', 'croupier', 'canvista', 'auxiliary'], 'illes-balears L1897–1902'],
    ['galicia', ['inspector', 'croupier', 'cambista', 'auxiliary'], 'galicia L714'],
  ] as const)('Δ minimum staff in %s (documented for the inspector, not judged from facts)', (j, staff, cite) => {
    expect(game.rulebooks[j]!.minimumStaff).toEqual({ value: staff, cite });
  });
});

describe('baccarat-two-tables: the croupier (play) and single changes, property-based', () => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const session = (j: JurisdictionId, seed: number, options = {}, rounds = 3) =>
    playSession(game, j, seed, rounds, { limits: LIMITS, options }, [1, 2, 3, 4, 5, 6]);

  it.each(JURISDICTIONS)('%s: every round played is consistent (limited and free banks, table and free bankers)', (j) => {
    fc.assert(
      fc.property(seeds, fc.constantFrom('limited', 'free'), fc.constantFrom('table', 'free'), (seed, bankMode, bankerDrawing) => {
        for (const r of session(j, seed, { bankMode, bankerDrawing })) {
          const v = judge(game, r.env, r.round);
          if (v.verdict !== 'consistent') throw new Error(JSON.stringify(v.discrepancies));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('records who plays at each paño before its first coup, as a terminal does, so that its coups are judged for the minimum', () => {
    const rounds = session('cantabria', 5, {}, 3);
    expect(rounds[0].played.filter((f) => f.type === 'PlayersSeated').map((f) => f.data.seats)).toEqual([{ 1: ['1', '2', '3'], 2: ['4', '5', '6'] }]);
    expect(
      rounds
        .slice(1)
        .flatMap((r) => r.played)
        .filter((f) => f.type === 'PlayersSeated'),
    ).toEqual([]);
    for (const r of rounds) expect(r.env.ctx.carried).toMatchObject({ seated: { 1: { seats: ['1', '2', '3'] }, 2: { seats: ['4', '5', '6'] } } });
    // three players: one paño holds one of them, and every coup dealt there is found
    const three = playSession(game, 'cantabria', 5, 3, { limits: LIMITS }, [1, 2, 3]);
    for (const r of three)
      expect(judge(game, r.env, r.round).discrepancies).toContainEqual(expect.objectContaining({ rule: 'baccarat-two-tables/minimum-players', recorded: 1 }));
  });

  it('a long session through several shoes stays consistent', () => {
    const rounds = session('illes-balears', 5, {}, 80);
    expect(rounds.filter((r) => r.played.some((f) => f.type === 'ShoeStarted')).length).toBeGreaterThanOrEqual(2);
    for (const r of rounds) expect(judge(game, r.env, r.round).verdict).toBe('consistent');
  });

  it.each(JURISDICTIONS)('%s: a changed payout, draw, cagnotte or bet over the maximum is caught', (j) => {
    fc.assert(
      fc.property(seeds, fc.nat(20), fc.constantFrom(-100, 100, 500), (seed, index, delta) => {
        const [r] = session(j, seed);
        const env = r.env as RoundEnv<BaccaratTwoTablesRulebook>;
        const payout = mutatePayout(r.round, index, delta);
        if (payout) expect(codes(judge(game, env, payout))).toContain('PAYOUT_MISMATCH');
        expect(codes(judge(game, env, mutateCagnotte(r.round, delta)))).toContain('CAGNOTTE_MISMATCH');
        const over = mutateOverMaximum(r.round, LIMITS.max);
        if (over) expect(codes(judge(game, env, over))).toContain('BET_ABOVE_MAXIMUM');
        const spec = TWO_TABLES_SPEC(env.rulebook, env);
        const cards = r.round.filter((f) => f.type === 'CardDealt' && f.data.to !== 'burn');
        let c = emptyCoup(spec);
        for (const f of cards) c = dealCard(c, spec, String(f.data.to), String(f.data.card)).coup;
        const allSpoke = { 'player:1': true, 'player:2': true };
        if (c.hands.banker.length === 3) {
          expect(codes(judge(game, env, addCard(r.round, 'banker')))).toContain('DRAW_RULE_VIOLATION');
          expect(codes(judge(game, env, addCard(r.round, 'player:1')))).toContain('DRAW_RULE_VIOLATION');
          const before = { ...c, hands: { ...c.hands, banker: c.hands.banker.slice(0, 2) }, bankerDone: false, puntoDone: allSpoke };
          if (bankerDecision(before, spec).cell === 'T') {
            expect(
              codes(
                judge(
                  game,
                  env,
                  r.round.filter((f) => f !== cards[cards.length - 1]),
                ),
              ),
            ).toContain('DRAW_RULE_VIOLATION');
          }
        } else if (bankerDecision({ ...c, puntoDone: allSpoke }, spec).cell === 'P') {
          expect(codes(judge(game, env, addCard(r.round, 'banker')))).toContain('DRAW_RULE_VIOLATION');
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('baccarat-two-tables: houseEdges', () => {
  it.each(JURISDICTIONS)('%s: the house banks no bet (a player holds the bank; the house only takes a cagnotte), so there is no figure to flag', (j) => {
    expect(game.houseEdges!(ttEnv(j))).toEqual([]);
  });
  it('a session at the lowest cagnotte the text allows raises no PLAYER_EDGE_SETTING', () => {
    const env = ttEnv('euskadi', { options: { bankMode: 'free' } });
    expect(judgeSettings(game, env, { limits: LIMITS, options: { bankMode: 'free' } }).findings).toEqual([]);
  });
});
