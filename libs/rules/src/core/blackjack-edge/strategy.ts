/**
 * Basic strategy for the house-edge sampler (issue 14 §5): the total-dependent play that maximises the
 * expected return of each decision in an infinite shoe, under the table's own rules (European no hole card:
 * the dealer's blackjack takes doubled and split stakes too; soft 17 stands or draws; surrender before the
 * first third card, never against an ace; doubles on any two cards or on 9–11 only; an ace counted 1 in a
 * doubled hand where euskadi's reading says so, docs/decisions/open-questions.md#oq-12; split aces take one card).
 *
 * The strategy only chooses the player's decisions: every amount the sampler counts comes from the game's own
 * `settle`. A slightly sub-optimal choice (no resplit in the split values, totals instead of compositions) costs
 * the player a few hundredths of a percent, the "total-dependent basic strategy" of the published figures.
 */
import type { Card } from '../cards';
import { pipValue } from '../cards';

export type Action = 'stand' | 'hit' | 'double' | 'split' | 'surrender';

export interface StrategyRules {
  readonly hitSoft17: boolean;
  /** surrender allowed (never against a dealer ace) */
  readonly surrender: boolean;
  /** a doubled hand counts its aces 1 (docs/decisions/open-questions.md#oq-12) */
  readonly doubleAceCountsOne: boolean;
  /** doubling allowed at all, and on which hard totals (null: any) */
  readonly doubles: boolean;
  readonly doubleOnTotals: readonly number[] | null;
  readonly doubleAfterSplit: boolean;
  readonly splits: boolean;
  /** most hands a box may be split into */
  readonly maxHands: number;
}

/** What the player knows when he decides. */
export interface Decision {
  readonly cards: readonly Card[];
  /** the dealer's first card, 1 (ace) … 10 */
  readonly up: number;
  readonly fromSplit: boolean;
  /** hands the box holds now (splits) */
  readonly hands: number;
}

const P = (v: number): number => (v === 10 ? 4 / 13 : 1 / 13);
const best = (hard: number, ace: boolean): number => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/** The dealer's final outcomes for an up card: index 0–4 = 17–21, 5 = bust, 6 = blackjack. */
export function dealerOutcomes(up: number, hitSoft17: boolean): Float64Array {
  const memo = new Map<number, Float64Array>();
  const draw = (hard: number, ace: boolean, cards: number): Float64Array => {
    const key = hard * 8 + (ace ? 4 : 0) + Math.min(cards, 3);
    const known = memo.get(key);
    if (known) return known;
    const out = new Float64Array(7);
    const total = best(hard, ace);
    const soft = ace && hard + 10 <= 21;
    if (cards === 2 && total === 21) out[6] = 1;
    else if (hard > 21) out[5] = 1;
    else if (total >= 17 && !(hitSoft17 && soft && total === 17)) out[total - 17] = 1;
    else {
      for (let v = 1; v <= 10; v++) {
        const next = draw(hard + v, ace || v === 1, cards + 1);
        for (let i = 0; i < 7; i++) out[i] += P(v) * next[i];
      }
    }
    memo.set(key, out);
    return out;
  };
  return draw(up, up === 1, 1);
}

/** The strategy for a rule set: one decision function, its values memoised per up card. */
export function basicStrategy(rules: StrategyRules): (d: Decision) => Action {
  const byUp = Array.from({ length: 11 }, (_, up) => (up ? upCard(up, rules) : null));
  return (d) => byUp[d.up]!(d);
}

function upCard(up: number, rules: StrategyRules): (d: Decision) => Action {
  const dealer = dealerOutcomes(up, rules.hitSoft17);
  /** a finished hand's value against the dealer (not a blackjack: the dealer's blackjack beats it) */
  const stand = (total: number): number => {
    let ev = dealer[5] - dealer[6];
    for (let k = 17; k <= 21; k++) ev += dealer[k - 17] * Math.sign(total - k);
    return ev;
  };
  const hs = new Map<number, number>();
  /** best of hitting and standing from here on */
  const hitOrStand = (hard: number, ace: boolean): number => {
    if (hard > 21) return -1;
    const key = hard * 2 + (ace ? 1 : 0);
    let ev = hs.get(key);
    if (ev === undefined) {
      const total = best(hard, ace);
      ev = total >= 21 ? stand(total) : Math.max(stand(total), hit(hard, ace));
      hs.set(key, ev);
    }
    return ev;
  };
  const hit = (hard: number, ace: boolean): number => {
    let ev = 0;
    for (let v = 1; v <= 10; v++) ev += P(v) * hitOrStand(hard + v, ace || v === 1);
    return ev;
  };
  const double = (hard: number, ace: boolean): number => {
    let ev = 0;
    for (let v = 1; v <= 10; v++) {
      const h = hard + v;
      ev += P(v) * (h > 21 ? -1 : stand(rules.doubleAceCountsOne ? h : best(h, ace || v === 1)));
    }
    return 2 * ev;
  };
  const mayDouble = (hard: number, fromSplit: boolean) =>
    rules.doubles && (!fromSplit || rules.doubleAfterSplit) && (!rules.doubleOnTotals || rules.doubleOnTotals.includes(hard));
  /** one hand after a split, from its first card (no resplit in the value) */
  const splitHand = (c: number): number => {
    let ev = 0;
    for (let v = 1; v <= 10; v++) {
      const hard = c + v;
      const ace = c === 1 || v === 1;
      if (c === 1) ev += P(v) * stand(best(hard, true));
      else ev += P(v) * Math.max(hitOrStand(hard, ace), mayDouble(hard, true) ? double(hard, ace) : -Infinity);
    }
    return ev;
  };

  return (d) => {
    const values = d.cards.map(pipValue);
    const hard = values.reduce((t, v) => t + v, 0);
    const ace = values.includes(1);
    const total = best(hard, ace);
    if (total >= 21) return 'stand';
    if (d.cards.length > 2) return hit(hard, ace) > stand(total) ? 'hit' : 'stand';
    let action: Action = hit(hard, ace) > stand(total) ? 'hit' : 'stand';
    let ev = Math.max(hit(hard, ace), stand(total));
    if (mayDouble(hard, d.fromSplit) && double(hard, ace) > ev) [action, ev] = ['double', double(hard, ace)];
    const pair = values[0] === values[1];
    if (rules.splits && pair && d.hands < rules.maxHands && 2 * splitHand(values[0]) > ev) [action, ev] = ['split', 2 * splitHand(values[0])];
    if (rules.surrender && !d.fromSplit && up !== 1 && -0.5 > ev) action = 'surrender';
    return action;
  };
}
