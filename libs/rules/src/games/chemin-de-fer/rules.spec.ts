import fc from 'fast-check';
import { BANKER_COLUMNS, bankerDecision, CHEMIN_BANKER_TABLE, CHEMIN_PUNTO_RULE, emptyCoup, dealCard, handTotal, puntoCell } from '../../core/baccarat';
import { addCard, cardOf, cardsFor, coupFacts, playSession, removeThirdCard, shoeScenarios } from '../../core/baccarat-testing';
import { RoundEnv } from '../../core/game';
import { judgeSettings } from '../../core/session-rules';
import { asFacts, codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { JurisdictionId, SessionContext } from '../../core/types';
import { CheminDeFerRulebook } from './rulebook';
import { CHEMIN_SPEC, rules as cheminDeFer } from './rules';

const JURISDICTIONS = Object.keys(cheminDeFer.rulebooks) as JurisdictionId[];
const LIMITS = { min: 100, max: 10_000 };
const cdfEnv = (j: JurisdictionId, o: Partial<SessionContext> = {}) => envFor(cheminDeFer, j, { limits: LIMITS, ...o }) as RoundEnv<CheminDeFerRulebook>;
const bank = (amount: number, seat = 1) => ({ type: 'BankPut', data: { seat, amount } });
const coup = (p: readonly [string, string], b: readonly [string, string], third: ReadonlyArray<readonly [string, string]> = []) =>
  [['player', p[0]], ['banker', b[0]], ['player', p[1]], ['banker', b[1]], ...third] as ReadonlyArray<readonly [string, string]>;
/** A round with a bank of 5 000 put up before the bets. */
const round = (
  cards: ReadonlyArray<readonly [string, string]>,
  bets: Array<{ betId: string; betType: string; amount: number; seat?: number }> = [],
  tail: Parameters<typeof coupFacts>[2] = [],
  bankAmount = 5_000,
) => {
  const facts = coupFacts(cards, bets, tail);
  facts.splice(1, 0, { type: 'BankPut', data: { sessionId: 's-1', roundId: 'r-t', ...bank(bankAmount).data } });
  return facts;
};

/** Only the findings on the drawing (these rounds leave their bets unsettled on purpose). */
const isDraw = (d: { code: string }) => d.code === 'DRAW_RULE_VIOLATION' || d.code === 'SEQUENCE_VIOLATION';
const drawCodes = (j: ReturnType<typeof judge>) => codes(j).filter((c) => isDraw({ code: c }));

/** The banker asks the croupier for the table before the cards are dealt (euskadi L5097–5099). */
const askTable = (facts: ReturnType<typeof round>) => {
  const out = [...facts];
  out.splice(
    out.findIndex((f) => f.type === 'CardDealt'),
    0,
    { type: 'BankerTableRequested', data: { sessionId: 's-1', roundId: 'r-t' } },
  );
  return out;
};

describe('chemin-de-fer rulebooks', () => {
  it('exists for the four jurisdictions that give rules', () => expect(JURISDICTIONS.sort()).toEqual(['cantabria', 'euskadi', 'galicia', 'illes-balears']));
  it('declares its game facts', () =>
    expect(Object.keys(cheminDeFer.factTypes!).sort()).toEqual(['BancoCalled', 'BankPassed', 'BankPut', 'BankerTableRequested', 'PlayersSeated']));
});

describe('chemin-de-fer shoeRules: six decks, the stop card before the last seven cards, no coup after the one in which it comes out', () => {
  const TEXT: Record<string, [string, string, string]> = {
    euskadi: ['euskadi L4441–4443', 'euskadi L5117–5120', 'euskadi L5121–5124'],
    cantabria: ['cantabria L2214–2216', 'cantabria L2617–2620', 'cantabria L2620–2623'],
    'illes-balears': ['illes-balears L1386–1387', 'illes-balears L1641–1643', 'illes-balears L1643–1645'],
    galicia: ['galicia L506', 'galicia L606', 'galicia L606'],
  };
  it.each(JURISDICTIONS)('%s', (j) => {
    const env = cdfEnv(j);
    const [decks, stop, after] = TEXT[j];
    expect(cheminDeFer.shoeRules!(env)).toEqual({
      decks: { value: [6], cite: decks },
      cardsBehindCut: { value: { exactly: 7 }, cite: stop },
      coupsAfterCut: { value: 0, cite: after },
    });
    const s = shoeScenarios(cheminDeFer, env);
    expect(s.asRequired).toEqual([]);
    expect(s.oneCardShort).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'chemin-de-fer/cut-card', citation: stop }]);
    expect(s.otherDecks).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'chemin-de-fer/shoe-decks' }]);
    expect(s.coupBeforeStop).toBeNull();
    expect(s.coupAfterStop).toMatchObject({ code: 'SEQUENCE_VIOLATION', citation: after });
  });
});

