/**
 * Baccarat à deux tableaux (bacará a dos paños, "banca"): one banker against two paños. Each paño's
 * punto draws 0–4, chooses on 5, stands 6–7; the banker follows the chemin-de-fer table where it
 * says the same for both paños (free elsewhere, or everywhere unless he asked for it). Bets on a paño
 * pay 1:1; a bet on the line between the paños plays half on each. The cagnotte is 2 % / 1.25 % of
 * the banker's net win of the coup (docs/decisions/open-questions.md#oq-11).
 *
 * Game facts (contract extensions): `BankPut` (the bank at stake), `BankerTableRequested` (until then the
 * banker plays free, except that he must draw on 0), `BancoCalled` (a player holds both paños, free of
 * the punto's rule) and `PlayersSeated` (who plays at each paño: at least two, kept throughout the partida,
 * euskadi L6214–6217).
 */
import {
  BANCO_CALLED,
  baccaratShoeRules,
  CoupSpec,
  CoupState,
  compareHands,
  coupNotDealt,
  dealCard,
  describeCoup,
  drawFindings,
  drawFromShoe,
  emptyCoupState,
  endFindings,
  evolveCoup,
  foldPlayed,
  handTotal,
  playCoup,
  randomStake,
  refuseCardFact,
  shoeForCoup,
  splitStake,
  twoCardsEach,
} from '../../core/baccarat';
import { DECK_52, parseCard } from '../../core/cards';
import { FactTypeSpec, GameRules, PlayContext, PlayedFact, RoundEnv, roundFact } from '../../core/game';
import { field } from '../../core/fields';
import { applyRate, payOdds } from '../../core/money';
import {
  carrySeated,
  describeOccupancy,
  judgeMinimumPlayers,
  Occupancy,
  PLAYERS_SEATED,
  PLAYERS_SEATED_FACT,
  refusePlayersSeated,
  SeatedCarried,
  seatedAfter,
  SeatingAreas,
  seatingFacts,
} from '../../core/players-seated';
import { Bet, ExpectedLevy, ExpectedSettlement, Fact, Finding, isUndecided, isUnverifiable, SettlementVerdict } from '../../core/types';
import { BANK_DEPOSITED_FACT, refuseBankDeposit } from '../../core/session-compliance';
import { rulebooks, BaccaratTwoTablesRulebook, BankMode } from './rulebook';
import { amount, phrase, term, type Phrase } from '../../core/phrase';
import { undecided } from '../../core/findings';

const GAME = 'baccarat-two-tables';
type Env = RoundEnv<BaccaratTwoTablesRulebook>;
export type Selection = 1 | 2 | 'both';
export const PANOS = [1, 2] as const;
const position = (pano: number) => `player:${pano}`;

export interface TwoTablesState extends CoupState {
  readonly bank?: { readonly seat: string; readonly amount: number };
  /** bets on the paños accepted before the close */
  readonly stakes: Readonly<Record<string, { readonly selection: Selection; readonly amount: number }>>;
  readonly closed: boolean;
  readonly tableRequested: boolean;
  /** a player went banco: he holds both paños and plays them free of the punto's rule (euskadi L6121–6123) */
  readonly banco?: { readonly seat: string };
  /** who plays at each paño (`PlayersSeated`, carried from earlier coups); absent while never recorded */
  readonly seated?: Occupancy;
}

/** What the session carries from coup to coup: who plays at each paño. */
export type TwoTablesCarried = SeatedCarried;

/**
 * The minimum counts at each paño ("un mínimo de dos jugadores por paño", euskadi L6214–6217): the players of
 * its numbered seats and those behind them (euskadi L5872–5880). The banker, facing the croupier between the
 * paños (L5837–5845), belongs to neither.
 */
const SEATING: SeatingAreas = PANOS.map(String);

export const TWO_TABLES_FACT_TYPES = {
  BankPut: roundFact("the banker's stake for this coup, handed to the croupier (euskadi L6228–6231); amount in minor units", {
    seat: field('seat'),
    amount: field('positiveMoney'),
  }),
  BankerTableRequested: roundFact('the banker asked for the table: he must follow it where it says the same for both paños', {}),
  BancoCalled: BANCO_CALLED,
  // one declaration with chemin de fer's (core/players-seated.ts); the seats are listed by paño here (refuse)
  PlayersSeated: PLAYERS_SEATED_FACT,
  // the bank deposited in the Caja before play and after a broken bank (core/session-compliance.ts, issue 15)
  BankDeposited: BANK_DEPOSITED_FACT,
} satisfies Readonly<Record<string, FactTypeSpec>>;

