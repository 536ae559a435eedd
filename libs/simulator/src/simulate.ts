/**
 * A simulated gaming day: every table of the floor plan opens with its float, players change cash for
 * chips, rounds are played by the rules library's own croupiers at the table's pace (tables interleaved
 * in time, so linked jackpot pools see play in order), chips are filled and credited as the float runs
 * low or high, tips fall, the tables close, and the count room counts the boxes. Reproducible from a
 * seed. With an error rate, rounds and counts carry injected errors listed in a ground-truth manifest.
 */
import { Envelope } from '../../ledger/src';
import { SessionTracker } from '../../replay/src';
import { EquipmentBias, GameRules, inventoryTotal, JackpotPoolView, JurisdictionId, PlayedFact, registeredGames, seededRandom } from '../../rules/src';
import { injectError, InjectedError } from './errors';
import { SessionCompliancePlay, SessionFact } from './session-compliance';
import {
  clothChangeError,
  clothTwiceError,
  DayErrorKind,
  diceForSession,
  leavesNoRoulette,
  overloadJefe,
  planClothChange,
  ROTATE_EVERY_MS,
  rotatesHourly,
  ROULETTE_GAP_MS,
  rouletteGapError,
} from './day-compliance';
import { seededUuid } from './ids';

/** Each generator's ids apart (ids.ts): the table's own draws 0, the day's facts 1, the staff's 2, the compliance facts 3. */
const ID_STREAM = { day: 1, staff: 2, compliance: 3 } as const;
import { equipmentBias, EquipmentBiasSpec, equipmentInjection } from './equipment-bias';
import { TableStaff } from './table-staff';
import { PlayerInjectionPlay, playerInjection, PlayerInjectionSpec } from './player-injections';
import { floorPlan, TablePlan } from './tables';

/** The casino and gaming day a simulation records when not told (its event ids are drawn from them and the seed). */
export const DEFAULT_CASINO = 'casino-sim';
export const DEFAULT_GAMING_DAY = '2026-11-21';

export interface SimulationOptions {
  readonly casinoId?: string;
  readonly gamingDay?: string;
  readonly tables: number;
  /** rounds per table */
  readonly rounds: number;
  readonly seed: number;
  /** probability that a round (or a count) carries an injected error */
  readonly errorRate?: number;
  /** only these games (default: every game with rules) */
  readonly games?: readonly string[];
  /** the game of each table, in order */
  readonly tableGames?: readonly string[];
  /** the casino's region (default: each game under its own catalogues, rotating) */
  readonly jurisdiction?: JurisdictionId;
  /** run progressive jackpot pools for the games with a jackpot side bet (default true) */
  readonly jackpots?: boolean;
  /** opening time of the gaming day (ISO) */
  readonly opensAt?: string;
  /** a blackjack table turns its reversible cloth once in the day to another blackjack-like game (issue 15; off by default, so other days stay as their seeds made them) */
  readonly reversibleCloths?: boolean;
  /** gaming-day violations injected once each where the floor allows, whatever the error rate (the demo's record; a cloth kind turns a cloth) */
  readonly dayViolations?: readonly DayErrorKind[];
  /** tables whose wheel or dice are not what their design says (issue 21 §6): equipment-bias.ts */
  readonly equipmentBias?: readonly EquipmentBiasSpec[];
  /** a counter, a croupier's favourite, bets recorded smaller (issue 21 §6): player-injections.ts */
  readonly playerInjections?: readonly PlayerInjectionSpec[];
  /** rounds of the tables that play longer than `rounds` (a busy craps table), by table id */
  readonly roundsAt?: Readonly<Record<string, number>>;
}

export interface SimulationManifest {
  readonly seed: number;
  readonly casinoId: string;
  readonly gamingDay: string;
  readonly tables: TablePlan[];
  readonly sessions: Array<{ sessionId: string; tableId: string; game: string; jurisdiction: string; rounds: number }>;
  readonly rounds: number;
  readonly events: number;
  readonly injected: InjectedError[];
}

