/**
 * A circle-poker hand as the judge shows it: the state described (mano, pot, boards, the interval in progress,
 * each seat's cards and money, the award once the hand is decided) and a fact narrated in a line.
 */
import { listField } from '../game';
import type { Fact } from '../types';
import type { CircleEnv } from './options';
import { awardHand } from './showdown';
import { CircleState, CircleVariant, holeCards, seatKey, totalPot } from './state';

export function describeHand(variant: CircleVariant, st: CircleState, env: CircleEnv) {
  const award = st.handOver && st.handOver !== 'blank' ? awardHand(st, variant, env) : null;
  return {
    mano: st.mano,
    pot: totalPot(st),
    board: variant.boards === 2 ? st.boards : st.boards[0],
    phase: st.phase,
    interval: st.interval ? { index: st.interval.index + 1, turn: st.interval.turn, toMatch: st.interval.toMatch } : null,
    seats: st.order.map((s) => {
      const x = st.seats[seatKey(s)];
      return {
        seat: s,
        cards: holeCards(x),
        contributed: x.contributed,
        folded: x.folded,
        allIn: x.allIn,
        hand: award?.hands.get(s)?.name,
        receives: award?.received.get(s),
      };
    }),
    handOver: st.handOver,
    pots: award?.pots.map((p) => ({
      index: p.index,
      gross: p.gross,
      cagnotte: p.cagnotte,
      net: p.net,
      eligible: p.eligible,
      shares: Object.fromEntries(p.shares),
    })),
  };
}

/** A circle fact in a line (undefined: the common narration). */
export function narrateFact(fact: Fact, before: CircleState, after: CircleState): string | undefined {
  const d = fact.data ?? {};
  if (fact.type === 'HandOpened') return `hand opened: seats ${listField(d.seats).join(', ')}, mano at seat ${d.mano}`;
  if (fact.type === 'PotAwarded') return `pot ${d.potIndex} (${d.amount}) to seat ${listField(d.seats).join(' and ')}`;
  if (fact.type === 'PlayerDecision' && d.decision === 'draw') return `seat ${d.seat} changes ${listField(d.discards).length} card(s)`;
  if (fact.type === 'PlayerDecision') {
    const closed = before.interval && !after.interval ? ' — the betting interval closes' : '';
    return `seat ${d.seat} ${d.decision}${d.amount ? ' ' + d.amount : ''} (pot ${totalPot(after)})${closed}`;
  }
  return undefined;
}