describe('chemin-de-fer: at least four players at the table, kept throughout the partida (PlayersSeated)', () => {
  // euskadi L5103–5106 "Es condición imprescindible para que el juego pueda dar comienzo, que haya en la mesa un
  // mínimo de cuatro jugadores, cifra que deberá mantenerse a lo largo de toda la partida"; cantabria L2602–2605,
  // illes-balears L1630–1632, galicia L602 say the same
  const MIN: Record<string, string> = {
    euskadi: 'euskadi L5103–5106',
    cantabria: 'cantabria L2602–2605',
    'illes-balears': 'illes-balears L1630–1632',
    galicia: 'galicia L602',
  };
  const seated = (data: Record<string, unknown>, roundId?: string) => ({
    type: 'PlayersSeated',
    data: { sessionId: 's-1', ...(roundId ? { roundId } : {}), ...data },
  });
  /** The session's earlier facts folded through carry, as the platform does before a coup. */
  const after = (j: JurisdictionId, facts: Array<{ type: string; data: Record<string, unknown> }>) => {
    let carried: unknown;
    for (const f of asFacts(facts)) carried = cheminDeFer.carry!(carried, f, cdfEnv(j));
    return cdfEnv(j, { carried });
  };
  /** Punto 7 against banker 6, both standing, nobody betting: nothing else to find. */
  const plain = () => round(coup(cardsFor(7), cardsFor(6, 'D')));
  const minimum = (j: ReturnType<typeof judge>) => j.discrepancies.filter((d) => d.rule === 'chemin-de-fer/minimum-players');

  it.each(JURISDICTIONS)('%s: four in the rulebook, cited to the text', (j) => {
    expect(cheminDeFer.rulebooks[j]!.minimumPlayers).toEqual({ value: 4, cite: MIN[j] });
  });
  it.each(JURISDICTIONS)('%s: a coup dealt with three players seated is a finding; with four it is not', (j) => {
    const three = judge(cheminDeFer, after(j, [seated({ seats: [1, 2, 3] })]), plain());
    expect(three.discrepancies).toEqual([
      expect.objectContaining({ code: 'SESSION_RULE_VIOLATION', rule: 'chemin-de-fer/minimum-players', citation: MIN[j], expected: 4, recorded: 3 }),
    ]);
    // judged once, at the coup's first card
    expect(three.discrepancies[0].eventId).toBe(three.steps.find((s) => s.type === 'CardDealt')!.eventId);
    expect(codes(judge(cheminDeFer, after(j, [seated({ seats: [1, 2, 3, 5] })]), plain()))).toEqual([]);
  });
  it.each(JURISDICTIONS)('%s: no occupancy ever recorded: the coup is not judged for it', (j) => {
    expect(codes(judge(cheminDeFer, cdfEnv(j), plain()))).toEqual([]);
    expect(minimum(judge(cheminDeFer, after(j, [bank(1_000)]), plain()))).toEqual([]);
  });
  it('the banker is one of the four ("teniendo uno de ellos la Banca", euskadi L4433–4434): banker and three puntos are enough', () => {
    const facts = round(
      coup(cardsFor(7), cardsFor(6, 'D')),
      [{ betId: 'b1', betType: 'player', amount: 100, seat: 2 }],
      [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout: 100 } }],
    );
    expect(codes(judge(cheminDeFer, after('euskadi', [seated({ seats: [1, 2, 3, 4] })]), facts))).toEqual([]);
  });
  it('players behind the seats count: standing players play (euskadi L4433–4437, L4593–4599), so three seated and one behind are four', () => {
    expect(codes(judge(cheminDeFer, after('euskadi', [seated({ seats: [1, 2, 3], behind: 1 })]), plain()))).toEqual([]);
    expect(minimum(judge(cheminDeFer, after('euskadi', [seated({ seats: [1, 2], behind: 1 })]), plain()))).toMatchObject([{ recorded: 3 }]);
  });
  it('"kept throughout the partida": the occupancy is carried from coup to coup, across shoes, until the next PlayersSeated', () => {
    const played = [
      seated({ seats: [1, 2, 3, 4] }),
      ...round(coup(cardsFor(7), cardsFor(6, 'D'))),
      { type: 'ShoeStarted', data: { sessionId: 's-1', shoeId: 'sh-2', decks: 6 } },
      seated({ seats: [1, 2, 4] }),
    ];
    expect(minimum(judge(cheminDeFer, after('galicia', played), plain()))).toMatchObject([{ recorded: 3, citation: 'galicia L602' }]);
    expect(minimum(judge(cheminDeFer, after('galicia', [...played, seated({ seats: [1, 2, 4, 6] })]), plain()))).toEqual([]);
  });
  it("a change sent with the coup's roundId before its cards is judged in that coup; one after its first card, from the next coup", () => {
    const e = after('cantabria', [seated({ seats: [1, 2, 3, 4] })]);
    const withChange = (at: number, data: Record<string, unknown>) => {
      const facts = plain();
      facts.splice(at < 0 ? facts.findIndex((f) => f.type === 'CardDealt') : at, 0, seated(data, 'r-t'));
      return facts;
    };
    expect(minimum(judge(cheminDeFer, e, withChange(-1, { seats: [1, 2, 3] })))).toMatchObject([{ recorded: 3 }]);
    const leftDuring = withChange(
      plain()
        .map((f) => f.type)
        .lastIndexOf('CardDealt'),
      { seats: [1, 2, 3] },
    );
    expect(minimum(judge(cheminDeFer, e, leftDuring))).toEqual([]);
    let carried = e.ctx.carried;
    for (const f of asFacts(leftDuring)) carried = cheminDeFer.carry!(carried, f, e);
    expect(minimum(judge(cheminDeFer, cdfEnv('cantabria', { carried }), plain()))).toMatchObject([{ recorded: 3 }]);
    // a coup that starts short and fills up before its cards is dealt with four
    const short = after('cantabria', [seated({ seats: [1, 2, 3] })]);
    expect(minimum(judge(cheminDeFer, short, withChange(-1, { seats: [1, 2, 3, 7] })))).toEqual([]);
  });
  it('ingestion refuses what is not an occupancy of one table', () => {
    const e = cdfEnv('euskadi');
    const refuse = (data: Record<string, unknown>) => cheminDeFer.refuse!(asFacts([seated(data)])[0], e);
    expect(refuse({ seats: [1, 2, 3, 4] })).toBeNull();
    expect(refuse({ seats: ['A1', 2], behind: 3 })).toBeNull();
    expect(refuse({ seats: [] })).toBeNull();
    expect(refuse({ seats: 4 })).toMatchObject({ field: 'data.seats' });
    expect(refuse({ seats: { 1: [1, 2], 2: [3, 4] } })).toMatchObject({ field: 'data.seats' });
    expect(refuse({ seats: [1, 2, '2'] })).toMatchObject({ field: 'data.seats', reason: expect.stringContaining('twice') });
    expect(refuse({ seats: [1, -2] })).toMatchObject({ field: 'data.seats' });
    expect(refuse({ seats: [1, 2], behind: -1 })).toMatchObject({ field: 'data.behind' });
    expect(refuse({ seats: [1, 2], behind: 1.5 })).toMatchObject({ field: 'data.behind' });
  });
});

