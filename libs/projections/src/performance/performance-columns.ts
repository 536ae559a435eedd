/**
 * What the performance read model's JSON columns hold, and the levels of its sums: plain types, apart from the fold
 * and the findings that use them, so that the tables' entities (performance.entity.ts) name them without an import
 * circle. performance-fold.ts and performance-findings.ts export them as before.
 */

export type PerformanceLevel = 'casino' | 'table' | 'croupier' | 'session';

export interface OpenBet {
  readonly round: string;
  readonly seat: number;
  readonly stake: number;
  readonly betType: string;
  readonly selection?: unknown;
}

/** A bet's result in the round that settles it (several settlements, one per split hand, summed). */
export interface SettledBet {
  readonly betId: string;
  readonly stake: number;
  readonly betType: string;
  readonly selection?: unknown;
  /** what the house kept (negative: it paid) */
  win: number;
  /** placed in this round (only then does the round's law hold it) */
  readonly placedHere: boolean;
  /** every settlement so far was `void` */
  voided: boolean;
  /** settled `prison` without a figure to value it */
  unpriced?: boolean;
}

export interface OpenRound {
  croupier: string | null;
  /** the croupier comes from a CroupierChanged, not from the opening staff */
  recorded: boolean;
  /** `seat:hand` of the hands doubled in this round */
  doubled: string[];
  settled: Record<string, SettledBet>;
}

export interface PerformanceSettings {
  /** Benjamini–Hochberg's false discovery rate */
  readonly fdr: number;
  readonly minRounds: number;
  /** the leak the CUSUM looks for, a share of the handle */
  readonly leak: number;
  /** an honest CUSUM's average run in gaming days */
  readonly alarmDays: number;
}

export interface PerformanceFinding {
  readonly kind: 'improbable-result';
  readonly level: Exclude<PerformanceLevel, 'casino'>;
  readonly subject: string;
  readonly tableId: string | null;
  readonly games: string[];
  readonly rounds: number;
  readonly handle: number;
  readonly actualWin: number;
  readonly theoreticalWin: number;
  readonly sd: number;
  readonly z: number;
  readonly p: number;
  /** Benjamini–Hochberg's adjusted p within the family (the day's sessions, tables or croupiers) */
  readonly adjustedP: number;
  /** how many of the family were tested */
  readonly tested: number;
  readonly fdr: number;
  /**
   * how many of the family Benjamini–Hochberg found (before the house-above results of best-decision bets are
   * set aside), and its threshold for the family, discoveries / tested × fdr: a p at or below it is a finding
   * (the step-up procedure finds exactly the `discoveries` smallest p). Absent on a day last judged before they
   * were kept (its next fact, or a rebuild, judges it again)
   */
  readonly discoveries?: number;
  readonly threshold?: number;
  /** 'house-below': the house won less than its edge makes likely (a leak, an advantage); 'house-above': more */
  readonly direction: 'house-below' | 'house-above';
  readonly message: string;
}

/** One completed gaming day of a table or croupier, as the CUSUM reads it (the bets with a figure). */
export interface CusumPeriod {
  readonly day: string;
  readonly rounds: number;
  readonly handle: number;
  readonly theoreticalWin: number;
  readonly actualWin: number;
  readonly variance: number;
  /** the part of `variance` that is the Cauchy–Schwarz bound, not the round's exact law (absent: none) */
  readonly boundedVariance?: number;
}