/**
 * The coup as the rules bind it: the banker is free (except on 0) until he asks for the table (euskadi
 * L6125–6130); a player who went banco plays both paños free of the punto's rule (L6121–6123).
 */
export const TWO_TABLES_SPEC = (rb: BaccaratTwoTablesRulebook, env: RoundEnv, state?: Pick<TwoTablesState, 'tableRequested' | 'banco'>): CoupSpec => ({
  puntos: PANOS.map(position),
  banker: 'banker',
  puntoRule: rb.puntoRule.value,
  bankerTable: rb.bankerTable.value,
  bankerMode: env.options.bankerDrawing === 'table' || state?.tableRequested ? 'table' : 'free',
  naturalEndsCoup: false,
  freePuntos: state?.banco ? PANOS.map(position) : [],
});

const asSelection = (s: unknown): Selection | null => (s === 1 || s === '1' ? 1 : s === 2 || s === '2' ? 2 : s === 'both' ? 'both' : null);
const emptyState = (env: Env): TwoTablesState => ({
  ...emptyCoupState(TWO_TABLES_SPEC(env.rulebook, env)),
  stakes: {},
  closed: false,
  tableRequested: false,
  seated: (env.ctx.carried as TwoTablesCarried | undefined)?.seated,
});

function evolveState(state: TwoTablesState, fact: Fact, env: Env): TwoTablesState {
  const d = fact.data;
  switch (fact.type) {
    case 'BankPut':
      return { ...state, bank: { seat: String(d.seat), amount: Number(d.amount) } };
    case 'BetPlaced': {
      const selection = asSelection(d.selection);
      if (state.closed || d.betType !== 'player' || !selection) return state;
      return { ...state, stakes: { ...state.stakes, [String(d.betId)]: { selection, amount: Number(d.amount) } } };
    }
    case 'BetsClosed':
      return { ...state, closed: true };
    case 'BankerTableRequested':
      return { ...state, tableRequested: true };
    case 'BancoCalled':
      return { ...state, banco: { seat: String(d.seat) } };
    case PLAYERS_SEATED:
      return { ...state, seated: seatedAfter(state.seated, fact, SEATING) };
    case 'CardDealt':
      return { ...state, ...evolveCoup(state, fact, TWO_TABLES_SPEC(env.rulebook, env, state)) };
    default:
      return state;
  }
}

/** The parts of a bet by paño: a line bet plays half on each, the larger part on paño 1. */
function parts(selection: Selection, amount: number, env: Env): Array<{ pano: 1 | 2; stake: number }> {
  if (selection !== 'both') return [{ pano: selection, stake: amount }];
  const [first, second] = splitStake(amount, env.ctx.smallestChip);
  return [
    { pano: 1, stake: first },
    { pano: 2, stake: second },
  ];
}

const panoResult = (state: TwoTablesState, pano: number) => compareHands(state.coup.hands[position(pano)], state.coup.hands.banker);
const panoScore = (state: TwoTablesState, pano: number): string => {
  const p = handTotal(state.coup.hands[position(pano)]);
  const b = handTotal(state.coup.hands.banker);
  const r = panoResult(state, pano);
  const naturalNote = r !== 'tie' && p === b ? ' (a two-card natural beats three cards)' : '';
  return (
    (r === 'tie' ? `paño ${pano} ${p} ties banker ${b}` : r === 'punto' ? `paño ${pano} ${p} beats banker ${b}` : `banker ${b} beats paño ${pano} ${p}`) +
    naturalNote
  );
};

/** The paño's score as a phrase (`baccarat.score.*`, issue 16). */
const panoScorePhrase = (state: TwoTablesState, pano: number) => {
  const p = handTotal(state.coup.hands[position(pano)]);
  const b = handTotal(state.coup.hands.banker);
  const r = panoResult(state, pano);
  return phrase(`baccarat.score.${r}`, { side: phrase('baccarat.pano', { pano }), player: p, banker: b, natural: r !== 'tie' && p === b ? 'yes' : 'no' });
};