describe('chemin-de-fer: the punto draws on 0–4, chooses on 5, stands on 6–7 (index.md OQ-03)', () => {
  const cases = [0, 1, 2, 3, 4, 5, 6, 7].map((t) => [t, CHEMIN_PUNTO_RULE[t as 0]] as const);
  it.each(cases)('punto %i: %s', (total, cell) => {
    expect(cell).toBe(total <= 4 ? 'T' : total === 5 ? 'O' : 'P');
    const env = cdfEnv('illes-balears');
    const drew = judge(cheminDeFer, env, round(coup(cardsFor(total), cardsFor(7, 'D'), [['player', '2H']])));
    const stood = judge(cheminDeFer, env, round(coup(cardsFor(total), cardsFor(7, 'D'))));
    expect(codes(cell === 'P' ? stood : drew)).toEqual([]);
    if (cell === 'O') expect(codes(stood)).toEqual([]);
    if (cell !== 'O') {
      const broken = cell === 'T' ? stood : drew;
      expect(codes(broken)).toEqual(['DRAW_RULE_VIOLATION']);
      expect(broken.discrepancies[0]).toMatchObject({ rule: 'chemin-de-fer/punto-draw', citation: 'illes-balears L1602–1610' });
    }
  });
  it.each([
    ['euskadi', 'euskadi L5077; index.md OQ-03'],
    ['cantabria', 'cantabria L3101–3105; index.md OQ-03'],
    ['illes-balears', 'illes-balears L1602–1610'],
    ['galicia', 'galicia L588–594'],
  ] as const)('Δ punto rule legibility: %s cites %s', (j, cite) => {
    expect(cheminDeFer.rulebooks[j]!.puntoRule.cite).toBe(cite);
    const broken = judge(cheminDeFer, cdfEnv(j), round(coup(cardsFor(3), cardsFor(7, 'D'))));
    expect(broken.discrepancies[0]).toMatchObject({ code: 'DRAW_RULE_VIOLATION', citation: cite });
  });
});

describe('chemin-de-fer: every cell of the banker table, with its options, once the banker asked for it (index.md OQ-02)', () => {
  const cells: Array<[number, string, string]> = [];
  for (let row = 0; row <= 7; row++) BANKER_COLUMNS.forEach((col, i) => cells.push([row, col, CHEMIN_BANKER_TABLE[row as 0][i]]));
  it.each(cells)('banker %i, punto third card %s: %s', (row, col, cell) => {
    const env = cdfEnv('cantabria');
    const punto = col === 'stood' ? cardsFor(6) : cardsFor(2);
    const third: Array<readonly [string, string]> = col === 'stood' ? [] : [['player', cardOf(Number(col))]];
    const drew = judge(cheminDeFer, env, askTable(round(coup(punto, cardsFor(row, 'D'), [...third, ['banker', '4C']]))));
    const stood = judge(cheminDeFer, env, askTable(round(coup(punto, cardsFor(row, 'D'), third))));
    if (cell === 'O') {
      expect(codes(drew)).toEqual([]);
      expect(codes(stood)).toEqual([]);
      return;
    }
    expect(codes(cell === 'T' ? drew : stood)).toEqual([]);
    const broken = cell === 'T' ? stood : drew;
    expect(codes(broken)).toEqual(['DRAW_RULE_VIOLATION']);
    expect(broken.discrepancies[0]).toMatchObject({ rule: 'chemin-de-fer/banker-draw', citation: 'cantabria L2536–2552; index.md OQ-02' });
  });
  it('has exactly two option cells: banker 3 / third card 9 and banker 5 / third card 4', () => {
    const options = cells.filter(([, , c]) => c === 'O').map(([r, col]) => `${r}/${col}`);
    expect(options).toEqual(['3/9', '5/4']);
  });
  it.each([
    ['euskadi', 'euskadi L5347–5365; index.md OQ-02'],
    ['cantabria', 'cantabria L2536–2552; index.md OQ-02'],
    ['illes-balears', 'illes-balears L1721–1733; index.md OQ-02'],
    ['galicia', 'index.md OQ-02'],
  ] as const)('Δ banker table legibility: %s cites %s', (j, cite) => expect(cheminDeFer.rulebooks[j]!.bankerTable.cite).toBe(cite));
});

