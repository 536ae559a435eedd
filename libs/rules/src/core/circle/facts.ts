/** The circle games' own facts (contract extensions), declared by kind: the engine accepts them and its parts read them typed. */
import { roundFact, type FactTypeSpec } from '../game';
import { field, optionalField } from '../fields';

export const CIRCLE_FACTS = {
  // seats: the seats dealt in, a list (refuseHandOpened checks the mano is one of them); restos: seat → resto in minor units
  HandOpened: roundFact("the seats dealt into the hand, the mano (button) and each seat's resto (stack) at the start of the hand", {
    mano: field('seat'),
    seats: field('any'),
    restos: optionalField('object'),
  }),
  PotAwarded: roundFact('a pot (0 = main, then side pots) paid after the cagnotte: its net amount and the seats sharing it', {
    potIndex: field('count'),
    seats: field('any'),
    amount: field('money'),
  }),
  SessionFeeCharged: roundFact('house benefit by session fee (cagnotteMode "session-fee"): a seat pays rate × base for the session (index.md OQ-10)', {
    seat: field('seat'),
    base: field('money'),
    amount: field('money'),
  }),
} satisfies Readonly<Record<string, FactTypeSpec>>;
