/**
 * Craps house edges (issue 14 §5), computed by the game's own rules: every bet type of the rulebook is
 * played over the 36 equally likely throws of two dice, each throw as one round of facts folded through
 * `evolve` and settled by `settle`; a throw that leaves the bet standing moves it to the layout `carry`
 * builds for the next throw (the puck, a come bet's own number). The throws a bet may last are weighted
 * exactly by the absorbing-chain computation (`absorbingOutcomes`), never cut off, so the figures are those
 * of the published tables "per bet made" (pushes count as decisions, as the don't pass's 1.36 %).
 */
import { absorbingOutcomes, allThrows, joinCitations, type ThrowStep } from '../../core/dice';
import type { GameRules, RoundEnv } from '../../core/game';
import { backPerUnit, edgeFrom, type BetEdge } from '../../core/house-edge';
import { isUndecided, isUnverifiable, type Bet, type Fact } from '../../core/types';
import { CrapsRulebook, FIXED_BETS, GALICIA_LABELS_FOR_ONE, ODDS_BETS, OddsBet, PLACE_BETS, POINT_NUMBERS } from './rulebook';
import type { CrapsCarried, CrapsState } from './state';

type Env = RoundEnv<CrapsRulebook>;
type Rules = GameRules<CrapsState, CrapsRulebook>;

const THROWS = allThrows(2);
/** stake in smallest chips that every ratio of the texts divides (5:11, 7:6, 5:8, 9:5, 2:3…): no payout is rounded */
const STAKE_CHIPS = 1320;
const S = 'house-edge';

interface Fresh {
  readonly betId: string;
  readonly betType: string;
  readonly selection?: unknown;
}
/** The layout before a throw: what stands from earlier throws (carried) and the bets placed for it. */
interface Layout {
  readonly carried: CrapsCarried;
  readonly fresh: readonly Fresh[];
}

const TARGET = 'valued';
const FLAT = 'flat';

/** One throw's round: the layout re-stated and placed, then (per throw) the dice and the round's end. */
function roundFacts(layout: Layout, amount: number, roundId: string): { before: Fact[]; after: (dice: readonly number[]) => Fact[] } {
  let position = 0;
  const fact = (type: string, data: Record<string, unknown> = {}): Fact => ({
    eventId: `${roundId}-${++position}`,
    type,
    data: { sessionId: S, roundId, ...data },
    position,
  });
  const bet = (b: Fresh & { amount: number; seat?: unknown }) =>
    fact('BetPlaced', {
      betId: b.betId,
      seat: b.seat ?? 1,
      betType: b.betType,
      ...(b.selection !== undefined ? { selection: b.selection } : {}),
      amount: b.amount,
    });
  const before = [fact('RoundStarted'), ...layout.carried.standing.map(bet), ...layout.fresh.map((b) => bet({ ...b, amount })), fact('BetsClosed')];
  const at = position;
  const after = (dice: readonly number[]): Fact[] => {
    position = at;
    return [fact('DiceThrown', { dice: [...dice] }), fact('RoundCompleted')];
  };
  return { before, after };
}

/** The value of the bet `TARGET` placed on `start`, over every throw it lasts. */
function valueOf(rules: Rules, env: Env, start: Layout): { outcomes: ReturnType<typeof absorbingOutcomes>; citations: Set<string> } {
  const amount = STAKE_CHIPS * (env.ctx.smallestChip || 1);
  const citations = new Set<string>();
  const key = (l: Layout) => JSON.stringify([l.carried.point, l.carried.standing, l.fresh]);
  let rounds = 0;
  const step = (layout: Layout): ThrowStep<Layout>[] => {
    const roundEnv: Env = { ...env, ctx: { ...env.ctx, carried: layout.carried } };
    const { before, after } = roundFacts(layout, amount, `${S}-${++rounds}`);
    // the layout is the same whatever the dice: folded once, then each throw on top of it
    const placed = before.reduce((s, f) => rules.evolve(s, f, roundEnv), rules.initialState(roundEnv));
    const carriedPlaced = before.reduce<unknown>((c, f) => rules.carry!(c, f, roundEnv), layout.carried);
    return THROWS.map((dice) => {
      const rest = after(dice);
      const state = rest.reduce((s, f) => rules.evolve(s, f, roundEnv), placed);
      const entry = state.layout[TARGET];
      if (!entry) throw new Error(`craps house edge: the valued bet is not on the layout (${key(layout)})`);
      const bet: Bet = entry.bet;
      const verdict = rules.settle(state, { bet }, roundEnv);
      if (isUndecided(verdict)) {
        const carried = rest.reduce<unknown>((c, f) => rules.carry!(c, f, roundEnv), carriedPlaced) as CrapsCarried;
        return { weight: 1, next: { carried, fresh: [] } };
      }
      if (isUnverifiable(verdict)) throw new Error(`craps house edge: ${verdict.reason}`);
      citations.add(verdict.citation);
      return { weight: 1, back: backPerUnit(bet.amount, verdict) };
    });
  };
  return { outcomes: absorbingOutcomes(start, key, step), citations };
}

