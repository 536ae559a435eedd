/**
 * What only statistics can see at the table (issue 21 §6), beside the faulty equipment (equipment-bias.ts):
 * - an advantage player at blackjack: a player whose main bet rises with the true count of the shoe (Hi-Lo,
 *   rules/core/card-count.ts, counted from the recorded cards as he sees them), one unit up to a count of +1,
 *   then two units per point, at most eight (a 1–8 spread);
 * - a croupier's favourite: while one croupier deals, she stacks the outcome for the player at one seat — a
 *   spin or throw that does not pay him is made again, a few times at most (the facts recorded are those of
 *   the last one, every round legal, only improbable);
 * - bets recorded smaller than placed: the croupier records the bets of one seat at a share of what was put
 *   up (the recorded stake is within the table's limits; the real one is 1/share of it), and settles the real bet. A winning bet is then paid more than its recorded stake earns: the round's
 *   judge finds that overpayment (PAYOUT_MISMATCH, one manifest entry per such round, detector 'rules'); a
 *   losing one leaves no trace in its round. The table's result shows the excess loss either way.
 * Each is written into the ground-truth manifest with the test that must find it; the detection reads only
 * the product's figures (statistical-detection.ts).
 */
import { Discrepancy, GameRules, judgeRound, PlayedFact, RoundEnv } from '../../rules/src';
import { countFact, newShoeCount, ShoeCountState, trueCount } from '../../rules/src/core/card-count';
import type { InjectedError, PlayerErrorKind } from './injected-error';
import type { TablePlan } from './table-plan';
import { inEnglish, statement, type Statement } from './statement';

export type { PlayerErrorKind } from './injected-error';

/** One injection at one table, for as long as the table plays. */
export interface PlayerInjectionSpec {
  readonly tableId: string;
  readonly kind: PlayerErrorKind;
  /** the seat of the player concerned; his admission number is recorded on his bets */
  readonly seat: number;
  readonly playerRef: string;
  /** favoured-player: the croupier who stacks the outcomes (one of the table's staff) */
  readonly croupierId?: string;
  /** favoured-player: how many times an outcome that does not pay him is made again, at most (default 2) */
  readonly retries?: number;
  /** bets-recorded-smaller: the share of the real stake recorded (default ½) */
  readonly recordedShare?: number;
}

/** What the player (or the croupier) does, at the table (`cli:demo.injection.*`; the manifest keeps the English). */
export function playerStatement(spec: PlayerInjectionSpec): Statement {
  const who = { player: spec.playerRef, seat: String(spec.seat) };
  const what =
    spec.kind === 'advantage-player'
      ? statement('demo.injection.advantagePlayer', who)
      : spec.kind === 'favoured-player'
        ? statement('demo.injection.favouredPlayer', { ...who, croupier: spec.croupierId ?? '', retries: { count: spec.retries ?? 2 } })
        : statement('demo.injection.betsRecordedSmaller', { ...who, share: { count: Math.round(100 * (spec.recordedShare ?? 0.5)) } });
  return statement('demo.injection.atTable', { table: spec.tableId, what });
}

/** The manifest's record of the injection, at the table's session: the statistical test that must find it. */
export function playerInjection(spec: PlayerInjectionSpec, sessionId: string): InjectedError {
  const base = { kind: spec.kind, sessionId, tableId: spec.tableId, playerRef: spec.playerRef, detector: 'statistics' as const };
  const description = inEnglish(playerStatement(spec));
  switch (spec.kind) {
    case 'advantage-player':
      return { ...base, expectedCode: 'ADVANTAGE_PLAY', test: 'count-correlation', description };
    case 'favoured-player':
      return { ...base, croupierId: spec.croupierId, expectedCode: 'IMPROBABLE_RESULT', test: 'croupier-result', description };
    case 'bets-recorded-smaller':
      return { ...base, expectedCode: 'IMPROBABLE_RESULT', test: 'table-result', description };
  }
}