interface TableRun {
  readonly plan: TablePlan;
  readonly sessionId: string;
  readonly tracker: SessionTracker;
  readonly rules: GameRules;
  readonly memory: Record<string, unknown>;
  /** the session rules the casino keeps at this table (limit changes, suspensions, closing, bank deposit) */
  compliance: SessionCompliancePlay;
  /** banca francesa: when the terna and the thrower were last changed (issue 15) */
  rotatedAt?: number;
  rotations?: number;
  float: number;
  drop: number;
  tips: number;
  cagnotte: number;
  roundsPlayed: number;
  clock: number;
  closed: boolean;
  /** the number of the reversible cloth the session is played on (issue 15) */
  clothNumber?: string;
  /** who deals and who plays (issue 21 §5) */
  staff?: TableStaff;
  /** the table's faulty equipment (issue 21 §6) */
  bias?: EquipmentBias;
  /** the table's injected player or croupier (issue 21 §6) */
  player?: PlayerInjectionPlay;
}

/** Chips for an amount from the float's denominations, largest first. */
export function chipsFor(amount: number, denominations: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  let left = amount;
  for (const d of [...denominations].sort((a, b) => b - a)) {
    const n = Math.floor(left / d);
    if (n > 0) {
      out[String(d)] = n;
      left -= n * d;
    }
  }
  return out;
}

/** Chip movement a round's settlements cause to a house-banked float (stakes lost in, winnings out). */
function houseResult(facts: readonly PlayedFact[]): number {
  const stakes = new Map<string, { amount: number; seat: unknown; betType: unknown }>();
  const doubled = new Set<string>();
  const key = (seat: unknown, hand: unknown) => `${seat}#${hand ?? 1}`;
  let result = 0;
  for (const f of facts) {
    if (f.type === 'BetPlaced') stakes.set(String(f.data.betId), { amount: Number(f.data.amount), seat: f.data.seat, betType: f.data.betType });
    // a doubled blackjack hand stakes twice its main bet
    if (f.type === 'PlayerDecision' && f.data.decision === 'double') doubled.add(key(f.data.seat, f.data.hand));
    if (f.type !== 'BetSettled') continue;
    const bet = stakes.get(String(f.data.betId));
    const stake = (bet?.amount ?? 0) * (bet?.betType === 'main' && doubled.has(key(bet.seat, f.data.hand)) ? 2 : 1);
    switch (f.data.outcome) {
      case 'win':
        result -= Number(f.data.payout ?? 0);
        break;
      case 'lose':
        result += stake;
        break;
      case 'half-lost':
        result += Math.floor(stake / 2);
        break;
    }
  }
  return result;
}

const PLAYER_BANKED = new Set(['chemin-de-fer', 'baccarat-two-tables']);

/** Games whose croupier plays a progressive pool (pays JackpotWon from it). */
const JACKPOT_POOL_GAMES = new Set(['caribbean-stud', 'draw-poker-vs-bank']);

/** The casino's initials, as its dice are marked and its admission register numbers players (`ADM-<initials>-00001`). */
export const initialsOf = (casinoId: string) =>
  casinoId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toUpperCase() || 'CASINO';