/** `what`: the bet in English, and as a phrase for other languages (issue 16). */
function settlePart(state: TwoTablesState, pano: number, stake: number, env: Env, what: string, whatPhrase: Phrase): ExpectedSettlement {
  const rb = env.rulebook;
  const r = panoResult(state, pano);
  const out = (
    outcome: ExpectedSettlement['outcome'],
    payout: number,
    rule: string,
    citation: string,
    how: string,
    howKey: string,
    howValues?: Record<string, number>,
  ): ExpectedSettlement => ({
    outcome,
    payout,
    rule: `${GAME}/${rule}`,
    citation,
    explanation: `${panoScore(state, pano)}: ${what} of ${stake} ${how}`,
    explanationPhrase: phrase('baccarat.settled', {
      score: panoScorePhrase(state, pano),
      what: whatPhrase,
      stake: amount(stake),
      how: phrase(`baccarat.how.${howKey}`, howValues),
    }),
  });
  if (r === 'tie') return out('push', 0, 'tie', rb.tie.cite, 'is returned (a tie is void)', 'tie');
  return r === 'punto'
    ? out(
        'win',
        payOdds(stake, rb.puntoPays.value, env.ctx.smallestChip),
        'punto-pays',
        rb.puntoPays.cite,
        `is paid ${rb.puntoPays.value}:1 by the bank`,
        'paid',
        { odds: rb.puntoPays.value },
      )
    : out('lose', 0, 'punto-pays', rb.puntoPays.cite, 'is lost to the bank', 'lost');
}

function settleBet(state: TwoTablesState, bet: Bet, hand: unknown, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const voided = (why: string): ExpectedSettlement => ({ outcome: 'void', payout: 0, rule: `${GAME}/bet-types`, citation: rb.source, explanation: why });
  if (!twoCardsEach(state.coup, TWO_TABLES_SPEC(rb, env, state))) return undecided('the paños and the banker do not yet hold two cards each');
  const selection = asSelection(bet.selection);
  if (bet.betType !== 'player' || !selection) return voided(`${bet.betType} ${JSON.stringify(bet.selection)} is not a bet on a paño: it is returned`);
  if (selection !== 'both') return settlePart(state, selection, bet.amount, env, `bet on paño ${selection}`, phrase('baccarat.what.pano', { pano: selection }));
  const pano = Number(hand);
  if (pano !== 1 && pano !== 2) return voided(`a bet on the line between the paños is settled per paño (hand 1 and hand 2), ${rb.lineBetSplit.cite}`);
  const part = parts('both', bet.amount, env).find((p) => p.pano === pano)!;
  return {
    ...settlePart(state, pano, part.stake, env, `the paño-${pano} half of line bet ${bet.betId}`, phrase('baccarat.what.lineHalf', { pano, bet: bet.betId })),
    citation: `${rb.puntoPays.cite}; ${rb.lineBetSplit.cite}`,
  };
}

const bankMode = (env: Env): BankMode => (env.options.bankMode === 'free' ? 'free' : 'limited');
const totalStakes = (state: TwoTablesState) => Object.values(state.stakes).reduce((t, s) => t + s.amount, 0);

/** The banker's net win of the coup: what he takes on one paño less what he pays on the other. */
export function bankerNet(state: TwoTablesState, env: Env): { net: number; byPano: Record<number, number> } {
  const byPano: Record<number, number> = { 1: 0, 2: 0 };
  for (const s of Object.values(state.stakes)) {
    for (const part of parts(s.selection, s.amount, env)) {
      const r = panoResult(state, part.pano);
      if (r === 'banker') byPano[part.pano] += part.stake;
      if (r === 'punto') byPano[part.pano] -= payOdds(part.stake, env.rulebook.puntoPays.value, env.ctx.smallestChip);
    }
  }
  return { net: byPano[1] + byPano[2], byPano };
}