const comeOut: CrapsCarried = { point: null, standing: [] };

/** The layout each bet type is valued from: the line bets on the come-out, come bets with a point on, odds behind a flat bet with its point. */
function startsOf(env: Env): Array<{ betType: string; selection?: unknown; start: Layout }> {
  const starts: Array<{ betType: string; selection?: unknown; start: Layout }> = [];
  for (const betType of FIXED_BETS) {
    // come bets are made once a point is on (which point does not change their value)
    const carried = betType === 'come' || betType === 'dont-come' ? { point: 6, standing: [] } : comeOut;
    starts.push({ betType, start: { carried, fresh: [{ betId: TARGET, betType }] } });
  }
  const flatOf: Readonly<Record<OddsBet, string>> = { 'pass-odds': 'pass', 'dont-pass-odds': 'dont-pass', 'come-odds': 'come', 'dont-come-odds': 'dont-come' };
  for (const betType of ODDS_BETS) {
    for (const point of POINT_NUMBERS) {
      const flatType = flatOf[betType];
      // the pass line plays on the puck; a come bet stands on its own number
      const own = flatType === 'come' || flatType === 'dont-come' ? point : null;
      const carried: CrapsCarried = {
        point,
        standing: [{ betId: FLAT, seat: 1, betType: flatType, amount: STAKE_CHIPS * (env.ctx.smallestChip || 1), point: own }],
      };
      starts.push({ betType, selection: point, start: { carried, fresh: [{ betId: TARGET, betType, selection: { bet: FLAT } }] } });
    }
  }
  for (const betType of PLACE_BETS) {
    for (const point of POINT_NUMBERS) {
      if (point === 8 && env.options.placeEight === false) continue;
      starts.push({ betType, selection: point, start: { carried: comeOut, fresh: [{ betId: TARGET, betType, selection: point }] } });
    }
  }
  return starts;
}

/** per rulebook, per options as JSON: every session opening with the same settings shares one computation */
const memo = new WeakMap<CrapsRulebook, Map<string, readonly BetEdge[]>>();

/** Every craps bet type of the rulebook, valued exactly through `rules` under the session's options (memoised per rulebook and options). */
export function crapsHouseEdges(rules: Rules, env: Env): readonly BetEdge[] {
  let byOptions = memo.get(env.rulebook);
  if (!byOptions) memo.set(env.rulebook, (byOptions = new Map()));
  const optionsKey = JSON.stringify(env.options);
  const cached = byOptions.get(optionsKey);
  if (cached) return cached;
  const layoutReading = env.options.layoutReading;
  const edges = startsOf(env).map(({ betType, selection, start }) => {
    const { outcomes, citations } = valueOf(rules, env, start);
    const settings = layoutReading !== undefined && betType in GALICIA_LABELS_FOR_ONE ? { layoutReading } : undefined;
    return edgeFrom(outcomes, {
      betType,
      ...(selection !== undefined ? { selection } : {}),
      method: 'exact-enumeration',
      citation: joinCitations(citations),
      ...(settings ? { settings } : {}),
      // the odds are paid at true odds by the texts themselves (euskadi L3554–3578, cantabria L1504–1533,
      // illes-balears L1077–1095, galicia L946–952): a zero edge by design, behind a flat bet that has one
      ...((ODDS_BETS as readonly string[]).includes(betType) ? { trueOdds: joinCitations(citations) } : {}),
    });
  });
  byOptions.set(optionsKey, edges);
  return edges;
}