/** The day as batches of envelopes in recording order; the manifest is complete when the generator ends. */
export function* simulateDay(options: SimulationOptions, manifest: { value?: SimulationManifest } = {}): Generator<Envelope[]> {
  const random = seededRandom(options.seed);
  const casinoId = options.casinoId ?? DEFAULT_CASINO;
  const gamingDay = options.gamingDay ?? DEFAULT_GAMING_DAY;
  const errorRate = options.errorRate ?? 0;
  const opensAt = Date.parse(options.opensAt ?? `${gamingDay}T20:00:00.000Z`);
  const plans = floorPlan(options.tables, random, { games: options.games, tableGames: options.tableGames, jurisdiction: options.jurisdiction });
  const injected: InjectedError[] = [];
  // the gaming day's rules (issue 15: jefes, dice, ternas) draw on a generator of their own, and their facts
  // take no time, so that the rest of the day stays as its seed made it
  const dayRandom = seededRandom((options.seed * 104723 + 7) >>> 0);
  const forced = new Set(options.dayViolations ?? []);
  if (forced.has('overloaded-jefe') || (errorRate > 0 && dayRandom() < Math.min(1, errorRate * 4))) {
    const overloaded = overloadJefe(plans, dayRandom, (p) => `${casinoId}-${gamingDay}-${p.tableId}`);
    if (overloaded) injected.push(overloaded);
  }
  const casinoInitials = initialsOf(casinoId);
  // who deals and who plays (issue 21 §5): a generator of their own, facts that take no time
  const staffRandom = seededRandom((options.seed * 65537 + 13) >>> 0);
  let events = 0;
  let rounds = 0;
  const newId = () => seededUuid(random);
  const envelope = (type: string, data: Record<string, unknown>, at: number, by: string): Envelope => ({
    eventId: newId(),
    type,
    occurredAt: new Date(at).toISOString(),
    recordedBy: by,
    data,
  });

  const newRun = (plan: TablePlan, sessionId: string, clock: number): TableRun => ({
    plan,
    sessionId,
    tracker: new SessionTracker(sessionId),
    rules: undefined as unknown as GameRules,
    memory: {},
    compliance: undefined as unknown as SessionCompliancePlay,
    float: inventoryTotal(plan.openingFloat),
    drop: 0,
    tips: 0,
    cagnotte: 0,
    roundsPlayed: 0,
    clock,
    closed: false,
  });
  const runs: TableRun[] = plans.map((plan, t) => newRun(plan, `${casinoId}-${gamingDay}-${plan.tableId}`, opensAt + t * 45_000));
  // a reversible cloth turned once in the day (opt-in): the table's second game opens when the first has closed
  const forcedCloth = (['cloth-unnumbered', 'cloth-before-close', 'cloth-twice'] as const).find((k) => forced.has(k));
  const clothChange = options.reversibleCloths || forcedCloth ? planClothChange(plans, dayRandom, errorRate, forcedCloth) : null;
  let forcedDice = (['dice-short', 'dice-unmarked'] as const).find((k) => forced.has(k));
  let forcedGap = forced.has('roulette-gap');
  if (clothChange) runs.find((r) => r.plan.tableId === clothChange.tableId)!.clothNumber = clothChange.clothNumbers[0];

  const emit = (run: TableRun, batch: Envelope[], type: string, data: Record<string, unknown>, by = `terminal:${run.plan.tableId}`) => {
    const e = envelope(type, { sessionId: run.sessionId, ...data }, run.clock, by);
    run.tracker.apply({ eventId: e.eventId, type, data: e.data });
    batch.push(e);
    events++;
    run.clock += 1000 + Math.floor(random() * 4000);
  };

  // the session rules' facts draw on a generator of their own, so that the rest of the day stays as its seed made it
  const complianceRandom = seededRandom((options.seed * 7919 + 104729) >>> 0);
  const closingAt = opensAt + 10 * 3_600_000;
  const emitOwn = (run: TableRun, batch: Envelope[], f: SessionFact) => {
    const e: Envelope = {
      eventId: seededUuid(complianceRandom, ID_STREAM.compliance),
      type: f.type,
      occurredAt: new Date(run.clock).toISOString(),
      recordedBy: f.by ?? `terminal:${run.plan.tableId}`,
      data: { sessionId: run.sessionId, ...f.data },
    };
    run.tracker.apply({ eventId: e.eventId, type: e.type, data: e.data });
    batch.push(e);
    events++;
    run.clock += f.advanceMs ?? 30_000;
  };

  // progressive pools, one per casino and game, linked across that game's tables; their prize shares
  // are the regulation's (the rulebook's jackpot prizes), seed and contribution the casino's (docs/decisions/open-questions.md#oq-14)
  const pools = new Map<string, JackpotPoolView>();
  const poolOf = new Map<string, string>();
  const opening: Envelope[] = [];
  if (options.jackpots !== false) {
    for (const run of runs) {
      const rules = registeredGames().find((g) => g.game === run.plan.game)!;
      const prizes = (rules.rulebooks[run.plan.jurisdiction] as { jackpot?: { prizes?: Record<string, { value: number }> } } | undefined)?.jackpot?.prizes;
      if (!rules.jackpotHand || !JACKPOT_POOL_GAMES.has(rules.game) || !prizes || !Object.keys(prizes).length) continue;
      const poolId = `${casinoId}-${rules.game}-progressive`;
      poolOf.set(run.sessionId, poolId);
      if (pools.has(poolId)) continue;
      // a share of the stakes the text fixes (illes-balears caribbean-stud carousel: 90 %, L2457–2458) is the
      // pool's rule for every table that feeds it; otherwise a fixed amount per bet, the casino's choice
      const regulated = runs
        .filter((r) => r.plan.game === rules.game)
        .map(
          (r) =>
            (rules.rulebooks[r.plan.jurisdiction] as { jackpot?: { contributionRate?: { value: number } | null } } | undefined)?.jackpot?.contributionRate
              ?.value,
        )
        .find((rate) => rate !== undefined && rate !== null);
      const pool: JackpotPoolView = {
        poolId,
        current: 500_000,
        ...(regulated !== undefined ? { contributionRate: regulated } : { contributionAmount: 100 }),
        prizes: Object.fromEntries(Object.entries(prizes).map(([hand, share]) => [hand, { share: share.value }])),
      };
      pools.set(poolId, pool);
      const contribution = regulated !== undefined ? { rate: regulated } : { amount: pool.contributionAmount };
      opening.push(
        envelope(
          'JackpotPoolConfigured',
          { poolId, casinoId, seed: pool.current, contribution, prizes: pool.prizes, name: `${rules.game} progressive` },
          opensAt - 60_000,
          'back-office',
        ),
      );
      events++;
    }
  }

  // open every table
  for (const run of runs) openTable(run, opening);
  yield opening;

  function openTable(run: TableRun, batch: Envelope[]) {
    const { plan } = run;
    const opening = batch;
    const game = registeredGames().find((g) => g.game === plan.game)!;
    run.compliance = new SessionCompliancePlay(plan, game, options.roundsAt?.[plan.tableId] ?? options.rounds, complianceRandom, errorRate, closingAt);
    // a table of a game with a jackpot hand names the pool it plays, or none ([]), when the casino has pools: its
    // casino's other pools are not its own (docs/reports.md, "The jackpot pools a round is judged with")
    const poolId = poolOf.get(run.sessionId);
    const jackpotPools = pools.size && game.jackpotHand ? { jackpotPools: poolId ? [poolId] : [] } : {};
    const sessionOptions = { ...plan.options, ...run.compliance.openingOptions(), ...jackpotPools };
    emit(run, opening, 'TableSessionOpened', {
      casinoId,
      tableId: plan.tableId,
      gamingDay,
      game: plan.game,
      jurisdiction: plan.jurisdiction,
      currency: 'EUR',
      limits: plan.limits,
      openingFloat: plan.openingFloat,
      staff: plan.staff,
      ...(Object.keys(sessionOptions).length ? { options: sessionOptions } : {}),
      ...(run.clothNumber ? { clothNumber: run.clothNumber } : {}),
    });
    (run as { rules: GameRules }).rules = run.tracker.game!;
    const violation = run.compliance.injected(run.sessionId);
    if (violation) injected.push(violation);
    const issued = diceForSession(plan, run.sessionId, `S${options.seed}-${gamingDay}`, casinoInitials, dayRandom, errorRate, forcedDice);
    if (issued) {
      emitDay(run, opening, 'DiceIssued', { dice: issued.dice });
      if (issued.injected) injected.push(issued.injected);
      forcedDice = undefined;
    }
    if (rotatesHourly(plan)) run.rotatedAt = run.clock;
    run.staff = new TableStaff(plan, staffRandom, `ADM-${casinoInitials}`);
    // the injected player sits at his seat while the table plays its first game (not on a turned cloth's other game)
    const player = options.playerInjections?.find((p) => p.tableId === plan.tableId && plans.find((q) => q.tableId === p.tableId)?.game === plan.game);
    if (player) {
      run.staff.seat(player.seat, player.playerRef);
      run.player = new PlayerInjectionPlay(player);
      if (!injected.some((i) => i.detector === 'statistics' && i.kind === player.kind && i.tableId === player.tableId))
        injected.push(playerInjection(player, run.sessionId));
    }
    for (const f of run.staff.beforeRound(run.clock)) emitDay(run, opening, f.type, f.data, staffRandom);
    const faulty = options.equipmentBias?.find((b) => b.tableId === plan.tableId);
    if (faulty) {
      run.bias = equipmentBias(faulty);
      injected.push(equipmentInjection(faulty, run.sessionId));
    }
    for (let s = 1; s <= plan.seats; s++) buyIn(run, opening, s);
  }

  /** The table's second game on its turned cloth: opened when the first closed (or, injected, a minute before it closed). */
  function turnCloth(run: TableRun, batch: Envelope[], at: number) {
    const change = clothChange!;
    const next = newRun(change.next, `${run.sessionId}-2`, at);
    if (change.error !== 'cloth-unnumbered') next.clothNumber = change.clothNumbers[1];
    const error = clothChangeError(change, next.sessionId);
    if (error) injected.push(error);
    runs.push(next);
    openTable(next, batch);
  }

  /** A gaming-day fact (issue 15): its id from the day's generator, recorded at the table's clock without moving it. */
  function emitDay(run: TableRun, batch: Envelope[], type: string, data: Record<string, unknown>, ids = dayRandom) {
    const e: Envelope = {
      eventId: seededUuid(ids, ids === staffRandom ? ID_STREAM.staff : ID_STREAM.day),
      type,
      occurredAt: new Date(run.clock).toISOString(),
      recordedBy: `terminal:${run.plan.tableId}`,
      data: { sessionId: run.sessionId, ...data },
    };
    run.tracker.apply({ eventId: e.eventId, type, data: e.data });
    batch.push(e);
    events++;
  }

  /** Banca francesa in cantabria: the next terna and thrower once the hour is nearly up (cantabria L1815–1820, L1915–1917). */
  function rotate(run: TableRun, batch: Envelope[]) {
    if (run.rotatedAt === undefined || run.clock - run.rotatedAt < ROTATE_EVERY_MS) return;
    const n = (run.rotations = (run.rotations ?? 0) + 1);
    emitDay(run, batch, 'DiceTernaChanged', { terna: `terna-${(n % 3) + 1}` });
    emitDay(run, batch, 'DiceThrowerChanged', { croupier: run.plan.staff.croupiers[n % run.plan.staff.croupiers.length] });
    run.rotatedAt = run.clock;
  }

  function buyIn(run: TableRun, batch: Envelope[], seat: number) {
    const amount = run.plan.limits.min * (20 + Math.floor(random() * 80));
    const playerRef = run.staff?.playerAt(seat);
    emit(run, batch, 'CashExchanged', { amount, seat, ...(playerRef ? { playerRef } : {}) });
    run.drop += amount;
    run.float -= amount; // chips sold out of the float
    refill(run, batch);
  }

  function refill(run: TableRun, batch: Envelope[]) {
    const opening = inventoryTotal(run.plan.openingFloat);
    if (run.float >= opening * 0.4) return;
    const amount = Math.ceil((opening * 0.6) / 10000) * 10000;
    emit(run, batch, 'ChipsFilled', { slipId: `F-${run.plan.tableId}-${run.roundsPlayed}`, chips: chipsFor(amount, [10000, 2500, 500]) }, `cage:${casinoId}`);
    run.float += amount;
  }

  // play: always the table whose next round comes first
  for (;;) {
    const open = runs.filter((r) => !r.closed);
    if (!open.length) break;
    const run = open.reduce((a, b) => (b.clock < a.clock ? b : a));
    const batch: Envelope[] = [];
    if (run.roundsPlayed >= run.compliance.rounds) {
      closeTable(run, batch);
      yield batch;
      continue;
    }
    playOneRound(run, batch);
    yield batch;
  }

  function playOneRound(run: TableRun, batch: Envelope[]) {
    const { plan, rules } = run;
    const roundId = `${run.sessionId}-r${String(run.roundsPlayed + 1).padStart(4, '0')}`;
    // at house-banked tables players sit out a round now and then; a player-banked or circle game
    // keeps its players (the bank and the pot need them)
    const everyone = Array.from({ length: plan.seats }, (_, i) => i + 1);
    const seats = PLAYER_BANKED.has(plan.game) || plan.family === 'circle-poker' ? everyone : everyone.filter(() => random() < 0.85);
    const lastRoundOfSession = run.roundsPlayed + 1 >= run.compliance.rounds;
    rotate(run, batch);
    for (const f of run.staff!.beforeRound(run.clock)) emitDay(run, batch, f.type, f.data, staffRandom);
    for (const f of run.compliance.beforeRound(run.roundsPlayed, run.tracker.env({ lastRoundOfSession }), run.clock, run.sessionId)) emitOwn(run, batch, f);
    const poolId = poolOf.get(run.sessionId);
    const jackpotPools = poolId ? { [poolId]: pools.get(poolId)! } : undefined;
    const env = run.tracker.env({ lastRoundOfSession, jackpotPools });
    const bankBefore = run.memory.bank;
    const brokenBefore = typeof bankBefore === 'number' && bankBefore < env.ctx.limits.min;
    const playRound = () =>
      rules.play!({ env, sessionId: run.sessionId, roundId, random, seats: seats.length ? seats : [1], memory: run.memory, bias: run.bias });
    // a croupier stacking for her favourite makes a throw or spin that does not pay him again (issue 21 §6)
    const retries = run.player?.retriesNow(run.staff!.croupier) ?? 0;
    const memoryBefore = retries ? structuredClone(run.memory) : undefined;
    let facts = playRound();
    for (let t = 0; t < retries && !((run.player!.gain(facts) ?? 0) > 0); t++) {
      for (const key of Object.keys(run.memory)) delete run.memory[key];
      Object.assign(run.memory, structuredClone(memoryBefore));
      facts = playRound();
    }
    const start = facts.findIndex((f) => f.type === 'RoundStarted');
    const before = facts.slice(0, Math.max(start, 0));
    // the rules judge the round in the environment it starts in: after any shoe change before it
    const roundEnv = () => (before.length ? envAfter(run, before, lastRoundOfSession, jackpotPools) : env);
    let playerError: InjectedError | undefined;
    if (run.player) {
      const recorded = run.player.recorded(facts, rules, roundEnv(), { sessionId: run.sessionId, roundId });
      facts = recorded.facts;
      playerError = recorded.error;
      if (playerError) injected.push(playerError);
    }
    if (!playerError && errorRate > 0 && random() < errorRate) {
      const roundEnvAfterShoe = roundEnv();
      const result = injectError(
        facts.slice(Math.max(start, 0)),
        { random, chip: env.ctx.smallestChip, rules, env: roundEnvAfterShoe, newEventId: newId },
        run.sessionId,
        roundId,
      );
      if (result) {
        facts = [...before, ...result.facts];
        injected.push(result.error);
      }
    }
    facts = run.staff!.withPlayers(run.compliance.roundFacts(run.roundsPlayed, facts, run.memory, brokenBefore, run.sessionId));
    const interval = 3_600_000 / plan.roundsPerHour;
    const step = Math.max(500, Math.floor(interval / (facts.length + 1)));
    for (const f of facts) {
      // the bank deposit is the cage's record, drawn on the session rules' own generator (above)
      const e: Envelope =
        f.type === 'BankDeposited'
          ? {
              eventId: seededUuid(complianceRandom, ID_STREAM.compliance),
              type: f.type,
              occurredAt: new Date(run.clock).toISOString(),
              recordedBy: 'cage',
              data: f.data,
            }
          : envelope(f.type, f.data, run.clock, `terminal:${plan.tableId}`);
      run.tracker.apply({ eventId: e.eventId, type: f.type, data: e.data });
      batch.push(e);
      events++;
      run.clock += step;
      if (f.type === 'CagnotteDeducted') run.cagnotte += Number(f.data.amount);
      // the pool follows what was recorded (as the replay's view of it does)
      if (f.type === 'JackpotContributed' || f.type === 'JackpotWon') {
        const pool = pools.get(String(f.data.poolId));
        if (pool) pools.set(pool.poolId, { ...pool, current: pool.current + (f.type === 'JackpotWon' ? -1 : 1) * Number(f.data.amount) });
      }
    }
    if (!PLAYER_BANKED.has(plan.game) && plan.family !== 'circle-poker') run.float += houseResult(facts);
    run.roundsPlayed++;
    rounds++;
    if (random() < 0.04) {
      const amount = env.ctx.smallestChip * (1 + Math.floor(random() * 10));
      emit(run, batch, 'TipDeposited', { amount, roundId });
      run.tips += amount;
    }
    if (random() < 0.05) buyIn(run, batch, 1 + Math.floor(random() * plan.seats));
    refill(run, batch);
  }

  function envAfter(run: TableRun, before: PlayedFact[], lastRoundOfSession: boolean, jackpotPools?: Record<string, JackpotPoolView>) {
    // a copy of the tracker that has seen the session facts the croupier emitted before the round
    const copy = run.tracker.clone();
    for (const f of before) copy.apply({ eventId: 'probe', type: f.type, data: f.data });
    return copy.env({ lastRoundOfSession, jackpotPools });
  }

  function closeTable(run: TableRun, batch: Envelope[]) {
    rotate(run, batch);
    const turning = clothChange && run.plan.tableId === clothChange.tableId && !runs.some((r) => r !== run && r.plan.tableId === run.plan.tableId);
    if (turning && clothChange.error === 'cloth-before-close') turnCloth(run, batch, run.clock - 60_000);
    const opening = inventoryTotal(run.plan.openingFloat);
    const denominations = Object.keys(run.plan.openingFloat).map(Number);
    if (run.float > opening * 1.5) {
      const amount = Math.floor((run.float - opening) / 10000) * 10000;
      if (amount > 0) {
        emit(run, batch, 'ChipsCredited', { slipId: `C-${run.plan.tableId}`, chips: chipsFor(amount, [10000]) }, `cage:${casinoId}`);
        run.float -= amount;
      }
    }
    const closedAt = run.clock;
    emit(run, batch, 'TableSessionClosed', { closingFloat: chipsFor(Math.max(run.float, 0), denominations), ...run.compliance.closingData() });
    run.closed = true;
    // the count room
    const countedBy = ['count-1', 'count-2'];
    let dropCounted = run.drop;
    if (errorRate > 0 && random() < errorRate) {
      const variance = (random() < 0.5 ? -1 : 1) * 500 * (1 + Math.floor(random() * 20));
      dropCounted = Math.max(0, run.drop + variance);
      injected.push({
        kind: 'count-variance',
        sessionId: run.sessionId,
        detector: 'reconciliation',
        expectedCode: 'COUNT_VARIANCE',
        description: `drop counted ${dropCounted} against ${run.drop} recorded`,
      });
    }
    emit(run, batch, 'DropBoxCounted', { amount: dropCounted, countedBy }, 'count-room');
    emit(run, batch, 'TipsBoxCounted', { amount: run.tips, countedBy }, 'count-room');
    if (run.cagnotte > 0) emit(run, batch, 'CagnotteBoxCounted', { amount: run.cagnotte, countedBy }, 'count-room');
    // the next game opens as the first closes: a card table stays in service (euskadi L12957–12958, galicia L56)
    if (turning && clothChange.error !== 'cloth-before-close') turnCloth(run, batch, closedAt);
    // injected: the last roulette in service closes while the card tables play, and reopens half an hour later
    if (
      forcedGap &&
      leavesNoRoulette(
        run,
        runs.filter((r) => !r.closed),
      )
    ) {
      forcedGap = false;
      const again = newRun(run.plan, `${run.sessionId}-reopened`, closedAt + ROULETTE_GAP_MS);
      injected.push(rouletteGapError(run.plan, again.sessionId));
      runs.push(again);
      openTable(again, batch);
    }
    // injected: the cloth turned back to the first game, a second change the same day
    if (clothChange?.error === 'cloth-twice' && run.plan === clothChange.next) {
      const back = newRun(clothChange.first, `${casinoId}-${gamingDay}-${clothChange.tableId}-3`, closedAt);
      back.clothNumber = clothChange.clothNumbers[0];
      injected.push(clothTwiceError(clothChange, back.sessionId));
      runs.push(back);
      openTable(back, batch);
    }
  }

  manifest.value = {
    seed: options.seed,
    casinoId,
    gamingDay,
    tables: plans,
    sessions: runs.map((r) => ({
      sessionId: r.sessionId,
      tableId: r.plan.tableId,
      game: r.plan.game,
      jurisdiction: r.plan.jurisdiction,
      rounds: r.roundsPlayed,
    })),
    rounds,
    events,
    injected,
  };
}
