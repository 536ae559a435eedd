import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Discrepancy, Verdict } from '../../../rules/src';
import { bigintNumber } from '../upsert';

/**
 * The rules' verdict on one round and its discrepancies (contract §6), so that reports need no replay. The
 * table's one definition and its rows' type (property names are the column names).
 */
@Entity({ name: 'round_verdicts' })
@Index('round_verdicts_day', ['gaming_day', 'casino_id'])
@Index('round_verdicts_session', ['session_id'])
export class RoundVerdictEntity {
  @PrimaryColumn({ type: 'text' }) round_id: string;
  @Column({ type: 'text' }) session_id: string;
  @Column({ type: 'text', nullable: true }) casino_id: string | null;
  @Column({ type: 'text', nullable: true }) table_id: string | null;
  @Column({ type: 'text', nullable: true }) gaming_day: string | null;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'text' }) verdict: Verdict;
  @Column({ type: 'jsonb', default: [] }) discrepancies: Discrepancy[];
  @Column({ type: 'jsonb', default: [] }) notes: string[];
  @Column({ type: 'text', nullable: true }) rulebook: string | null;
  /** judged at the round's end, or at the session's close without one */
  @Column({ type: 'text' }) finished: 'completed' | 'voided' | 'unfinished';
  /** the stream version the verdict was judged at (the round's last fact then) */
  @Column({ type: 'integer' }) judged_at_version: number;
  @Column({ ...bigintNumber, default: 0 }) last_position: number;
  /** the stream version of the round's RoundStarted, and the chain hash before it (its prev_hash): what `start_state` was folded from */
  @Column({ type: 'integer', nullable: true }) start_version: number | null;
  @Column({ type: 'text', nullable: true }) start_hash: string | null;
  /** the session tracker's snapshot at the round's start (limits, shoe, carried game state), so replay need not fold the session */
  @Column({ type: 'jsonb', nullable: true }) start_state: unknown;
}
