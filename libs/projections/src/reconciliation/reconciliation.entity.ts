import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CorrectionEntry } from '../corrections';
import { bigintNumber } from '../upsert';

/** One count room event of a box. */
export interface CountRecord {
  eventId: string;
  amount: number;
  countedBy: string[];
  occurredAt: string | null;
}

const money = { ...bigintNumber, default: 0 };
/** null until the box is counted */
const counted = { ...bigintNumber, nullable: true };

/**
 * Drop, tips and cagnotte of one table session: recorded at the table vs counted in the count room (contract §7).
 * The table's one definition and its rows' type (property names are the column names).
 */
@Entity({ name: 'reconciliations' })
@Index('reconciliations_day', ['gaming_day', 'casino_id'])
export class ReconciliationEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'text', default: 'EUR' }) currency: string;
  @Column({ type: 'text', default: 'open' }) status: string;
  @Column(money) drop_recorded: number;
  @Column(money) tips_recorded: number;
  @Column(money) cagnotte_recorded: number;
  @Column(counted) drop_counted: number | null;
  @Column(counted) tips_counted: number | null;
  @Column(counted) cagnotte_counted: number | null;
  /** box → its count events */
  @Column({ type: 'jsonb', default: {} }) counts: Record<string, CountRecord[]>;
  /** figure → Σ amounts of the applied corrections (corrections.ts) */
  @Column({ type: 'jsonb', default: {} }) adjustments: Record<string, number>;
  @Column({ type: 'jsonb', default: [] }) corrections: CorrectionEntry[];
  @Column(money) last_position: number;
}
