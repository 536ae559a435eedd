import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from './upsert';

/**
 * A read model's snapshot at the closing seal of the last month taken out of the store (snapshots.ts): the feed
 * checkpoint its `<table>__snapshot` tables stand at. Written by `archive MONTH --drop` before the month leaves.
 */
@Entity({ name: 'ca_read_model_snapshots' })
export class ReadModelSnapshotEntity {
  @PrimaryColumn({ type: 'text' }) projection: string;
  /** the month (YYYY-MM) whose closing seal the snapshot stands at */
  @Column({ type: 'text' }) month: string;
  /** xid8 as text, as in ca_projection_checkpoints */
  @Column({ type: 'text' }) transaction_id: string;
  @Column(bigintNumber) global_position: number;
  /** events the read model had taken at that checkpoint */
  @Column(bigintNumber) events: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) taken_at: Date;
}
