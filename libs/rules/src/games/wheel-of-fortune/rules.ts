/**
 * Wheel of fortune: one `segment` bet per combination; the pointer's cell is `WheelSpun.result` (the
 * combination's name: "24", "joker", "red-joker", "40"…). Shares the wheels engine with the roulettes.
 */
import type { RoundEnv } from '../../core/game';
import { optionCite } from '../../core/game';
import { optionOr } from '../../core/roulette';
import type { Cited, Refusal } from '../../core/types';
import { SpinAdapter, SpinBet, spinGame } from '../../core/wheel-game';
import { WHEEL_OF_FORTUNE_RULEBOOKS, WheelOfFortuneRulebook } from './rulebook';

type Env = RoundEnv<WheelOfFortuneRulebook>;

/** "24", 24 or ["24"] → "24" when this wheel has that combination. */
function segmentOf(raw: unknown, env: Env): string | null {
  const v = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const key = String(v);
  return Object.prototype.hasOwnProperty.call(env.rulebook.segments, key) ? key : null;
}

/** The pay of a combination, under the session's pay table option (index.md OQ-04). */
export function segmentPays(key: string, env: Env): Cited<number> {
  const literal = env.rulebook.literalPays?.[key];
  if (literal && optionOr(env, 'payTable', { value: 'standard', cite: '' }).value === 'literal')
    return { value: literal.value, cite: `${literal.cite}; ${optionCite(env, 'payTable')}` };
  return env.rulebook.segments[key].pays;
}

const adapter: SpinAdapter<WheelOfFortuneRulebook> = {
  game: 'wheel-of-fortune',
  rulebooks: WHEEL_OF_FORTUNE_RULEBOOKS,
  vocabulary: ['segment'],
  parseResult: (raw, env) => segmentOf(raw, env),
  results: (env) => Object.entries(env.rulebook.segments).map(([key, s]) => ({ key, weight: s.cells.value, value: key })),
  resolve: (betType, selection, env): SpinBet | Refusal => {
    if (betType !== 'segment') return { field: 'data.betType', reason: `${betType} is not a wheel-of-fortune bet (segment)` };
    const key = segmentOf(selection, env);
    if (key === null)
      return { field: 'data.selection', reason: `${JSON.stringify(selection)} is not a combination of this wheel (${Object.keys(env.rulebook.segments).join(', ')})` };
    return { evenChance: false, chips: [{ label: `combination ${key}`, covered: [key], units: 1, odds: segmentPays(key, env) }] };
  },
  offered: (betType, env) => (betType === 'segment' ? env.rulebook.source : null),
  betLimits: (bet, _resolved, env) => {
    const limits = env.ctx.limits;
    const typed = limits[bet.betType];
    const min = { amount: limits.min, rule: 'wheel-of-fortune/table-minimum', citation: 'TableSessionOpened.limits (contract §3)' };
    if (typeof typed === 'number') return { min, max: { amount: typed, rule: 'wheel-of-fortune/bet-type-maximum', citation: `TableSessionOpened.limits.${bet.betType}` } };
    const multiple = env.rulebook.maximumMultiple;
    if (multiple && multiple.value * limits.min < limits.max)
      return { min, max: { amount: multiple.value * limits.min, rule: 'wheel-of-fortune/maximum', citation: `${multiple.cite}: ${multiple.value} × the minimum ${limits.min}` } };
    return { min, max: { amount: limits.max, rule: 'wheel-of-fortune/table-maximum', citation: 'TableSessionOpened.limits (contract §3)' } };
  },
  randomBet: (random, env) => {
    const keys = Object.keys(env.rulebook.segments);
    return { betType: 'segment', selection: keys[Math.floor(random() * keys.length)] };
  },
  describeResult: (key, env) => `combination ${key} (${env.rulebook.segments[key]?.cells.value ?? '?'} of ${env.rulebook.cells.value} cells)`,
  refuseOptions: (options, rulebook) => {
    const v = options.payTable;
    if (v === undefined) return null;
    const allowed = rulebook.literalPays ? ['standard', 'literal'] : ['as-printed'];
    return allowed.includes(String(v)) ? null : { field: 'options.payTable', reason: `${rulebook.jurisdiction} allows payTable ${allowed.join(' or ')}` };
  },
};

export const wheelOfFortune = spinGame(adapter);
