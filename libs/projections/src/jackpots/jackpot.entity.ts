import { Column, Entity, PrimaryColumn } from 'typeorm';

const money = { type: 'bigint' as const, default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } };

/** A progressive jackpot pool, linked across tables and sessions: where it stands (contract §7 jackpots). */
@Entity({ name: 'jackpot_pools' })
export class JackpotPoolEntity {
  @PrimaryColumn({ name: 'pool_id', type: 'text' }) poolId: string;
  @Column({ name: 'casino_id', type: 'text' }) casinoId: string;
  @Column({ ...money }) seed: number;
  /** the configuration as last sent (contribution rule, prizes, reserveRate) */
  @Column({ type: 'jsonb', default: {} }) config: Record<string, unknown>;
  @Column({ ...money }) current: number;
  @Column({ ...money }) contributions: number;
  @Column({ ...money }) won: number;
  @Column({ name: 'contributions_count', type: 'integer', default: 0 }) contributionsCount: number;
  @Column({ name: 'wins_count', type: 'integer', default: 0 }) winsCount: number;
  @Column({ name: 'resets_count', type: 'integer', default: 0 }) resetsCount: number;
  @Column({ type: 'integer', default: 0 }) movements: number;
  @Column({ name: 'configured_at', type: 'text', nullable: true }) configuredAt: string | null;
  @Column({ name: 'last_position', type: 'bigint', default: 0, transformer: money.transformer }) lastPosition: number;
}

/** Every change of a pool's value, in feed order: configured, contribution, win, reset. */
@Entity({ name: 'jackpot_movements' })
export class JackpotMovementEntity {
  @PrimaryColumn({ name: 'pool_id', type: 'text' }) poolId: string;
  @PrimaryColumn({ type: 'integer' }) seq: number;
  @Column({ type: 'text' }) kind: string;
  @Column({ name: 'event_id', type: 'text' }) eventId: string;
  @Column({ name: 'round_id', type: 'text', nullable: true }) roundId: string | null;
  @Column({ name: 'session_id', type: 'text', nullable: true }) sessionId: string | null;
  @Column({ name: 'casino_id', type: 'text', nullable: true }) casinoId: string | null;
  @Column({ name: 'table_id', type: 'text', nullable: true }) tableId: string | null;
  @Column({ name: 'gaming_day', type: 'text', nullable: true }) gamingDay: string | null;
  @Column({ type: 'text', nullable: true }) seat: string | null;
  @Column({ type: 'text', nullable: true }) hand: string | null;
  @Column({ ...money }) amount: number;
  @Column({ name: 'value_before', ...money }) valueBefore: number;
  @Column({ name: 'value_after', ...money }) valueAfter: number;
  @Column({ name: 'occurred_at', type: 'text', nullable: true }) occurredAt: string | null;
  @Column({ name: 'global_position', type: 'bigint', default: 0, transformer: money.transformer }) globalPosition: number;
}