function cagnotte(state: TwoTablesState, env: Env): ExpectedLevy | null {
  const rb = env.rulebook;
  if (!twoCardsEach(state.coup, TWO_TABLES_SPEC(rb, env, state))) return null;
  const { net, byPano } = bankerNet(state, env);
  if (net <= 0) return null;
  const mode = bankMode(env);
  const rate = rb.cagnotteRates.value[mode];
  const levy = applyRate(net, rate, env.ctx.smallestChip);
  return {
    base: net,
    amount: levy,
    rule: `${GAME}/cagnotte`,
    citation: `${rb.cagnotteRates.cite}; ${rb.cagnotteBase.cite}`,
    explanation: `the banker's net win is ${byPano[1]} on paño 1 and ${byPano[2]} on paño 2 = ${net}; the cagnotte of a ${mode} bank is ${rate * 100} % of it = ${levy}`,
    explanationPhrase: phrase('finding.twoTables.cagnotte', {
      pano1: amount(byPano[1]),
      pano2: amount(byPano[2]),
      net: amount(net),
      mode,
      percent: rate * 100,
      levy: amount(levy),
    }),
  };
}

export const rules: GameRules<TwoTablesState, BaccaratTwoTablesRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks,
  factTypes: TWO_TABLES_FACT_TYPES,
  deck: () => DECK_52,
  shoeRules: (env) => baccaratShoeRules(env.rulebook),

  refuseOptions(options) {
    if ('bankMode' in options && !['limited', 'free'].includes(String(options.bankMode))) {
      return { field: 'options.bankMode', reason: `bankMode is "limited" (banca limitada) or "free" (banca libre); got ${String(options.bankMode)}` };
    }
    if ('bankerDrawing' in options && !['table', 'free'].includes(String(options.bankerDrawing))) {
      return { field: 'options.bankerDrawing', reason: `bankerDrawing is "table" or "free"; got ${String(options.bankerDrawing)}` };
    }
    return null;
  },

  refuse(fact, env) {
    const cardRefusal = refuseCardFact(fact, TWO_TABLES_SPEC(env.rulebook, env)) ?? refusePlayersSeated(fact, SEATING) ?? refuseBankDeposit(fact);
    if (cardRefusal) return cardRefusal;
    if (fact.type === 'BetPlaced' && fact.data.betType === 'player' && !asSelection(fact.data.selection)) {
      return { field: 'data.selection', reason: 'a bet on the paños names paño 1, paño 2 or "both" (the line between them)' };
    }
    return null;
  },

  /** who plays at each paño, from the session's earlier `PlayersSeated` */
  carry: (carried, fact) => carrySeated(carried as TwoTablesCarried | undefined, fact, SEATING),

  initialState: (env) => emptyState(env),
  evolve: evolveState,

  judgeFact(before, fact, env) {
    if (fact.type !== 'CardDealt' || fact.data.to === 'burn') return [];
    const code = parseCard(String(fact.data.card))?.code;
    if (!code) return [];
    // the players at each paño when the coup is dealt: two at least, from the start and throughout the partida
    const seated = coupNotDealt(before.coup) ? judgeMinimumPlayers(GAME, before.seated, env.rulebook.minimumPlayersPerPano) : [];
    return [
      ...seated,
      ...drawFindings(GAME, env.rulebook, dealCard(before.coup, TWO_TABLES_SPEC(env.rulebook, env, before), String(fact.data.to), code).violations),
    ];
  },

  judgeBet(bet, state, env): Finding[] {
    if (bet.betType !== 'player') {
      return [
        {
          code: 'BET_NOT_ALLOWED',
          betId: bet.betId,
          expected: 'player',
          recorded: bet.betType,
          rule: `${GAME}/bet-types`,
          citation: env.rulebook.source,
          message: `the puntos bet on a paño ("player", selection 1, 2 or "both"); "${bet.betType}" is not a bet`,
          messagePhrase: phrase('finding.twoTables.notABet', { betType: term('betType', bet.betType) }),
        },
      ];
    }
    if (bet.late || !state.bank || bankMode(env) !== 'limited') return [];
    const covered = totalStakes(state);
    if (covered + bet.amount <= state.bank.amount) return [];
    return [
      {
        code: 'BET_ABOVE_MAXIMUM',
        betId: bet.betId,
        expected: Math.max(0, state.bank.amount - covered),
        recorded: bet.amount,
        rule: `${GAME}/limited-bank`,
        citation: env.rulebook.bankModes.cite,
        message: `a limited bank of ${state.bank.amount} answers only for the amount on the table; ${covered} is covered already`,
        messagePhrase: phrase('finding.twoTables.limitedBank', { bank: amount(state.bank.amount), covered: amount(covered) }),
      },
    ];
  },

  betLimits(bet, env) {
    const limits = env.ctx.limits;
    const min = { amount: limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
    if (bankMode(env) === 'free') return { min, max: { amount: Number.MAX_SAFE_INTEGER, rule: `${GAME}/free-bank`, citation: env.rulebook.bankModes.cite } };
    const typed = limits[bet.betType];
    return {
      min,
      max: { amount: typeof typed === 'number' ? typed : limits.max, rule: `${GAME}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' },
    };
  },

  handsToSettle: (_state, bet) => (asSelection(bet.selection) === 'both' ? [1, 2] : [undefined]),
  settle: (state, query, env) => settleBet(state, query.bet, query.hand, env),
  expectedCagnotte: cagnotte,
  /**
   * No bet here is banked by the house: a player holds the bank and pays the puntos, and the house's only
   * take is the cagnotte, a share (never below 0) of what the bank wins. No setting can make the house pay
   * out more than it takes, so there is no bet whose edge could pass to a player against the house (issue
   * 14 §4), and the puntos' chances against the bank are no house edge (they also hang on the bank's free
   * choices). Hence no figure: an empty list, rather than a 0 % "edge" the session judge would flag.
   */
  houseEdges: () => [],
  isDecided: (state, env) => twoCardsEach(state.coup, TWO_TABLES_SPEC(env.rulebook, env, state)),
  judgeEnd: (state, env) => endFindings(GAME, env.rulebook, state, TWO_TABLES_SPEC(env.rulebook, env, state)),

  describe(state, env) {
    const spec = TWO_TABLES_SPEC(env.rulebook, env, state);
    const hands = describeCoup(state.coup, spec);
    const done = twoCardsEach(state.coup, spec);
    return {
      bank: state.bank ?? null,
      bankMode: bankMode(env),
      bankerPlays: spec.bankerMode,
      paño1: { ...hands['player:1'], result: done ? panoResult(state, 1) : null },
      paño2: { ...hands['player:2'], result: done ? panoResult(state, 2) : null },
      banker: hands.banker,
      bankerNet: done ? bankerNet(state, env).net : null,
      burn: state.burn,
      players: state.seated ? describeOccupancy(state.seated) : null,
    };
  },

  narrate(fact, _before, after, env) {
    const d = fact.data;
    if (fact.type === 'BankPut') return `seat ${d.seat} banks ${d.amount} against both paños`;
    if (fact.type === 'BankerTableRequested') return 'the banker asks for the table and must follow it where it agrees for both paños';
    if (fact.type === 'BancoCalled') return `seat ${d.seat} goes banco on both paños: he holds both hands and plays them free of the punto's rule`;
    if (fact.type === PLAYERS_SEATED) return after.seated ? describeOccupancy(after.seated) : undefined;
    if (fact.type !== 'CardDealt') return undefined;
    if (d.to === 'burn') return `${d.card} burned`;
    const h = describeCoup(after.coup, TWO_TABLES_SPEC(env.rulebook, env, after));
    return `${d.card} to ${d.to}: paño 1 ${h['player:1'].total}, paño 2 ${h['player:2'].total}, banker ${h.banker.total}`;
  },

  play(ctx: PlayContext<BaccaratTwoTablesRulebook>): PlayedFact[] {
    const env = ctx.env;
    const rb = env.rulebook;
    const { sessionId, roundId, random, memory } = ctx;
    const chip = env.ctx.smallestChip;
    const { min, max } = env.ctx.limits;
    const { shoe, sessionFacts, burnFacts } = shoeForCoup(memory, sessionId, rb.decks.value, rb.stopCardFromEnd.value, random);
    let bank = memory.bank as number | undefined;
    // a broken bank ("saltado") is made up again with a new deposit at least the initial one (euskadi L5995–6000)
    if (bank === undefined || bank < min)
      bank = memory.initialBank = (memory.initialBank as number | undefined) ?? randomStake(random, 20 * min, 50 * min, chip);
    // the terminal records who plays at each paño whenever it changes: the first half of the seats at paño 1
    const half = Math.ceil(ctx.seats.length / 2);
    const seating = seatingFacts(memory, sessionId, {
      1: { seats: ctx.seats.slice(0, half).map(String), behind: 0 },
      2: { seats: ctx.seats.slice(half).map(String), behind: 0 },
    });
    const facts: PlayedFact[] = [
      ...sessionFacts,
      ...seating,
      { type: 'RoundStarted', data: { sessionId, roundId } },
      { type: 'BankPut', data: { sessionId, roundId, seat: 'banker', amount: bank } },
    ];

    const limited = env.options.bankMode !== 'free';
    let left = limited ? bank : Number.MAX_SAFE_INTEGER;
    // now and then a player goes banco at the start of a shoe: he covers the bank on both paños (euskadi L6135–6143)
    const bancoSeat = sessionFacts.length && limited && bank >= 2 * min && bank <= max && random() < 0.3 ? String(ctx.seats[0]) : undefined;
    if (bancoSeat !== undefined) {
      const [first, second] = splitStake(bank, chip);
      facts.push({
        type: 'BetPlaced',
        data: { sessionId, roundId, betId: `${roundId}-banco`, seat: bancoSeat, betType: 'player', selection: 'both', amount: first + second },
      });
      facts.push({ type: 'BancoCalled', data: { sessionId, roundId, seat: bancoSeat } });
      left = 0;
    }
    let n = 0;
    ctx.seats.forEach((seat, i) => {
      if (bancoSeat !== undefined || random() < 0.2) return;
      const own: Selection = i < half ? 1 : 2;
      const r = random();
      const selection: Selection = r < 0.15 ? 'both' : r < 0.25 ? (own === 1 ? 2 : 1) : own;
      const top = Math.min(limited ? max : 2 * max, left);
      if (top < min) return;
      const amount = randomStake(random, min, top, chip);
      left -= amount;
      facts.push({ type: 'BetPlaced', data: { sessionId, roundId, betId: `${roundId}-b${++n}`, seat, betType: 'player', selection, amount } });
    });
    facts.push({ type: 'BetsClosed', data: { sessionId, roundId } }, ...burnFacts(roundId));
    const asksTable = env.options.bankerDrawing !== 'table' && random() < 0.3;
    if (asksTable) facts.push({ type: 'BankerTableRequested', data: { sessionId, roundId } });
    const { dealt } = playCoup(
      TWO_TABLES_SPEC(rb, env, { tableRequested: asksTable, banco: bancoSeat === undefined ? undefined : { seat: bancoSeat } }),
      () => drawFromShoe(shoe),
      () => random() < 0.5,
    );
    for (const c of dealt) facts.push({ type: 'CardDealt', data: { sessionId, roundId, card: c.card, to: c.to, faceUp: true } });

    const state = foldPlayed(emptyState(env), facts.slice(facts.findIndex((f) => f.type === 'RoundStarted')), (s, f) => evolveState(s, f, env));
    for (const f of facts.filter((x) => x.type === 'BetPlaced')) {
      const bet: Bet = { betId: String(f.data.betId), betType: 'player', selection: f.data.selection, amount: Number(f.data.amount), eventId: '', late: false };
      for (const hand of rules.handsToSettle!(state, bet, env)) {
        const v = settleBet(state, bet, hand, env);
        if (isUndecided(v) || isUnverifiable(v)) continue;
        facts.push({
          type: 'BetSettled',
          data: { sessionId, roundId, betId: bet.betId, ...(hand === undefined ? {} : { hand }), outcome: v.outcome, payout: v.payout },
        });
      }
    }
    const levy = cagnotte(state, env);
    if (levy && levy.amount > 0) facts.push({ type: 'CagnotteDeducted', data: { sessionId, roundId, base: levy.base, amount: levy.amount } });
    facts.push({ type: 'RoundCompleted', data: { sessionId, roundId } });
    memory.bank = bank + bankerNet(state, env).net - (levy?.amount ?? 0);
    return facts;
  },
};