describe('chemin-de-fer: the banker is free unless he asks for the table; on 0 he must draw', () => {
  // euskadi L5083–5086, cantabria L2558–2561, illes-balears L1614–1616, galicia L596: "el banquero podrá
  // optar entre pedir carta o no hacerlo, excepto cuando tiene cero"; L5097–5099, L2574–2576, L1625–1626,
  // L600: once he asks for the table "deberá ajustarse a lo en él establecido"
  const FREEDOM: Record<string, string> = {
    euskadi: 'euskadi L5083–5086; euskadi L5097–5099',
    cantabria: 'cantabria L2558–2561; cantabria L2574–2576',
    'illes-balears': 'illes-balears L1614–1616; illes-balears L1625–1626',
    galicia: 'galicia L596; galicia L600',
  };
  describe.each(JURISDICTIONS)('%s', (j) => {
    const env = cdfEnv(j);
    it('by default the rulebook leaves the banker free, cited to the text (not to index.md OQ-02)', () => {
      expect(env.options.bankerDrawing).toBe('free');
      expect(cheminDeFer.rulebooks[j]!.options!.bankerDrawing.cite).toBe(FREEDOM[j]);
      expect(cheminDeFer.rulebooks[j]!.bankerFreedom.cite).toBe(FREEDOM[j]);
    });
    it("banker 3 stands against the punto's third card 2 where the table says draw: his choice, no finding", () => {
      expect(codes(judge(cheminDeFer, env, round(coup(cardsFor(2), cardsFor(3, 'D'), [['player', '2H']]))))).toEqual([]);
    });
    it('banker 6 draws when the punto stood on 6, where the table says stand: his choice, no finding', () => {
      expect(codes(judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(6, 'D'), [['banker', '3C']]))))).toEqual([]);
    });
    it.each([1, 2, 3, 4, 5, 6, 7])('banker %i may draw or stand', (total) => {
      expect(codes(judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(total, 'D')))))).toEqual([]);
      expect(codes(judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(total, 'D'), [['banker', '3C']]))))).toEqual([]);
    });
    it('banker 0 ("baccara") must draw: standing is a finding citing the freedom lines', () => {
      const stood = judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(0, 'D'))));
      expect(stood.discrepancies).toMatchObject([{ code: 'DRAW_RULE_VIOLATION', rule: 'chemin-de-fer/banker-zero', citation: FREEDOM[j] }]);
    });
    it('once he asks for the table (BankerTableRequested) he must follow it', () => {
      const facts = askTable(round(coup(cardsFor(2), cardsFor(3, 'D'), [['player', '2H']])));
      expect(judge(cheminDeFer, env, facts).discrepancies).toMatchObject([
        { code: 'DRAW_RULE_VIOLATION', rule: 'chemin-de-fer/banker-draw', citation: cheminDeFer.rulebooks[j]!.bankerTable.cite },
      ]);
      // and its option cells stay options
      expect(codes(judge(cheminDeFer, env, askTable(round(coup(cardsFor(2), cardsFor(5, 'D'), [['player', '4H']])))))).toEqual([]);
    });
    it('a natural still ends the coup for a free banker', () => {
      expect(codes(judge(cheminDeFer, env, round(coup(['9S', 'KS'], cardsFor(3), [['banker', '3C']]))))).toEqual(['DRAW_RULE_VIOLATION']);
    });
  });
  it('a session declaring bankerDrawing "table" (every banker asked for the table) judges the table', () => {
    const env = cdfEnv('euskadi', { options: { bankerDrawing: 'table' } });
    expect(codes(judge(cheminDeFer, env, round(coup(cardsFor(2), cardsFor(3, 'D'), [['player', '2H']]))))).toEqual(['DRAW_RULE_VIOLATION']);
  });
});

