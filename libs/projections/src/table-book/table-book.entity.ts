import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ComplianceState, Discrepancy } from '../../../rules/src';
import type { CorrectionEntry } from '../corrections';
import { bigintNumber } from '../upsert';

const money = { ...bigintNumber, default: 0 };

/**
 * The finance close of one table session (contract §7, table-book): the table's one definition, and the type of
 * its rows as the projection writes and the reports read them (property names are the column names).
 */
@Entity({ name: 'table_books' })
@Index('table_books_day', ['gaming_day', 'casino_id'])
export class TableBookEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'text', default: 'EUR' }) currency: string;
  @Column({ type: 'jsonb', default: {} }) limits: Record<string, number>;
  @Column({ type: 'jsonb', default: {} }) staff: Record<string, unknown>;
  @Column({ type: 'jsonb', default: {} }) opening_float: Record<string, number>;
  @Column({ type: 'jsonb', nullable: true }) closing_float: Record<string, number> | null;
  @Column({ type: 'jsonb', default: {} }) fills: Record<string, number>;
  @Column({ type: 'jsonb', default: {} }) credits: Record<string, number>;
  @Column({ type: 'jsonb', default: [] }) fill_slips: string[];
  @Column({ type: 'jsonb', default: [] }) credit_slips: string[];
  @Column(money) drop: number;
  @Column(money) tips: number;
  @Column(money) cagnotte: number;
  @Column(money) commission: number;
  @Column(money) jackpot_contributions: number;
  @Column(money) jackpot_wins: number;
  @Column({ type: 'integer', default: 0 }) rounds: number;
  @Column({ type: 'integer', default: 0 }) rounds_voided: number;
  @Column({ type: 'integer', default: 0 }) limit_changes: number;
  @Column({ type: 'text', default: 'open' }) status: string;
  @Column({ type: 'boolean', default: false }) suspended: boolean;
  @Column({ type: 'text', nullable: true }) opened_at: string | null;
  @Column({ type: 'text', nullable: true }) closed_at: string | null;
  @Column(money) last_position: number;
  /** figure → Σ amounts of the applied corrections (migration 1763800000000, corrections.ts) */
  @Column({ type: 'jsonb', default: {} }) adjustments: Record<string, number>;
  /** every correction of an event of the session, applied or not */
  @Column({ type: 'jsonb', default: [] }) corrections: CorrectionEntry[];
  /** the options the table opened with (migration 1764000000000) */
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  /** findings on the session (its settings, limit changes and shoes), each with the event it was found at (core/session-rules.ts) */
  @Column({ type: 'jsonb', default: [] }) findings: Discrepancy[];
  /** what could not be judged on the session, and why */
  @Column({ type: 'jsonb', default: [] }) finding_notes: string[];
  /** the session-compliance fold's state between batches (migration 1764100000000, core/session-compliance.ts) */
  @Column({ type: 'jsonb', default: {} }) compliance: ComplianceState;
}
