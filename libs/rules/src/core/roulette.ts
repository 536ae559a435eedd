/**
 * The layout games of the wheels family (French roulette, both American roulettes, boule): their common
 * rulebook type and the `SpinAdapter` that turns a rulebook into bets, results, pay and limits. Every
 * number comes from the rulebook (cited); this module only applies it.
 */
import type { LimitCheck, RoundEnv, RulebookBase } from './game';
import { optionCite } from './game';
import type { Bet, Cited, JurisdictionId, Refusal } from './types';
import { cited } from './types';
import { phrase, term, type Phrase } from './phrase';
import {
  ANNOUNCED_BETS,
  EVEN_CHANCES,
  INSIDE_BETS,
  OUTSIDE_BETS,
  PayTable,
  Pocket,
  WheelKind,
  allInside,
  isResolved,
  oddsFor,
  pocketKey,
  parsePocket,
  resolveBet,
  samePocket,
  wheelOf,
} from './wheel';
import { PRISON_FACT_TYPES, PrisonRules, SpinAdapter, SpinBet, ZeroRule, spinGame } from './wheel-game';

/** Maxima as n × k × m (roulettes) or as ranges of multiples of the minimum (boule). */
export type WheelLimitRule =
  | {
      readonly kind: 'tiers';
      /** the tiers k this jurisdiction allows */
      readonly tiers: Cited<readonly number[]>;
      /** the even-chance minimum may be set up to this multiple of m (absent: not stated) */
      readonly evenChanceMinimumUpTo?: Cited<number>;
    }
  | {
      readonly kind: 'ranges';
      /** straight-up maximum between these multiples of the minimum */
      readonly straight: Cited<readonly [number, number]>;
      /** even-chance maximum between these multiples of the minimum */
      readonly evenChances: Cited<readonly [number, number]>;
    };

export interface LayoutRulebook extends RulebookBase {
  readonly wheel: Cited<WheelKind>;
  /** numbers covered → net odds */
  readonly payTable: PayTable;
  /** bet type → where this jurisdiction offers it */
  readonly betTypes: Readonly<Record<string, string>>;
  readonly zeroOnEvenChances: Cited<ZeroRule>;
  readonly prison?: PrisonRules;
  readonly limits: WheelLimitRule;
}

/** A session option where the rulebook exposes one, else the rulebook value. */
export function optionOr<T>(env: RoundEnv, name: string, fallback: Cited<T>): Cited<T> {
  if (env.rulebook.options && name in env.rulebook.options) return { value: env.options[name] as T, cite: optionCite(env, name) };
  return fallback;
}

const wheelFor = (env: RoundEnv<LayoutRulebook>) => wheelOf(optionOr(env, 'wheel', env.rulebook.wheel).value);

const ROULETTE_VOCABULARY = [...INSIDE_BETS, ...OUTSIDE_BETS, ...ANNOUNCED_BETS];

function describePocket(key: string, env: RoundEnv<LayoutRulebook>): string {
  const wheel = wheelFor(env);
  const p = parsePocket(key === '00' ? '00' : Number(key), wheel);
  if (p === null) return key;
  if (wheel.zeros.some((z) => samePocket(z, p))) return `${key} (no even chance)`;
  const n = p as number;
  const half = wheel.kind === 'boule' ? (n < 5 ? 'falta' : 'pasa') : n <= 18 ? 'falta' : 'pasa';
  return `${key} ${wheel.red.has(p) ? 'red' : 'black'}, ${n % 2 ? 'odd' : 'even'}, ${half}`;
}

/** The same as `describePocket`, as a phrase of the narrative catalogue (issue 16). */
function pocketPhrase(key: string, env: RoundEnv<LayoutRulebook>): Phrase {
  const wheel = wheelFor(env);
  const p = parsePocket(key === '00' ? '00' : Number(key), wheel);
  if (p === null) return phrase('wheel.result', { result: key });
  if (wheel.zeros.some((z) => samePocket(z, p))) return phrase('wheel.zero', { result: key });
  const n = p as number;
  const half = wheel.kind === 'boule' ? (n < 5 ? 'falta' : 'pasa') : n <= 18 ? 'falta' : 'pasa';
  return phrase('wheel.pocket', {
    result: key,
    colour: term('betType', wheel.red.has(p) ? 'red' : 'black'),
    parity: term('betType', n % 2 ? 'odd' : 'even'),
    half: term('betType', half),
  });
}