describe('chemin-de-fer: a punto who goes banco is free to draw or stand, when the director authorised it', () => {
  // euskadi L5079–5083, cantabria L2554–2558, illes-balears L1612–1614, galicia L596: "En el supuesto de que el
  // jugador haga banco, no se le aplicarán estas reglas y tendrá libertad para pedir carta o quedarse servido,
  // siempre que lo autorice el Director o Directora de Juegos antes de comenzar la partida"
  const BANCO: Record<string, string> = {
    euskadi: 'euskadi L5079–5083',
    cantabria: 'cantabria L2554–2558',
    'illes-balears': 'illes-balears L1612–1614',
    galicia: 'galicia L596',
  };
  const withBanco = (facts: ReturnType<typeof round>, kind: string) =>
    facts.flatMap((f) =>
      f.type === 'BetPlaced' ? [f, { type: 'BancoCalled', data: { sessionId: 's-1', roundId: 'r-t', seat: f.data.seat, betId: f.data.betId, kind } }] : [f],
    );
  const stake = [{ betId: 'b1', betType: 'player', amount: 5_000, seat: 2 }];
  describe.each(JURISDICTIONS)('%s', (j) => {
    // seat 2 lost the last coup after going banco: he may call banco seguido
    const authorised = cdfEnv(j, { options: { bancoFreeDrawAuthorised: true }, carried: { bankerSeat: '1', bancoSeguidoSeat: '2' } });
    it('the option is cited to the text', () => expect(cheminDeFer.rulebooks[j]!.options!.bancoFreeDrawAuthorised).toEqual({ value: false, cite: BANCO[j] }));
    it.each(['banco', 'banco-suivi'])('%s: standing on 3 and drawing on 6 are his choice', (kind) => {
      expect(drawCodes(judge(cheminDeFer, authorised, withBanco(round(coup(cardsFor(3), cardsFor(7, 'D')), stake), kind)))).toEqual([]);
      expect(drawCodes(judge(cheminDeFer, authorised, withBanco(round(coup(cardsFor(6), cardsFor(7, 'D'), [['player', '2H']]), stake), kind)))).toEqual([]);
    });
    it('a natural still ends the coup', () => {
      expect(drawCodes(judge(cheminDeFer, authorised, withBanco(round(coup(['8S', 'KS'], cardsFor(7, 'D'), [['player', '2H']]), stake), 'banco')))).toEqual([
        'DRAW_RULE_VIOLATION',
      ]);
    });
    it('banco con la mesa is a partial banco: the punto rule still binds', () => {
      const half = [{ betId: 'b1', betType: 'player', amount: 2_500, seat: 2 }];
      expect(
        judge(cheminDeFer, authorised, withBanco(round(coup(cardsFor(3), cardsFor(7, 'D')), half), 'con-la-mesa')).discrepancies.filter(isDraw),
      ).toMatchObject([{ code: 'DRAW_RULE_VIOLATION', rule: 'chemin-de-fer/punto-draw' }]);
    });
    it('without the authorisation the punto rule binds the banco too, and the finding says so', () => {
      const j1 = judge(cheminDeFer, cdfEnv(j, { carried: { bankerSeat: '1' } }), withBanco(round(coup(cardsFor(3), cardsFor(7, 'D')), stake), 'banco'));
      expect(j1.discrepancies.filter(isDraw)).toMatchObject([{ code: 'DRAW_RULE_VIOLATION', rule: 'chemin-de-fer/punto-draw' }]);
      expect(j1.discrepancies.filter(isDraw)[0].message).toContain('bancoFreeDrawAuthorised');
    });
  });
});

