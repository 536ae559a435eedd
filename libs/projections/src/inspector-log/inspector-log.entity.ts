import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../upsert';

/**
 * What an inspector's day report lists beside the figures: limit changes, suspensions, voided rounds, disputes
 * and their resolutions, corrections (contract §7 inspector). The table's one definition and its rows' type
 * (property names are the column names).
 */
@Entity({ name: 'inspector_log' })
@Index('inspector_log_day', ['gaming_day', 'casino_id'])
@Index('inspector_log_session', ['session_id', 'kind'])
export class InspectorLogEntity {
  @PrimaryColumn({ type: 'text' }) event_id: string;
  @Column(bigintNumber) global_position: number;
  @Column({ type: 'text', nullable: true }) casino_id: string | null;
  @Column({ type: 'text', nullable: true }) gaming_day: string | null;
  @Column({ type: 'text', nullable: true }) session_id: string | null;
  @Column({ type: 'text', nullable: true }) table_id: string | null;
  @Column({ type: 'text', nullable: true }) round_id: string | null;
  /** limits-changed | suspended | resumed | round-voided | dispute-raised | dispute-resolved | correction */
  @Column({ type: 'text' }) kind: string;
  @Column({ type: 'text', nullable: true }) occurred_at: string | null;
  @Column({ type: 'text', nullable: true }) recorded_by: string | null;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
}
