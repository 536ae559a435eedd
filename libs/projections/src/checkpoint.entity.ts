import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from './upsert';

/** Where each projection stands in the global feed; written in the same transaction as its changes (checkpoints.ts). */
@Entity({ name: 'ca_projection_checkpoints' })
export class ProjectionCheckpointEntity {
  @PrimaryColumn({ type: 'text' }) name: string;
  /** xid8 as text: the feed is ordered by (transaction id, position) */
  @Column({ type: 'text', default: '0' }) transaction_id: string;
  @Column({ ...bigintNumber, default: 0 }) global_position: number;
  /** events the projection has taken so far */
  @Column({ ...bigintNumber, default: 0 }) events: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updated_at: Date;
}