describe('chemin-de-fer: banco seguido', () => {
  // euskadi L5241–5243 "Tiene derecho a pedir «banco seguido» el jugador que hizo banco y perdió";
  // euskadi L5309–5311, illes-balears L1696–1697, galicia L630: "Cuando nadie hace banco y sólo un jugador
  // apuesta contra la Banca, éste tendrá derecho al «banco seguido»"
  const env = cdfEnv('euskadi');
  /** The session's carried state after one coup in which `bets` were staked against a bank of 5 000 held by seat 1. */
  const after = (bets: Array<{ betId: string; betType: string; amount: number; seat: number }>, cards: ReturnType<typeof coup>, banco?: string) => {
    let facts = round(
      cards,
      bets,
      bets.map((b) => ({ type: 'BetSettled', data: { betId: b.betId, outcome: 'lose', payout: 0 } })),
    );
    if (banco)
      facts = facts.flatMap((f) =>
        f.type === 'BetPlaced'
          ? [f, { type: 'BancoCalled', data: { sessionId: 's-1', roundId: 'r-t', seat: f.data.seat, betId: f.data.betId, kind: banco } }]
          : [f],
      );
    let carried: unknown;
    for (const f of asFacts(facts)) carried = cheminDeFer.carry!(carried, f, env);
    return carried;
  };
  const bancoSeguido = (seat: number) =>
    round(
      coup(cardsFor(6), cardsFor(6, 'D')),
      [{ betId: 'b9', betType: 'player', amount: 5_000, seat }],
      [{ type: 'BetSettled', data: { betId: 'b9', outcome: 'push', payout: 0 } }],
    ).flatMap((f) =>
      f.type === 'BetPlaced' ? [f, { type: 'BancoCalled', data: { sessionId: 's-1', roundId: 'r-t', seat, betId: 'b9', kind: 'banco-suivi' } }] : [f],
    );
  const bankerWins = coup(cardsFor(6), cardsFor(7, 'D'));
  it('belongs to the sole bettor against the bank when nobody went banco, once he lost', () => {
    const carried = after([{ betId: 'b1', betType: 'player', amount: 1_000, seat: 3 }], bankerWins);
    expect(codes(judge(cheminDeFer, cdfEnv('euskadi', { carried }), bancoSeguido(3)))).toEqual([]);
    expect(judge(cheminDeFer, cdfEnv('euskadi', { carried }), bancoSeguido(4)).discrepancies).toMatchObject([
      { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/banco-suivi' },
    ]);
  });
  it('a sole banco con la mesa ("salvo que haya sido hecho solo", euskadi L5224–5227) gives it too', () => {
    const carried = after([{ betId: 'b1', betType: 'player', amount: 2_500, seat: 3 }], bankerWins, 'con-la-mesa');
    expect(codes(judge(cheminDeFer, cdfEnv('euskadi', { carried }), bancoSeguido(3)))).toEqual([]);
  });
  it('belongs to nobody when two players bet and nobody went banco', () => {
    const carried = after(
      [
        { betId: 'b1', betType: 'player', amount: 1_000, seat: 3 },
        { betId: 'b2', betType: 'player', amount: 1_000, seat: 4 },
      ],
      bankerWins,
    );
    expect(codes(judge(cheminDeFer, cdfEnv('euskadi', { carried }), bancoSeguido(3)))).toEqual(['SEQUENCE_VIOLATION']);
  });
  it('belongs to the player who went banco and lost, even with other bettors before him', () => {
    const carried = after([{ betId: 'b1', betType: 'player', amount: 5_000, seat: 4 }], bankerWins, 'banco');
    expect(codes(judge(cheminDeFer, cdfEnv('euskadi', { carried }), bancoSeguido(4)))).toEqual([]);
  });
});

describe('chemin-de-fer settlements and cagnotte, per jurisdiction', () => {
  describe.each(JURISDICTIONS)('%s', (j) => {
    const env = cdfEnv(j);
    const bets = [
      { betId: 'b1', betType: 'player', amount: 2_000, seat: 2 },
      { betId: 'b2', betType: 'player', amount: 1_000, seat: 3 },
    ];
    it('a punto win is paid 1:1 by the bank, no cagnotte', () => {
      const j1 = judge(
        cheminDeFer,
        env,
        round(coup(cardsFor(7), cardsFor(6)), bets, [
          { type: 'BetSettled', data: { betId: 'b1', outcome: 'win', payout: 2_000 } },
          { type: 'BetSettled', data: { betId: 'b2', outcome: 'win', payout: 1_000 } },
        ]),
      );
      expect(j1.verdict).toBe('consistent');
      expect(j1.expectedSettlements[0].expected.explanation).toBe('punto 7 beats banker 6: punto bet of 2000 is paid 1:1 by the bank');
    });
    it('a banker win takes 5 % of his winnings as cagnotte', () => {
      const settled = [
        { type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } },
        { type: 'BetSettled', data: { betId: 'b2', outcome: 'lose', payout: 0 } },
      ];
      const ok = judge(
        cheminDeFer,
        env,
        round(coup(cardsFor(6), cardsFor(7)), bets, [...settled, { type: 'CagnotteDeducted', data: { base: 3_000, amount: 100 } }]),
      );
      expect(ok.verdict).toBe('consistent');
      const missing = judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(7)), bets, settled));
      expect(missing.discrepancies).toMatchObject([{ code: 'CAGNOTTE_MISMATCH', expected: 100, recorded: 0, rule: 'chemin-de-fer/cagnotte' }]);
    });
    it('a tie is void: the punto bets are returned, no cagnotte', () => {
      const tie = judge(
        cheminDeFer,
        env,
        round(coup(cardsFor(6), cardsFor(6, 'D')), bets, [
          { type: 'BetSettled', data: { betId: 'b1', outcome: 'push', payout: 0 } },
          { type: 'BetSettled', data: { betId: 'b2', outcome: 'push', payout: 0 } },
        ]),
      );
      expect(tie.verdict).toBe('consistent');
    });
    it('the puntos together never stake more than the bank', () => {
      const over = judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(6, 'D')), [...bets, { betId: 'b3', betType: 'player', amount: 2_100 }]));
      expect(over.discrepancies.find((d) => d.code === 'BET_ABOVE_MAXIMUM')).toMatchObject({
        betId: 'b3',
        expected: 2_000,
        rule: 'chemin-de-fer/punto-maximum',
      });
    });
    it('the bank is at most 100 × the punto minimum and at least the minimum', () => {
      expect(judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(6, 'D')), [], [], 10_100)).discrepancies).toMatchObject([
        { code: 'BET_ABOVE_MAXIMUM', expected: 10_000, rule: 'chemin-de-fer/bank-maximum' },
      ]);
      expect(codes(judge(cheminDeFer, cdfEnv(j, { options: { unlimitedBank: true } }), round(coup(cardsFor(6), cardsFor(6, 'D')), [], [], 10_100)))).toEqual(
        [],
      );
      expect(judge(cheminDeFer, env, round(coup(cardsFor(6), cardsFor(6, 'D')), [], [], 50)).discrepancies).toMatchObject([
        { code: 'BET_BELOW_MINIMUM', rule: 'chemin-de-fer/bank-minimum' },
      ]);
    });
    it('banco covers the whole bank, banco con la mesa half of it', () => {
      const banco = (kind: string, amount: number) =>
        round(
          coup(cardsFor(6), cardsFor(6, 'D')),
          [{ betId: 'b1', betType: 'player', amount }],
          [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'push', payout: 0 } }],
        ).flatMap((f) => (f.type === 'BetPlaced' ? [f, { type: 'BancoCalled', data: { sessionId: 's-1', roundId: 'r-t', seat: 1, betId: 'b1', kind } }] : [f]));
      expect(codes(judge(cheminDeFer, env, banco('banco', 5_000)))).toEqual([]);
      expect(codes(judge(cheminDeFer, env, banco('con-la-mesa', 2_500)))).toEqual([]);
      expect(judge(cheminDeFer, env, banco('banco', 4_000)).discrepancies).toMatchObject([
        { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/banco', expected: 5_000 },
      ]);
      expect(judge(cheminDeFer, env, banco('con-la-mesa', 3_000)).discrepancies).toMatchObject([
        { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/banco-con-la-mesa', expected: 2_500 },
      ]);
      // banco seguido belongs to the player who went banco and lost the last coup
      expect(judge(cheminDeFer, env, banco('banco-suivi', 5_000)).discrepancies).toMatchObject([
        { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/banco-suivi' },
      ]);
      const carried = cdfEnv(j, { carried: { bankerSeat: '1', bancoSeguidoSeat: '1' } });
      expect(codes(judge(cheminDeFer, carried, banco('banco-suivi', 5_000)))).toEqual([]);
    });
    it('the bank passes when the banker loses, and stays with him while he wins', () => {
      const facts = round(coup(cardsFor(6), cardsFor(6, 'D')));
      expect(judge(cheminDeFer, cdfEnv(j, { carried: { bankerSeat: '1', mustPass: true } }), facts).discrepancies).toMatchObject([
        { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/bank-passes' },
      ]);
      expect(judge(cheminDeFer, cdfEnv(j, { carried: { bankerSeat: '4' } }), facts).discrepancies).toMatchObject([
        { code: 'SEQUENCE_VIOLATION', rule: 'chemin-de-fer/bank-holder' },
      ]);
      expect(codes(judge(cheminDeFer, cdfEnv(j, { carried: { bankerSeat: '1' } }), facts))).toEqual([]);
    });
    it('only punto bets exist', () => {
      const facts = round(
        coup(cardsFor(6), cardsFor(6, 'D')),
        [{ betId: 'b1', betType: 'tie', amount: 100 }],
        [{ type: 'BetSettled', data: { betId: 'b1', outcome: 'void', payout: 0 } }],
      );
      expect(codes(judge(cheminDeFer, env, facts))).toEqual(['BET_NOT_ALLOWED']);
    });
  });
});

