/**
 * A circle-poker session's options (TableSessionOpened.options): read from the round's env, and refused when the
 * jurisdiction's rulebook does not allow them (the house-benefit modes and rates, the split, the direction of
 * play, the betting structure, the deck, the forced bets). Every module of the engine reads them through here.
 */
import type { RoundEnv } from '../game';
import type { Refusal } from '../types';
import type { CircleOptions, CircleRulebook } from './rulebook';

export type CircleEnv = RoundEnv<CircleRulebook>;

/** The session's options, with the rulebook's defaults already filled in by the env. */
export const optionsOf = (env: CircleEnv) => env.options as unknown as CircleOptions;

/** The first option the rulebook does not allow, or null. */
export function refuseCircleOptions(options: Readonly<Record<string, unknown>>, rulebook: CircleRulebook): Refusal | null {
  const mode = options.cagnotteMode;
  if (mode !== undefined && !rulebook.cagnotteModes.value.includes(mode as never))
    return {
      field: 'options.cagnotteMode',
      reason: `${rulebook.jurisdiction} allows ${rulebook.cagnotteModes.value.join(', ')} (${rulebook.cagnotteModes.cite})`,
    };
  const rate = options.cagnotteRate;
  if (rate !== undefined && (typeof rate !== 'number' || rate < 0 || rate > rulebook.maxCagnotteRate.value))
    return { field: 'options.cagnotteRate', reason: `at most ${rulebook.maxCagnotteRate.value} (${rulebook.maxCagnotteRate.cite})` };
  const range = (name: string, r: readonly [number, number] | null, cite: string): Refusal | null => {
    const v = options[name];
    if (v === undefined) return null;
    if (!r) return { field: `options.${name}`, reason: `${rulebook.jurisdiction} has no such house benefit (${cite})` };
    return typeof v === 'number' && v >= r[0] && v <= r[1] ? null : { field: `options.${name}`, reason: `between ${r[0]} and ${r[1]} (${cite})` };
  };
  const fee =
    range('sessionFeeRate', rulebook.sessionFeeRange.value, rulebook.sessionFeeRange.cite) ??
    range('perPlayerFeeRate', rulebook.perPlayerFeeRange.value, rulebook.perPlayerFeeRange.cite);
  if (fee) return fee;
  if (options.splitPot !== undefined && !['equal', 'proportional-to-resto'].includes(String(options.splitPot)))
    return { field: 'options.splitPot', reason: 'equal or proportional-to-resto (index.md OQ-08)' };
  if (options.direction !== undefined && !['clockwise', 'counter-clockwise'].includes(String(options.direction)))
    return { field: 'options.direction', reason: 'clockwise or counter-clockwise (index.md OQ-40)' };
  if (options.structure !== undefined && !['no-limit', 'pot-limit', 'split-limit', 'fixed'].includes(String(options.structure)))
    return { field: 'options.structure', reason: 'no-limit, pot-limit, split-limit or fixed (euskadi L11233–11243)' };
  if (options.deckSize !== undefined && !rulebook.deckSizes.value.includes(options.deckSize as number))
    return { field: 'options.deckSize', reason: `this game is played with ${rulebook.deckSizes.value.join(' or ')} cards (${rulebook.deckSizes.cite})` };
  if (options.forcedBets !== undefined && !['ante', 'blinds', 'openings'].includes(String(options.forcedBets)))
    return { field: 'options.forcedBets', reason: 'ante, blinds or openings' };
  return null;
}