/** Maximum of one chip position covering n numbers, with the rule that set it. */
function chipMaximum(env: RoundEnv<LayoutRulebook>, betType: string, numbers: number): LimitCheck {
  const limits = env.ctx.limits;
  const typed = limits[betType];
  if (typeof typed === 'number') return { amount: typed, rule: `${env.rulebook.game}/bet-type-maximum`, citation: `TableSessionOpened.limits.${betType}` };
  const m = limits.min;
  const rule = env.rulebook.limits;
  let amount: number;
  let citation: string;
  if (rule.kind === 'tiers') {
    const k = optionOr(env, 'maximumTier', cited(20, 'index.md OQ-45'));
    amount = numbers * Number(k.value) * m;
    citation = `${rule.tiers.cite}: ${numbers} × k ${k.value} (${k.cite}) × minimum ${m}`;
  } else {
    const even = (EVEN_CHANCES as readonly string[]).includes(betType);
    const name = even ? 'evenChanceMaximum' : 'straightMaximum';
    const range = even ? rule.evenChances : rule.straight;
    const multiple = optionOr(env, name, cited(range.value[1], range.cite));
    amount = Number(multiple.value) * m;
    citation = `${range.cite}: ${multiple.value} × minimum ${m} (${multiple.cite})`;
  }
  if (limits.max < amount) return { amount: limits.max, rule: `${env.rulebook.game}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' };
  return { amount, rule: `${env.rulebook.game}/${betType}-maximum`, citation };
}

function layoutLimits(bet: Bet, resolved: SpinBet, env: RoundEnv<LayoutRulebook>): { min?: LimitCheck; max?: LimitCheck } {
  const m = env.ctx.limits.min;
  const game = env.rulebook.game;
  const rule = env.rulebook.limits;
  const units = resolved.chips.reduce((t, c) => t + c.units, 0);
  if (resolved.chips.length > 1) {
    // each chip of an announced bet from the table minimum to the maximum of its own bet (euskadi L609–649)
    let perUnit = Number.MAX_SAFE_INTEGER;
    for (const c of resolved.chips) perUnit = Math.min(perUnit, Math.floor(chipMaximum(env, c.label.split(' ')[0], c.covered.length).amount / c.units));
    const cite = env.rulebook.betTypes[bet.betType] ?? env.rulebook.source;
    return {
      min: { amount: units * m, rule: `${game}/announced-bet-minimum`, citation: `${cite}: each chip at least the minimum ${m}` },
      max: { amount: units * perUnit, rule: `${game}/announced-bet-maximum`, citation: `${cite}: each chip at most its bet's maximum` },
    };
  }
  let min: LimitCheck = { amount: m, rule: `${game}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
  if (resolved.evenChance && rule.kind === 'tiers' && rule.evenChanceMinimumUpTo) {
    const multiple = optionOr(env, 'evenChanceMinimum', cited(1, rule.evenChanceMinimumUpTo.cite));
    min = { amount: Number(multiple.value) * m, rule: `${game}/even-chance-minimum`, citation: multiple.cite };
  }
  return { min, max: chipMaximum(env, bet.betType, resolved.chips[0].covered.length) };
}

export function layoutAdapter<R extends LayoutRulebook>(game: string, rulebooks: Partial<Record<JurisdictionId, R>>): SpinAdapter<R> {
  const vocabulary = Object.values(rulebooks).some((r) => r!.wheel.value === 'boule') ? ['straight', ...EVEN_CHANCES] : ROULETTE_VOCABULARY;
  return {
    game,
    rulebooks,
    vocabulary,
    factTypes: Object.values(rulebooks).some((r) => r!.prison) ? PRISON_FACT_TYPES : undefined,
    parseResult: (raw, env) => {
      const p = parsePocket(raw, wheelFor(env));
      return p === null ? null : pocketKey(p);
    },
    results: (env) => wheelFor(env).order.map((p) => ({ key: pocketKey(p), weight: 1, value: p })),
    resolve: (betType, selection, env): SpinBet | Refusal => {
      const wheel = wheelFor(env);
      if (!vocabulary.includes(betType)) return { field: 'data.betType', reason: `${betType} is not a ${game} bet` };
      const r = resolveBet(betType, selection, wheel);
      if (!isResolved(r)) return { field: r.field, reason: r.error };
      return {
        evenChance: r.evenChance,
        chips: r.chips.map((c) => ({
          label: `${c.betType} ${c.pockets.length <= 6 ? c.pockets.map(pocketKey).join('-') : ''}`.trim(),
          labelPhrase: phrase('wheel.chip', {
            betType: term('betType', c.betType),
            pockets: c.pockets.length <= 6 ? c.pockets.map(pocketKey).join('-') : 'none',
          }),
          covered: c.pockets.map(pocketKey),
          units: c.units,
          odds: oddsFor(env.rulebook.payTable, c.pockets),
        })),
      };
    },
    offered: (betType, env) => env.rulebook.betTypes[betType] ?? null,
    zeroRule: (env) => optionOr(env, 'zeroOnEvenChances', env.rulebook.zeroOnEvenChances),
    zeros: (env) => wheelFor(env).zeros.map(pocketKey),
    prison: (env) => env.rulebook.prison!,
    betLimits: (bet, resolved, env) => layoutLimits(bet, resolved, env),
    describeResult: (key, env) => describePocket(key, env),
    describeResultPhrase: (key, env) => pocketPhrase(key, env),
    refuseOptions: (options, rulebook) => {
      if (rulebook.limits.kind === 'tiers' && options.maximumTier !== undefined && !rulebook.limits.tiers.value.includes(Number(options.maximumTier)))
        return {
          field: 'options.maximumTier',
          reason: `${rulebook.jurisdiction} allows the tiers ${rulebook.limits.tiers.value.join(', ')} (${rulebook.limits.tiers.cite})`,
        };
      if (rulebook.limits.kind === 'tiers' && options.evenChanceMinimum !== undefined) {
        const upTo = rulebook.limits.evenChanceMinimumUpTo;
        const v = Number(options.evenChanceMinimum);
        if (!upTo || !(v >= 1 && v <= upTo.value))
          return {
            field: 'options.evenChanceMinimum',
            reason: upTo ? `must be 1 to ${upTo.value} × the minimum (${upTo.cite})` : `${rulebook.jurisdiction} sets no separate even-chance minimum`,
          };
      }
      if (rulebook.limits.kind === 'ranges') {
        for (const [name, range] of [
          ['straightMaximum', rulebook.limits.straight],
          ['evenChanceMaximum', rulebook.limits.evenChances],
        ] as const) {
          const v = options[name];
          if (v !== undefined && !(Number(v) >= range.value[0] && Number(v) <= range.value[1]))
            return { field: `options.${name}`, reason: `must be ${range.value[0]} to ${range.value[1]} × the minimum (${range.cite})` };
        }
      }
      if (options.zeroOnEvenChances !== undefined && !['half-back', 'lose'].includes(String(options.zeroOnEvenChances)))
        return { field: 'options.zeroOnEvenChances', reason: 'must be "half-back" (index.md OQ-47) or "lose"' };
      if (options.wheel !== undefined && !['single-zero', 'double-zero'].includes(String(options.wheel)))
        return { field: 'options.wheel', reason: 'must be "single-zero" (index.md OQ-48) or "double-zero"' };
      return null;
    },
    randomBet: (random, env) => {
      const wheel = wheelFor(env);
      const offered = Object.keys(env.rulebook.betTypes);
      const betType = offered[Math.floor(random() * offered.length)];
      const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
      if ((INSIDE_BETS as readonly string[]).includes(betType)) {
        const positions = allInside(betType as (typeof INSIDE_BETS)[number], wheel);
        return { betType, selection: pickOf(positions) as Pocket[] };
      }
      if (betType === 'column' || betType === 'dozen') return { betType, selection: 1 + Math.floor(random() * 3) };
      if (betType === 'two-columns' || betType === 'two-dozens')
        return {
          betType,
          selection: pickOf([
            [1, 2],
            [2, 3],
          ]),
        };
      if (betType === 'neighbours') return { betType, selection: pickOf(wheel.order) };
      return { betType };
    },
    // every real selection; `houseEdges` values one per shape
    edgeSelections: (betType, env) => {
      const wheel = wheelFor(env);
      const each = (xs: readonly unknown[]) => xs.map((selection) => ({ selection }));
      if ((INSIDE_BETS as readonly string[]).includes(betType)) return each(allInside(betType as (typeof INSIDE_BETS)[number], wheel));
      if (betType === 'column' || betType === 'dozen') return each([1, 2, 3]);
      if (betType === 'two-columns' || betType === 'two-dozens')
        return each([
          [1, 2],
          [2, 3],
        ]);
      if (betType === 'neighbours') return each(wheel.order);
      return [{}];
    },
  };
}

export const layoutGame = <R extends LayoutRulebook>(game: string, rulebooks: Partial<Record<JurisdictionId, R>>) => spinGame(layoutAdapter(game, rulebooks));