describe('chemin-de-fer regional differences (games.md Δ rows)', () => {
  it('Δ cagnotte: euskadi "up to 5 %" accepts 3 % (index.md OQ-23); the others require 5 %; none above 5 %', () => {
    expect(cheminDeFer.refuseOptions!({ cagnotteRate: 0.03 }, cheminDeFer.rulebooks.euskadi!)).toBeNull();
    for (const j of ['cantabria', 'illes-balears', 'galicia'] as const)
      expect(cheminDeFer.refuseOptions!({ cagnotteRate: 0.03 }, cheminDeFer.rulebooks[j]!)).toMatchObject({ field: 'options.cagnotteRate' });
    for (const j of JURISDICTIONS)
      expect(cheminDeFer.refuseOptions!({ cagnotteRate: 0.051 }, cheminDeFer.rulebooks[j]!)).toMatchObject({ field: 'options.cagnotteRate' });
    const env = cdfEnv('euskadi', { options: { cagnotteRate: 0.03 } });
    const facts = (amount: number) =>
      round(
        coup(cardsFor(6), cardsFor(7)),
        [{ betId: 'b1', betType: 'player', amount: 5_000 }],
        [
          { type: 'BetSettled', data: { betId: 'b1', outcome: 'lose', payout: 0 } },
          { type: 'CagnotteDeducted', data: { base: 5_000, amount } },
        ],
      );
    expect(judge(cheminDeFer, env, facts(100)).verdict).toBe('consistent');
    expect(judge(cheminDeFer, env, facts(200)).discrepancies).toMatchObject([
      { code: 'CAGNOTTE_MISMATCH', expected: 100, citation: 'session option cagnotteRate (euskadi L4949–4951; index.md OQ-23)' },
    ]);
  });
  it('Δ bank minimum: illes-balears L1557–1558 read with index.md OQ-24 (≥ the punto minimum), the others their text', () => {
    expect(cheminDeFer.rulebooks['illes-balears']!.bankMinimumIsPuntoMinimum.cite).toBe('illes-balears L1557–1558; index.md OQ-24');
    const j = judge(cheminDeFer, cdfEnv('illes-balears'), round(coup(cardsFor(6), cardsFor(6, 'D')), [], [], 50));
    expect(j.discrepancies[0]).toMatchObject({ code: 'BET_BELOW_MINIMUM', citation: 'illes-balears L1557–1558; index.md OQ-24' });
    expect(cheminDeFer.rulebooks.euskadi!.bankMinimumIsPuntoMinimum.cite).toBe('euskadi L4943–4947');
  });
  it('Δ voluntary garage: cantabria half the bank from the 2nd pass; the others winnings above 50 × the punto minimum (documented, not judged)', () => {
    expect(cheminDeFer.rulebooks.cantabria!.voluntaryGarage.value).toContain('half the bank');
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const)
      expect(cheminDeFer.rulebooks[j]!.voluntaryGarage.value).toContain('50 × the punto minimum');
  });
  it('Δ abono: cantabria only, at most 3 (cantabria L2578–2583, L2594–2595)', () => {
    expect(cheminDeFer.rulebooks.cantabria!.abonos).toEqual({ value: 3, cite: 'cantabria L2578–2583; cantabria L2594–2595' });
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(cheminDeFer.rulebooks[j]!.abonos).toBeUndefined();
  });
});

