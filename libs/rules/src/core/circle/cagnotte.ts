/**
 * The house benefit of a circle-poker table (the cagnotte) in each of its three modes: a percentage of each pot,
 * a fee per player at the first interval, or a session fee per seat (docs/games/circle-poker.md "House
 * benefit", index.md OQ-10). What the house was due for a hand, and the session fees recorded and judged.
 */
import { optionCite } from '../game';
import { findingsOf } from '../findings';
import { applyRate } from '../money';
import { amount, phrase } from '../phrase';
import type { ExpectedLevy, Fact, Finding } from '../types';
import { CircleEnv, optionsOf } from './options';
import { awardHand } from './showdown';
import { CircleState, CircleVariant, seatKey } from './state';

/** A session fee's base: the seat's resto, or the table maximum (option sessionFeeBase, index.md OQ-10). */
export function feeBase(st: CircleState, seat: number, recorded: number, env: CircleEnv): number {
  const o = optionsOf(env);
  if (o.sessionFeeBase === 'resto') return st.seats[seatKey(seat)]?.resto ?? recorded;
  return Number(env.ctx.limits.max);
}

/** What the house takes from this hand in the session's mode (a blank hand's pot is levied when it is won). */
export function expectedCagnotte(variant: CircleVariant, st: CircleState, env: CircleEnv): ExpectedLevy {
  const rule = (r: string) => `${variant.game}/${r}`;
  const o = optionsOf(env);
  const unit = env.ctx.smallestChip;
  if (o.cagnotteMode === 'per-player-hand-fee') {
    const n = st.order.length;
    const each = applyRate(Number(env.ctx.limits.min), Number(o.perPlayerFeeRate), unit);
    return {
      base: Number(env.ctx.limits.min) * n,
      amount: each * n,
      rule: rule('cagnotte-per-player-hand-fee'),
      citation: optionCite(env, 'perPlayerFeeRate'),
      explanation: `${o.perPlayerFeeRate * 100} % of the table minimum ${env.ctx.limits.min} = ${each} from each of ${n} players at the first interval`,
      explanationPhrase: phrase('finding.circle.levy.perPlayer', {
        percent: o.perPlayerFeeRate * 100,
        min: amount(Number(env.ctx.limits.min)),
        each: amount(each),
        players: n,
      }),
    };
  }
  if (o.cagnotteMode === 'session-fee') {
    const fee = st.fees.reduce((t, f) => t + applyRate(feeBase(st, f.seat, f.base, env), Number(o.sessionFeeRate), unit), 0);
    const base = st.fees.reduce((t, f) => t + feeBase(st, f.seat, f.base, env), 0);
    return {
      base,
      amount: fee,
      rule: rule('cagnotte-session-fee'),
      citation: `${optionCite(env, 'sessionFeeRate')}; index.md OQ-10`,
      explanation: `session fee ${o.sessionFeeRate * 100} % of the ${o.sessionFeeBase} for ${st.fees.length} seat(s) = ${fee}`,
      explanationPhrase: phrase('finding.circle.levy.sessionFee', {
        percent: o.sessionFeeRate * 100,
        base: String(o.sessionFeeBase),
        seats: st.fees.length,
        fee: amount(fee),
      }),
    };
  }
  if (st.handOver === 'blank') {
    return {
      base: 0,
      amount: 0,
      rule: rule('cagnotte-pot-percentage'),
      citation: optionCite(env, 'cagnotteRate'),
      explanation: 'blank hand: the pot passes to the next deal; the cagnotte is taken when it is won',
      explanationPhrase: phrase('finding.circle.levy.blank'),
    };
  }
  const award = awardHand(st, variant, env);
  return {
    base: award.potBase,
    amount: award.cagnotte,
    rule: rule('cagnotte-pot-percentage'),
    citation: `${optionCite(env, 'cagnotteRate')}${o.cagnotteCap !== null ? `; cap ${o.cagnotteCap} (${optionCite(env, 'cagnotteCap')})` : ''}`,
    explanation: `${Number(o.cagnotteRate) * 100} % of each pot (${award.pots.map((p) => `${p.gross} → ${p.cagnotte}`).join(', ')}), rounded down to the smallest chip ${unit}: ${award.cagnotte}`,
    explanationPhrase: phrase('finding.circle.levy.pots', {
      percent: Number(o.cagnotteRate) * 100,
      pots: { list: award.pots.map((p) => phrase('finding.circle.levy.pot', { gross: amount(p.gross), levy: amount(p.cagnotte) })) },
      unit: amount(unit),
      total: amount(award.cagnotte),
    }),
  };
}

/** A session fee charged where the table's house benefit is not a session fee. */
export function judgeSessionFee(variant: CircleVariant, fact: Fact, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data ?? {};
  if (optionsOf(env).cagnotteMode !== 'session-fee')
    return [
      finding({
        code: 'CAGNOTTE_MISMATCH',
        rule: 'session-fee',
        citation: optionCite(env, 'cagnotteMode'),
        expected: 'no session fee in this mode',
        recorded: Number(d.amount),
        message: `a session fee was charged but the table's house benefit is ${optionsOf(env).cagnotteMode}`,
        messagePhrase: phrase('finding.circle.sessionFee', { mode: String(optionsOf(env).cagnotteMode) }),
      }),
    ];
  return [];
}

/** A session fee folded into the hand: the house's due is computed from the fees recorded. */
export function chargeSessionFee(before: CircleState, fact: Fact): CircleState {
  const d = fact.data ?? {};
  return { ...before, fees: [...before.fees, { seat: Number(d.seat), base: Number(d.base ?? 0), amount: Number(d.amount ?? 0), eventId: fact.eventId }] };
}