/** The judge's discrepancies for a round as the croupier would record it (from its RoundStarted: a shoe begun before it is in `env`). */
function discrepancies(rules: GameRules, env: RoundEnv, facts: readonly PlayedFact[]): Discrepancy[] {
  let n = 0;
  const round = facts.slice(
    Math.max(
      0,
      facts.findIndex((f) => f.type === 'RoundStarted'),
    ),
  );
  return judgeRound(
    rules,
    env,
    round.map((f) => ({ eventId: `probe-${++n}`, type: f.type, data: f.data })),
    { steps: false },
  ).discrepancies;
}

/** A table's injected player or croupier, played round by round by the simulator. */
export class PlayerInjectionPlay {
  /** the counter's view of the shoe (advantage player) */
  private readonly count: ShoeCountState = newShoeCount();
  /** the seat of every bet of the session (a craps bet is settled rounds after it was placed) */
  private readonly seatOf = new Map<string, { seat: unknown; amount: number }>();

  constructor(readonly spec: PlayerInjectionSpec) {}

  /** The croupier stacks this round (favoured-player): how many times an outcome that does not pay him may be made again. */
  retriesNow(croupier: string): number {
    return this.spec.kind === 'favoured-player' && croupier === this.spec.croupierId ? (this.spec.retries ?? 2) : 0;
  }

  /** What the player at the seat gained in the round (settlements of his bets, payouts less the stakes lost); null if none settled. */
  gain(facts: readonly PlayedFact[]): number | null {
    const placed = new Map(this.seatOf);
    for (const f of facts) if (f.type === 'BetPlaced') placed.set(String(f.data.betId), { seat: f.data.seat, amount: Number(f.data.amount) });
    let gain: number | null = null;
    for (const f of facts) {
      if (f.type !== 'BetSettled') continue;
      const bet = placed.get(String(f.data.betId));
      if (!bet || Number(bet.seat) !== this.spec.seat) continue;
      const outcome = f.data.outcome;
      gain = (gain ?? 0) + (outcome === 'win' ? Number(f.data.payout ?? 0) : outcome === 'lose' ? -bet.amount : outcome === 'half-lost' ? -bet.amount / 2 : 0);
    }
    return gain;
  }

  /**
   * The round as recorded: the counter's main bet set by the count (advantage-player), or the seat's bets
   * recorded smaller (bets-recorded-smaller; with the manifest entry of a round whose judge will find it).
   * A change the judge would find anything else in is not made (the counter's bet above a limit, a stake
   * recorded below the minimum).
   */
  recorded(facts: PlayedFact[], rules: GameRules, env: RoundEnv, ids: { sessionId: string; roundId: string }): { facts: PlayedFact[]; error?: InjectedError } {
    let out = facts;
    let error: InjectedError | undefined;
    if (this.spec.kind === 'advantage-player') out = this.countersBet(facts, rules, env);
    if (this.spec.kind === 'bets-recorded-smaller') {
      const smaller = this.recordedSmaller(facts, rules, env);
      if (smaller) {
        out = smaller.facts;
        if (smaller.overpaid)
          error = {
            kind: 'bets-recorded-smaller',
            ...ids,
            betId: smaller.overpaid,
            tableId: this.spec.tableId,
            playerRef: this.spec.playerRef,
            detector: 'rules',
            expectedCode: 'PAYOUT_MISMATCH',
            description: `the bet ${smaller.overpaid} recorded smaller than placed and paid in full`,
          };
      }
    }
    for (const f of out) {
      countFact(this.count, f.type, f.data);
      if (f.type === 'BetPlaced') this.seatOf.set(String(f.data.betId), { seat: f.data.seat, amount: Number(f.data.amount) });
    }
    return { facts: out, error };
  }

