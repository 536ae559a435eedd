import { Column, Entity, PrimaryColumn } from 'typeorm';

const money = { type: 'bigint' as const, default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } };

/** The finance close of one table session (contract §7, table-book). */
@Entity({ name: 'table_books' })
export class TableBookEntity {
  @PrimaryColumn({ name: 'session_id', type: 'text' }) sessionId: string;
  @Column({ name: 'casino_id', type: 'text' }) casinoId: string;
  @Column({ name: 'table_id', type: 'text' }) tableId: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ name: 'gaming_day', type: 'text' }) gamingDay: string;
  @Column({ type: 'text', default: 'EUR' }) currency: string;
  @Column({ type: 'jsonb', default: {} }) limits: Record<string, number>;
  @Column({ type: 'jsonb', default: {} }) staff: Record<string, unknown>;
  @Column({ name: 'opening_float', type: 'jsonb', default: {} }) openingFloat: Record<string, number>;
  @Column({ name: 'closing_float', type: 'jsonb', nullable: true }) closingFloat: Record<string, number> | null;
  @Column({ type: 'jsonb', default: {} }) fills: Record<string, number>;
  @Column({ type: 'jsonb', default: {} }) credits: Record<string, number>;
  @Column({ name: 'fill_slips', type: 'jsonb', default: [] }) fillSlips: string[];
  @Column({ name: 'credit_slips', type: 'jsonb', default: [] }) creditSlips: string[];
  @Column({ name: 'drop', ...money }) drop: number;
  @Column({ ...money }) tips: number;
  @Column({ ...money }) cagnotte: number;
  @Column({ name: 'commission', ...money }) commission: number;
  @Column({ name: 'jackpot_contributions', ...money }) jackpotContributions: number;
  @Column({ name: 'jackpot_wins', ...money }) jackpotWins: number;
  @Column({ name: 'rounds', type: 'integer', default: 0 }) rounds: number;
  @Column({ name: 'rounds_voided', type: 'integer', default: 0 }) roundsVoided: number;
  @Column({ name: 'limit_changes', type: 'integer', default: 0 }) limitChanges: number;
  @Column({ type: 'text', default: 'open' }) status: string;
  @Column({ type: 'boolean', default: false }) suspended: boolean;
  @Column({ name: 'opened_at', type: 'text', nullable: true }) openedAt: string | null;
  @Column({ name: 'closed_at', type: 'text', nullable: true }) closedAt: string | null;
  @Column({ name: 'last_position', type: 'bigint', default: 0, transformer: money.transformer }) lastPosition: number;
  /** figure → Σ amounts of the applied corrections (migration 1763800000000) */
  @Column({ type: 'jsonb', default: {} }) adjustments: Record<string, number>;
  /** every correction of an event of the session, applied or not */
  @Column({ type: 'jsonb', default: [] }) corrections: unknown[];
  /** the options the table opened with (migration 1764000000000) */
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  /** findings on the session: its settings, limit changes and shoes (core/session-rules.ts) */
  @Column({ type: 'jsonb', default: [] }) findings: unknown[];
  /** what could not be judged on the session, and why */
  @Column({ name: 'finding_notes', type: 'jsonb', default: [] }) findingNotes: string[];
  /** the session-compliance fold's state between batches (migration 1764100000000, core/session-compliance.ts) */
  @Column({ type: 'jsonb', default: {} }) compliance: Record<string, unknown>;
}
