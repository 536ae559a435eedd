import { Column, Entity, PrimaryColumn } from 'typeorm';

const money = { type: 'bigint' as const, default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } };
const counted = {
  type: 'bigint' as const,
  nullable: true,
  transformer: { to: (v: number | null) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) },
};

/** Drop, tips and cagnotte of one table session: recorded at the table vs counted in the count room (contract §7). */
@Entity({ name: 'reconciliations' })
export class ReconciliationEntity {
  @PrimaryColumn({ name: 'session_id', type: 'text' }) sessionId: string;
  @Column({ name: 'casino_id', type: 'text' }) casinoId: string;
  @Column({ name: 'table_id', type: 'text' }) tableId: string;
  @Column({ name: 'gaming_day', type: 'text' }) gamingDay: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'text', default: 'EUR' }) currency: string;
  @Column({ type: 'text', default: 'open' }) status: string;
  @Column({ name: 'drop_recorded', ...money }) dropRecorded: number;
  @Column({ name: 'tips_recorded', ...money }) tipsRecorded: number;
  @Column({ name: 'cagnotte_recorded', ...money }) cagnotteRecorded: number;
  @Column({ name: 'drop_counted', ...counted }) dropCounted: number | null;
  @Column({ name: 'tips_counted', ...counted }) tipsCounted: number | null;
  @Column({ name: 'cagnotte_counted', ...counted }) cagnotteCounted: number | null;
  /** box → the count events: [{ eventId, amount, countedBy, occurredAt }] */
  @Column({ type: 'jsonb', default: {} }) counts: Record<string, unknown[]>;
  @Column({ type: 'jsonb', default: {} }) adjustments: Record<string, number>;
  @Column({ type: 'jsonb', default: [] }) corrections: unknown[];
  @Column({ name: 'last_position', type: 'bigint', default: 0, transformer: money.transformer }) lastPosition: number;
}