describe('chemin-de-fer: the croupier (play) and single changes, property-based', () => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const session = (j: JurisdictionId, seed: number, options = {}, rounds = 4) => playSession(cheminDeFer, j, seed, rounds, { limits: LIMITS, options });

  it.each(JURISDICTIONS)('%s: every round played is consistent (table and free bankers)', (j) => {
    fc.assert(
      fc.property(seeds, fc.constantFrom('table', 'free'), (seed, bankerDrawing) => {
        for (const r of session(j, seed, { bankerDrawing })) {
          const v = judge(cheminDeFer, r.env, r.round);
          if (v.verdict !== 'consistent') throw new Error(JSON.stringify(v.discrepancies));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('records who is seated before its first coup, as a terminal does, so that its coups are judged for the minimum', () => {
    const rounds = session('euskadi', 3, {}, 3);
    expect(rounds[0].played.filter((f) => f.type === 'PlayersSeated').map((f) => f.data.seats)).toEqual([['1', '2', '3', '4', '5', '6']]);
    expect(
      rounds
        .slice(1)
        .flatMap((r) => r.played)
        .filter((f) => f.type === 'PlayersSeated'),
    ).toEqual([]);
    for (const r of rounds) expect(r.env.ctx.carried).toMatchObject({ seated: { table: { seats: ['1', '2', '3', '4', '5', '6'], behind: 0 } } });
    // a table of three: the croupier records it, and every coup it deals there is found
    const three = playSession(cheminDeFer, 'euskadi', 3, 3, { limits: LIMITS }, [1, 2, 3]);
    for (const r of three) expect(codes(judge(cheminDeFer, r.env, r.round))).toContain('SESSION_RULE_VIOLATION');
  });

  it('a long session: the bank passes, banco seguido, new shoes, all consistent', () => {
    const rounds = session('galicia', 11, {}, 120);
    const all = rounds.flatMap((r) => r.played.map((f) => f.type));
    expect(all).toContain('BankPassed');
    expect(all).toContain('ShoeStarted');
    expect(rounds.some((r) => r.round.some((f) => f.type === 'BancoCalled' && f.data.kind === 'banco-suivi'))).toBe(true);
    for (const r of rounds) expect(judge(cheminDeFer, r.env, r.round).verdict).toBe('consistent');
  });

  it.each(JURISDICTIONS)('%s: a changed payout, draw, cagnotte or bet over the maximum is caught', (j) => {
    fc.assert(
      fc.property(seeds, fc.nat(20), fc.constantFrom(-100, 100, 500), (seed, index, delta) => {
        const [, r] = session(j, seed, {}, 2);
        const env = r.env as RoundEnv<CheminDeFerRulebook>;
        const payout = mutatePayout(r.round, index, delta);
        if (payout) expect(codes(judge(cheminDeFer, env, payout))).toContain('PAYOUT_MISMATCH');
        expect(codes(judge(cheminDeFer, env, mutateCagnotte(r.round, delta)))).toContain('CAGNOTTE_MISMATCH');
        const over = mutateOverMaximum(r.round, LIMITS.max);
        if (over) expect(codes(judge(cheminDeFer, env, over))).toContain('BET_ABOVE_MAXIMUM');

        // drawing changes: caught unless the changed decision was an option cell
        const cards = r.round.filter((f) => f.type === 'CardDealt' && f.data.to !== 'burn');
        let c = emptyCoup(CHEMIN_SPEC(env.rulebook, env));
        for (const f of cards) c = dealCard(c, CHEMIN_SPEC(env.rulebook, env), String(f.data.to), String(f.data.card)).coup;
        const banker = c.hands.banker;
        if (banker.length === 3) {
          expect(codes(judge(cheminDeFer, env, addCard(r.round, 'banker')))).toContain('DRAW_RULE_VIOLATION');
          const withoutBankerCard = r.round.filter((f) => f !== cards[cards.length - 1]);
          const cell = bankerDecision(
            { ...c, hands: { ...c.hands, banker: banker.slice(0, 2) }, bankerDone: false, puntoDone: { player: true } },
            CHEMIN_SPEC(env.rulebook, env),
          ).cell;
          if (cell === 'T') expect(codes(judge(cheminDeFer, env, withoutBankerCard))).toContain('DRAW_RULE_VIOLATION');
        } else {
          const cell = bankerDecision({ ...c, puntoDone: { player: true } }, CHEMIN_SPEC(env.rulebook, env)).cell;
          if (cell === 'P') expect(codes(judge(cheminDeFer, env, addCard(r.round, 'banker')))).toContain('DRAW_RULE_VIOLATION');
        }
        if (c.hands.player.length === 3 && puntoCell(CHEMIN_PUNTO_RULE, handTotal(c.hands.player.slice(0, 2))) === 'T' && banker.length === 2) {
          expect(codes(judge(cheminDeFer, env, removeThirdCard(r.round)!))).toContain('DRAW_RULE_VIOLATION');
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('chemin-de-fer: houseEdges', () => {
  it.each(JURISDICTIONS)('%s: the house banks no bet (a player holds the bank; the house only takes a cagnotte), so there is no figure to flag', (j) => {
    expect(cheminDeFer.houseEdges!(cdfEnv(j))).toEqual([]);
  });
  it('a session at the lowest cagnotte the text allows raises no PLAYER_EDGE_SETTING', () => {
    const env = cdfEnv('euskadi', { options: { cagnotteRate: 0 } });
    expect(judgeSettings(cheminDeFer, env, { limits: LIMITS, options: { cagnotteRate: 0 } }).findings).toEqual([]);
  });
});
