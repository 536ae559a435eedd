/**
 * How a game's rules state what they find and what they expect a settlement to be (issue 22 §3): one helper for
 * every game, each field named, so that an `expected` swapped with a `recorded`, or a message given where a
 * citation belongs, is a wrong field name the compiler sees, never a silent change of position.
 */
import type { Phrase, Said } from './phrase';
import type { DiscrepancyCode, ExpectedSettlement, Finding, SettlementOutcome, Undecided } from './types';

/** A finding as a game's rules word it; `rule` is the rule's name within the game (`<game>/` is added). */
export interface FindingOf {
  readonly code: DiscrepancyCode;
  readonly rule: string;
  readonly citation: string;
  readonly message: string;
  readonly expected: unknown;
  readonly recorded: unknown;
  /** the bet found at fault, where one is */
  readonly betId?: string;
  /** the message as a phrase of the narrative catalogue (`finding.*`), for the other languages (issue 16): every finding says it */
  readonly messagePhrase: Phrase;
}

/** A settlement the rules expect; `rule` is the rule's name within the game (`<game>/` is added). */
export interface SettlementOf {
  readonly outcome: SettlementOutcome;
  readonly payout: number;
  readonly rule: string;
  readonly citation: string;
  readonly explanation: string;
  /** the explanation as a phrase of the narrative catalogue, for the other languages (issue 16) */
  readonly explanationPhrase?: Phrase;
  /** commission due on the bet, where the game takes one from the winnings (pai gow) */
  readonly commission?: number;
}

/**
 * What the shared settlement builders (core/poker/bank.ts, core/dice.ts) are told of a bet a game settles: the rule
 * named in full (`<game>/<rule>`), its lines and the reason (the game's English, or a phrase), each field named.
 */
export interface SettledBy {
  readonly rule: string;
  readonly citation: string;
  readonly why: string | Said;
}

/** The finding and settlement builders of one game, its rule names under `<game>/`. */
export interface GameFindings {
  finding(f: FindingOf): Finding;
  expectedSettlement(s: SettlementOf): ExpectedSettlement;
}

export function findingsOf(game: string): GameFindings {
  return {
    finding: (f) => findingNamed({ ...f, rule: `${game}/${f.rule}` }),
    expectedSettlement: (s) => settlementNamed({ ...s, rule: `${game}/${s.rule}` }),
  };
}

/**
 * A finding whose `rule` is already named in full (`<game>/<rule>`): for the shared parts a game hands its rule
 * names to (a bank-poker deal's card counts, `core/poker/bank.ts`); a game's own rules use `findingsOf`.
 */
export const findingNamed = ({ code, rule, citation, message, expected, recorded, betId, messagePhrase }: FindingOf): Finding => ({
  code,
  rule,
  citation,
  message,
  expected,
  recorded,
  ...(betId ? { betId } : {}),
  messagePhrase,
});

/**
 * An expected settlement whose `rule` is already named in full (`<game>/<rule>`): for the shared settlement
 * builders a game hands its rule names to (`core/poker/bank.ts`, `core/dice.ts`); a game's own rules use `findingsOf`.
 */
export const settlementNamed = ({ outcome, payout, rule, citation, explanation, explanationPhrase, commission }: SettlementOf): ExpectedSettlement => ({
  outcome,
  payout,
  rule,
  citation,
  explanation,
  ...(explanationPhrase ? { explanationPhrase } : {}),
  ...(commission === undefined ? {} : { commission }),
});

/** The outcome does not decide the bet yet: `reason` says what is still to come. */
export const undecided = (reason: string): Undecided => ({ undecided: true, reason });
