/**
 * The performance read model's tables (issue 21 §2–§3, migrations 1764500000000–1): each one's one definition and
 * its rows' type (property names are the column names). Figures in minor units as double precision: the
 * theoretical win and the variance are not whole.
 */
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CusumState } from '../../../statistics/src';
import { bigintNumber } from '../upsert';
import type { CusumPeriod, OpenBet, OpenRound, PerformanceFinding, PerformanceLevel, PerformanceSettings } from './performance-columns';

const position = { ...bigintNumber, default: 0 };
const figure = { type: 'double precision', default: 0 } as const;
const count = { type: 'integer', default: 0 } as const;

/** A table session as the fold carries it between batches: its design, its croupier, the bets and rounds still open. */
@Entity({ name: 'performance_sessions' })
export class PerformanceSessionEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  @Column({ type: 'double precision', default: 1 }) smallest_chip: number;
  /** 'cagnotte': the house is no party to the bets (circle poker) */
  @Column({ type: 'text', nullable: true }) house_income: string | null;
  @Column({ type: 'text', nullable: true }) croupier_id: string | null;
  /** a CroupierChanged not yet in effect: from the next round started */
  @Column({ type: 'jsonb', nullable: true }) croupier_change: { croupierId: string; roundId?: string } | null;
  @Column({ type: 'jsonb', default: {} }) open_bets: Record<string, OpenBet>;
  @Column({ type: 'jsonb', default: {} }) open_rounds: Record<string, OpenRound>;
  @Column(position) last_position: number;
  /** false while the croupier is the opening staff's first (no CroupierChanged yet): figures marked, no finding (migration 1764500000001) */
  @Column({ type: 'boolean', default: false }) croupier_recorded: boolean;
}

/** One weighed round. */
@Entity({ name: 'performance_rounds' })
@Index('performance_rounds_day', ['gaming_day', 'casino_id', 'table_id', 'table_round'])
export class PerformanceRoundEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @PrimaryColumn({ type: 'text' }) round_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text', nullable: true }) croupier_id: string | null;
  /** the round's place among the table's weighed rounds of the gaming day (1, 2, …): the control chart's x */
  @Column({ type: 'integer' }) table_round: number;
  @Column(figure) handle: number;
  @Column(figure) actual_win: number;
  @Column(figure) theoretical_win: number;
  @Column(figure) variance: number;
  @Column({ type: 'text' }) variance_method: 'exact' | 'bound';
  @Column(figure) unvalued_handle: number;
  @Column(figure) unvalued_win: number;
  @Column(position) completed_position: number;
  /** false: the croupier is the opening staff's first, no CroupierChanged recorded yet (migration 1764500000001) */
  @Column({ type: 'boolean', default: false }) croupier_recorded: boolean;
}

/** The sums of one casino's gaming day, a table's, a croupier's or a session's. */
@Entity({ name: 'performance_sums' })
@Index('performance_sums_day', ['gaming_day', 'casino_id'])
export class PerformanceSumsEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) gaming_day: string;
  @PrimaryColumn({ type: 'text' }) level: PerformanceLevel;
  @PrimaryColumn({ type: 'text' }) subject: string;
  /** the session's or the table's game(s) */
  @Column({ type: 'jsonb', default: [] }) games: string[];
  /** the session's or the table's table */
  @Column({ type: 'text', nullable: true }) table_id: string | null;
  @Column(count) rounds: number;
  @Column(figure) handle: number;
  @Column(figure) actual_win: number;
  @Column(figure) theoretical_win: number;
  @Column(figure) variance: number;
  @Column(figure) unvalued_handle: number;
  @Column(figure) unvalued_win: number;
  @Column(count) bounded_rounds: number;
  /** stakes whose figure assumes the player's best decisions: a house win above it is expected from real play */
  @Column(figure) strategy_handle: number;
  @Column(figure) cagnotte: number;
  @Column(position) last_position: number;
  /** rounds whose croupier is the opening staff's first, not a recorded CroupierChanged (croupier level; migration 1764500000001) */
  @Column(count) staff_rounds: number;
}

/** A casino's gaming day: its findings held to a false discovery rate, and the settings they were judged with. */
@Entity({ name: 'performance_days' })
export class PerformanceDayEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) gaming_day: string;
  @Column({ type: 'jsonb', default: [] }) findings: PerformanceFinding[];
  @Column({ type: 'jsonb', default: {} }) settings: PerformanceSettings;
  @Column(position) last_position: number;
}

/** The CUSUM of a table or croupier across its gaming days. */
@Entity({ name: 'performance_cusum' })
export class PerformanceCusumEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) level: 'table' | 'croupier';
  @PrimaryColumn({ type: 'text' }) subject: string;
  /** the day being summed (not yet in the statistic) */
  @Column({ type: 'text' }) day: string;
  @Column({ type: 'jsonb' }) current: Omit<CusumPeriod, 'day'>;
  @Column({ type: 'jsonb' }) state: CusumState;
  /** the day the alarm was first raised at */
  @Column({ type: 'text', nullable: true }) alarm_day: string | null;
  /**
   * the days already in the statistic, summed: the subject's typical day. `ratioSquares` is Σ (handle/σ)² over
   * the days, what a leak adds to the increments; `llr` and `llrSquares` the sums of the days' increments and
   * their squares, their law as this subject's days give it; `variance` and `boundedVariance` the days' variance
   * and the part of it that is a bound (rows folded before these were kept lack them)
   */
  @Column({ type: 'jsonb' }) folded: {
    days: number;
    rounds: number;
    handle: number;
    sd: number;
    ratioSquares?: number;
    llr?: number;
    llrSquares?: number;
    variance?: number;
    boundedVariance?: number;
  };
  /** the statistic after each folded day, and the threshold then (the last 400 days) */
  @Column({ type: 'jsonb', default: [] }) history: Array<{ day: string; statistic: number; threshold: number }>;
  /** what the CUSUM can see for the subject's typical day: a leak of `leak` found within `rounds` rounds with 90 % probability */
  @Column({ type: 'jsonb', nullable: true }) detection: {
    leak: number;
    theta: number;
    threshold: number;
    days: number | null;
    rounds: number | null;
    spreadFloor?: number;
  } | null;
  /** rounds of an earlier day that arrived after a later one began (in the day's sums, not in the CUSUM) */
  @Column(count) late_rounds: number;
  @Column(position) last_position: number;
}
