/**
 * What the simulator writes in its ground-truth manifest for each error it injects, and the kinds of error
 * each injector makes (errors.ts, session-compliance.ts, day-compliance.ts, equipment-bias.ts,
 * player-injections.ts). Types only, in a file of their own: the injectors and errors.ts both name them,
 * and errors.ts names every injector's kinds (issue 22 §3, no import circles).
 */
import type { DiscrepancyCode } from '../../rules/src';

/** a session rule broken (limit change, closing, suspension, bank deposit): session-compliance.ts */
export type SessionErrorKind =
  | 'unannounced-limit-change'
  | 'early-limit-change'
  | 'forbidden-limit-change'
  | 'unannounced-close'
  | 'round-after-last'
  | 'movement-while-suspended'
  | 'reopened-without-inspector'
  | 'suspended-last-hour'
  | 'no-bank-deposit'
  | 'short-circle-session';

/** a gaming-day rule broken (a jefe's tables, a craps table's dice, the cloths, a roulette left empty): day-compliance.ts */
export type DayErrorKind = 'overloaded-jefe' | 'dice-short' | 'dice-unmarked' | 'cloth-unnumbered' | 'cloth-before-close' | 'cloth-twice' | 'roulette-gap';

/** equipment only statistics can see: equipment-bias.ts */
export type EquipmentErrorKind = 'weighted-pocket' | 'weighted-sector' | 'loaded-die';

/** players and croupiers only statistics can see: player-injections.ts */
export type PlayerErrorKind = 'advantage-player' | 'favoured-player' | 'bets-recorded-smaller';

export type ErrorKind =
  | 'wrong-payout'
  | 'skipped-draw'
  | 'extra-draw'
  | 'wrong-cagnotte'
  | 'wrong-commission'
  | 'bet-after-close'
  | 'short-jackpot'
  | 'too-few-players'
  | 'count-variance'
  /** a session rule broken (limit change, closing, suspension, bank deposit): session-compliance.ts */
  | SessionErrorKind
  /** a gaming-day rule broken (a jefe's tables, a craps table's dice): day-compliance.ts */
  | DayErrorKind
  /** equipment only statistics can see (a weighted pocket or sector, a loaded die): equipment-bias.ts */
  | EquipmentErrorKind
  /** players and croupiers only statistics can see (a counter, a croupier's favourite, bets recorded smaller): player-injections.ts */
  | PlayerErrorKind;

export interface InjectedError {
  readonly kind: ErrorKind;
  readonly sessionId: string;
  readonly roundId?: string;
  readonly betId?: string;
  /** what must find it: the rules (on replay), the reconciliation of counts, or the session's own verdict */
  readonly detector: 'rules' | 'reconciliation' | 'session' | 'day' | 'statistics';
  /** for a session violation: the finding's rule (`session/…`) */
  readonly rule?: string;
  readonly expectedCode: DiscrepancyCode | 'COUNT_VARIANCE' | 'EQUIPMENT_BIAS' | 'ADVANTAGE_PLAY' | 'IMPROBABLE_RESULT';
  /** equipment: the table whose wheel or dice it is (the bias lasts across its sessions), and the test that must find it */
  readonly tableId?: string;
  /**
   * statistics: the test that must find it — the equipment's (pockets, sectors, faces), the players' stakes
   * against the count, the performance findings of a croupier or a table (house below its edge)
   */
  readonly test?: 'pockets' | 'sectors' | 'faces' | 'count-correlation' | 'croupier-result' | 'table-result';
  /** the player reference (admission number) the injection concerns */
  readonly playerRef?: string;
  /** the croupier the injection concerns */
  readonly croupierId?: string;
  readonly description: string;
  /**
   * What the error also causes later at the same table, which the rules rightly report there too:
   * an extra card drawn from the shoe makes a later copy of it one too many (CARD_COUNT_EXCEEDED);
   * a coup whose outcome the error changed changes who holds the bank next (SEQUENCE_VIOLATION); an extra
   * card brings the shoe's cut card out one card earlier, so a later coup may begin after it (rule
   * `<game>/cut-card-reached`).
   */
  readonly consequences?: ReadonlyArray<{
    readonly code: DiscrepancyCode;
    readonly scope: 'later-rounds' | 'next-round';
    readonly card?: string;
    readonly rule?: string;
  }>;
}
