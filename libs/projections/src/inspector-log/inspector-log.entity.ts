import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What an inspector's day report lists beside the figures: limit changes, suspensions, voided rounds,
 * disputes and their resolutions, corrections (contract §7 inspector).
 */
@Entity({ name: 'inspector_log' })
export class InspectorLogEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' }) eventId: string;
  @Column({ name: 'global_position', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } }) globalPosition: number;
  @Column({ name: 'casino_id', type: 'text', nullable: true }) casinoId: string | null;
  @Column({ name: 'gaming_day', type: 'text', nullable: true }) gamingDay: string | null;
  @Column({ name: 'session_id', type: 'text', nullable: true }) sessionId: string | null;
  @Column({ name: 'table_id', type: 'text', nullable: true }) tableId: string | null;
  @Column({ name: 'round_id', type: 'text', nullable: true }) roundId: string | null;
  /** limits-changed | suspended | resumed | round-voided | dispute-raised | dispute-resolved | correction */
  @Column({ type: 'text' }) kind: string;
  @Column({ name: 'occurred_at', type: 'text', nullable: true }) occurredAt: string | null;
  @Column({ name: 'recorded_by', type: 'text', nullable: true }) recordedBy: string | null;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
}