  private countersBet(facts: PlayedFact[], rules: GameRules, env: RoundEnv): PlayedFact[] {
    // a shoe begun in this round is counted from zero
    const fresh = facts
      .slice(
        0,
        Math.max(
          0,
          facts.findIndex((f) => f.type === 'RoundStarted'),
        ),
      )
      .some((f) => f.type === 'ShoeStarted');
    const count = fresh ? 0 : (trueCount(this.count) ?? 0);
    const units = Math.min(8, Math.max(1, 2 * Math.floor(count)));
    const seat = (f: PlayedFact) => f.type === 'BetPlaced' && Number(f.data.seat) === this.spec.seat;
    const at = facts.findIndex((f) => seat(f) && f.data.betType === 'main' && f.data.onBehalfOf === undefined);
    if (at < 0) return facts;
    // he plays his main bet alone: no side bet, no insurance, nobody betting behind him
    const dropped = new Set(facts.filter((f, i) => seat(f) && i !== at).map((f) => f.data.betId));
    const betId = facts[at].data.betId;
    const ratio = (units * env.ctx.limits.min) / Number(facts[at].data.amount);
    const candidate = facts
      .filter((f) => !((f.type === 'BetPlaced' || f.type === 'BetSettled') && dropped.has(f.data.betId)))
      .map((f) =>
        f === facts[at]
          ? { type: f.type, data: { ...f.data, amount: units * env.ctx.limits.min } }
          : f.type === 'BetSettled' && f.data.betId === betId
            ? { type: f.type, data: { ...f.data, payout: Math.round(Number(f.data.payout ?? 0) * ratio) } }
            : f,
      );
    const d = discrepancies(rules, env, candidate);
    return d.length ? facts : candidate;
  }

  /**
   * The seat's bets as recorded are what the player would have staked (within the table's limits); he put up
   * 1/share of that, and his winnings are paid on it. Only winning bets show it in their round.
   */
  private recordedSmaller(facts: PlayedFact[], rules: GameRules, env: RoundEnv): { facts: PlayedFact[]; overpaid?: string } | null {
    const real = 1 / (this.spec.recordedShare ?? 0.5);
    const his = new Set(facts.filter((f) => f.type === 'BetPlaced' && Number(f.data.seat) === this.spec.seat).map((f) => String(f.data.betId)));
    if (!his.size) return null;
    const candidate = facts.map((f) =>
      f.type === 'BetSettled' && his.has(String(f.data.betId)) && f.data.outcome === 'win'
        ? { type: f.type, data: { ...f.data, payout: Math.round(Number(f.data.payout ?? 0) * real) } }
        : f,
    );
    const found = discrepancies(rules, env, candidate);
    // anything but the overpayments of his bets is not what this injects
    if (found.some((d) => d.code !== 'PAYOUT_MISMATCH' || !his.has(String(d.betId)))) return null;
    return { facts: candidate, overpaid: found[0]?.betId };
  }
}

/** The admission number the simulated register gives an injected player (as TableStaff numbers the others). */
export const injectedPlayerRef = (casinoInitials: string, n: number) => `ADM-${casinoInitials}-${String(n).padStart(5, '0')}`;

/**
 * The demo's statistical injections, one of each where its floor has the table: the counter at the first
 * blackjack table (seat 1), the first craps table's second croupier stacking the throws for seat 2 (up to six
 * throws again), the last
 * single-zero roulette recording seat 1's bets at a quarter (a high roller's stakes written down as a small player's).
 */
export function demoPlayerInjections(plans: readonly TablePlan[], casinoInitials = 'CASINO'): PlayerInjectionSpec[] {
  const out: PlayerInjectionSpec[] = [];
  const blackjack = plans.find((p) => p.game === 'blackjack');
  const craps = plans.find((p) => p.game === 'craps');
  const roulette = [...plans].reverse().find((p) => p.game === 'american-roulette-single-zero' || p.game === 'french-roulette');
  if (blackjack) out.push({ tableId: blackjack.tableId, kind: 'advantage-player', seat: 1, playerRef: injectedPlayerRef(casinoInitials, 401) });
  if (craps)
    out.push({
      tableId: craps.tableId,
      kind: 'favoured-player',
      seat: 2,
      playerRef: injectedPlayerRef(casinoInitials, 402),
      croupierId: craps.staff.croupiers[1],
      retries: 6,
    });
  if (roulette)
    out.push({ tableId: roulette.tableId, kind: 'bets-recorded-smaller', seat: 1, playerRef: injectedPlayerRef(casinoInitials, 403), recordedShare: 0.25 });
  return out;
}
