import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../upsert';

const money = { ...bigintNumber, default: 0 };

/**
 * A progressive jackpot pool, linked across tables and sessions: where it stands (contract §7 jackpots). The
 * table's one definition and its rows' type (property names are the column names).
 */
@Entity({ name: 'jackpot_pools' })
export class JackpotPoolEntity {
  @PrimaryColumn({ type: 'text' }) pool_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column(money) seed: number;
  /** the configuration as last sent (contribution rule, prizes, reserveRate) */
  @Column({ type: 'jsonb', default: {} }) config: Record<string, unknown>;
  @Column(money) current: number;
  @Column(money) contributions: number;
  @Column(money) won: number;
  @Column({ type: 'integer', default: 0 }) contributions_count: number;
  @Column({ type: 'integer', default: 0 }) wins_count: number;
  @Column({ type: 'integer', default: 0 }) resets_count: number;
  /** how many movements the pool has had: the last one's `seq` */
  @Column({ type: 'integer', default: 0 }) movements: number;
  @Column({ type: 'text', nullable: true }) configured_at: string | null;
  @Column(money) last_position: number;
}

/** Every change of a pool's value, in feed order: configured, contribution, win, reset. */
@Entity({ name: 'jackpot_movements' })
@Index('jackpot_movements_day', ['gaming_day', 'casino_id'])
export class JackpotMovementEntity {
  @PrimaryColumn({ type: 'text' }) pool_id: string;
  @PrimaryColumn({ type: 'integer' }) seq: number;
  @Column({ type: 'text' }) kind: 'configured' | 'contribution' | 'win' | 'reset';
  @Column({ type: 'text' }) event_id: string;
  @Column({ type: 'text', nullable: true }) round_id: string | null;
  @Column({ type: 'text', nullable: true }) session_id: string | null;
  @Column({ type: 'text', nullable: true }) casino_id: string | null;
  @Column({ type: 'text', nullable: true }) table_id: string | null;
  @Column({ type: 'text', nullable: true }) gaming_day: string | null;
  @Column({ type: 'text', nullable: true }) seat: string | null;
  @Column({ type: 'text', nullable: true }) hand: string | null;
  @Column(money) amount: number;
  @Column(money) value_before: number;
  @Column(money) value_after: number;
  @Column({ type: 'text', nullable: true }) occurred_at: string | null;
  @Column(money) global_position: number;
}
