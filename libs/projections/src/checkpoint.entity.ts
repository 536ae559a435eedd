import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where each projection stands in the global feed; written in the same transaction as its changes. */
@Entity({ name: 'ca_projection_checkpoints' })
export class ProjectionCheckpointEntity {
  @PrimaryColumn({ type: 'text' }) name: string;
  /** xid8 as text: the feed is ordered by (transaction id, position) */
  @Column({ name: 'transaction_id', type: 'text', default: '0' }) transactionId: string;
  @Column({ name: 'global_position', type: 'bigint', default: 0 }) globalPosition: string;
  @Column({ name: 'events', type: 'bigint', default: 0 }) events: string;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
