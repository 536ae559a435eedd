/**
 * Wheel of fortune: one `segment` bet per combination; the pointer's cell is `WheelSpun.result` (the
 * combination's name: "24", "joker", "red-joker", "40"…). Shares the wheels engine with the roulettes.
 */
import type { RoundEnv } from '../../core/game';
import { optionCite } from '../../core/game';
import { optionOr } from '../../core/roulette';
import type { Cited, Refusal } from '../../core/types';
import { SpinAdapter, SpinBet, spinGame } from '../../core/wheel-game';
import { Segment, rulebooks, WheelOfFortuneRulebook } from './rulebook';

type Env = RoundEnv<WheelOfFortuneRulebook>;

/**
 * The combinations of this wheel under the session's options: euskadi's `jokerBet: "both-jokers"` replaces
 * the two one-cell jokers by the literal single bet on both (issue 14 §1.4). Made once per rulebook and options.
 */
const segmentsMemo = new WeakMap<object, WeakMap<object, Readonly<Record<string, Segment>>>>();
export function segmentsOf(env: Env): Readonly<Record<string, Segment>> {
  const rb = env.rulebook;
  if (!rb.literalJoker || env.options.jokerBet !== 'both-jokers') return rb.segments;
  let byOptions = segmentsMemo.get(rb);
  if (!byOptions) segmentsMemo.set(rb, (byOptions = new WeakMap()));
  let segments = byOptions.get(env.options);
  if (!segments) {
    const kept = Object.entries(rb.segments).filter(([key]) => !rb.literalJoker!.replaces.includes(key));
    segments = Object.freeze({ ...Object.fromEntries(kept), ...rb.literalJoker.segments });
    byOptions.set(env.options, segments);
  }
  return segments;
}

/** "24", 24 or ["24"] → "24" when this wheel has that combination. */
function segmentOf(raw: unknown, env: Env): string | null {
  const v = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const key = String(v);
  return Object.prototype.hasOwnProperty.call(segmentsOf(env), key) ? key : null;
}

/** The pay of a combination, under the session's pay table option (docs/decisions/open-questions.md#oq-04). */
export function segmentPays(key: string, env: Env): Cited<number> {
  const literal = env.rulebook.literalPays?.[key];
  if (literal && optionOr(env, 'payTable', { value: 'standard', cite: '' }).value === 'literal')
    return { value: literal.value, cite: `${literal.cite}; ${optionCite(env, 'payTable')}` };
  const pays = segmentsOf(env)[key].pays;
  return env.rulebook.literalJoker?.segments[key] ? { value: pays.value, cite: `${pays.cite}; ${optionCite(env, 'jokerBet')}` } : pays;
}

const adapter: SpinAdapter<WheelOfFortuneRulebook> = {
  game: 'wheel-of-fortune',
  rulebooks,
  vocabulary: ['segment'],
  parseResult: (raw, env) => segmentOf(raw, env),
  results: (env) => Object.entries(segmentsOf(env)).map(([key, s]) => ({ key, weight: s.cells.value, value: key })),
  resolve: (betType, selection, env): SpinBet | Refusal => {
    if (betType !== 'segment') return { field: 'data.betType', reason: `${betType} is not a wheel-of-fortune bet (segment)` };
    const key = segmentOf(selection, env);
    if (key === null)
      return {
        field: 'data.selection',
        reason: `${JSON.stringify(selection)} is not a combination of this wheel (${Object.keys(segmentsOf(env)).join(', ')})`,
      };
    return { evenChance: false, chips: [{ label: `combination ${key}`, covered: [key], units: 1, odds: segmentPays(key, env) }] };
  },
  offered: (betType, env) => (betType === 'segment' ? env.rulebook.source : null),
  betLimits: (bet, _resolved, env) => {
    const limits = env.ctx.limits;
    const typed = limits[bet.betType];
    const min = { amount: limits.min, rule: 'wheel-of-fortune/table-minimum', citation: 'TableSessionOpened.limits (contract §3)' };
    if (typeof typed === 'number')
      return { min, max: { amount: typed, rule: 'wheel-of-fortune/bet-type-maximum', citation: `TableSessionOpened.limits.${bet.betType}` } };
    const multiple = env.rulebook.maximumMultiple;
    if (multiple && multiple.value * limits.min < limits.max)
      return {
        min,
        max: {
          amount: multiple.value * limits.min,
          rule: 'wheel-of-fortune/maximum',
          citation: `${multiple.cite}: ${multiple.value} × the minimum ${limits.min}`,
        },
      };
    return { min, max: { amount: limits.max, rule: 'wheel-of-fortune/table-maximum', citation: 'TableSessionOpened.limits (contract §3)' } };
  },
  randomBet: (random, env) => {
    const keys = Object.keys(segmentsOf(env));
    return { betType: 'segment', selection: keys[Math.floor(random() * keys.length)] };
  },
  // each combination is its own figure (the jokers too), so a finding names the combination
  edgeSelections: (_betType, env) => Object.keys(segmentsOf(env)).map((key) => ({ selection: key, shape: key })),
  describeResult: (key, env) => `combination ${key} (${segmentsOf(env)[key]?.cells.value ?? '?'} of ${env.rulebook.cells.value} cells)`,
  refuseOptions: (options, rulebook) => {
    const v = options.payTable;
    const allowed = rulebook.literalPays ? ['standard', 'literal'] : ['as-printed'];
    if (v !== undefined && !allowed.includes(String(v)))
      return { field: 'options.payTable', reason: `${rulebook.jurisdiction} allows payTable ${allowed.join(' or ')}` };
    const joker = options.jokerBet;
    const jokers = rulebook.literalJoker ? ['each-joker', 'both-jokers'] : [];
    if (joker !== undefined && !jokers.includes(String(joker)))
      return {
        field: 'options.jokerBet',
        reason: jokers.length ? `${rulebook.jurisdiction} allows jokerBet ${jokers.join(' or ')}` : `${rulebook.jurisdiction} has no jokerBet option`,
      };
    return null;
  },
};

export const rules = spinGame(adapter);
