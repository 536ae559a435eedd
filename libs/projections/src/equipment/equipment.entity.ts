/**
 * The equipment read model's tables (issue 21 §4, migration 1764600000000): each one's one definition and its
 * rows' type (property names are the column names).
 */
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../upsert';

export type EquipmentKind = 'wheel' | 'dice';

const position = { ...bigintNumber, default: 0 };

/** What a session's facts need from its opening, and which dice and shoe it has in play. */
@Entity({ name: 'equipment_sessions' })
export class EquipmentSessionEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  /** the set of dice in play: `terna:<id>` or `issued:<serials>`; null where the facts name none */
  @Column({ type: 'text', nullable: true }) dice_set: string | null;
  @Column({ type: 'text', nullable: true }) shoe_id: string | null;
}

/** One table's wheel or dice, all of them (`set_id` '') or one set of dice; `options`: the design's (a wheel's), {} for dice. */
@Entity({ name: 'equipment_counts' })
@Index('equipment_counts_table', ['casino_id', 'table_id'])
export class EquipmentCountsEntity {
  @PrimaryColumn({ type: 'text' }) equipment_key: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) kind: EquipmentKind;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  @Column({ type: 'text', default: '' }) set_id: string;
  /** pocket (or cell, or die face) → count */
  @Column({ type: 'jsonb', default: {} }) counts: Record<string, number>;
  /** dice: number of dice thrown together → sum → count */
  @Column({ type: 'jsonb', default: {} }) sums: Record<string, Record<string, number>>;
  /** spins, or throws */
  @Column({ type: 'integer', default: 0 }) observations: number;
  @Column({ type: 'integer', default: 0 }) sessions: number;
  @Column({ type: 'text' }) first_day: string;
  @Column({ type: 'text' }) last_day: string;
  @Column({ type: 'text', default: '' }) last_session: string;
  @Column(position) last_position: number;
}

/** A shoe (`ShoeStarted`) of a session: its cards per rank and how many were dealt. */
@Entity({ name: 'equipment_shoes' })
@Index('equipment_shoes_table', ['casino_id', 'table_id'])
export class EquipmentShoeEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @PrimaryColumn({ type: 'text' }) shoe_id: string;
  @Column({ type: 'text' }) casino_id: string;
  @Column({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) gaming_day: string;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  @Column({ type: 'jsonb', default: {} }) options: Record<string, unknown>;
  @Column({ type: 'integer' }) decks: number;
  /** rank (2–10, J, Q, K, A, JK) → cards dealt */
  @Column({ type: 'jsonb', default: {} }) ranks: Record<string, number>;
  @Column({ type: 'integer', default: 0 }) dealt: number;
  /** a new shoe was started or the session closed: this shoe is over */
  @Column({ type: 'boolean', default: false }) ended: boolean;
  @Column(position) last_position: number;
}
