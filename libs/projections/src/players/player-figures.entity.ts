/**
 * Figures per player reference (issue 21 §5, migration 1764600000001): each table's one definition and its rows'
 * type (property names are the column names).
 */
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../upsert';

const money = { ...bigintNumber, default: 0 };

/** One player's figures for a casino's gaming day. */
@Entity({ name: 'player_figures' })
@Index('player_figures_player', ['player_ref', 'gaming_day'])
export class PlayerFiguresEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) gaming_day: string;
  @PrimaryColumn({ type: 'text' }) player_ref: string;
  @Column(money) handle: number;
  @Column(money) actual_win: number;
  @Column({ type: 'integer', default: 0 }) bets: number;
  @Column({ type: 'integer', default: 0 }) rounds: number;
  /** bets settled `prison`: their outcome is left to later spins */
  @Column({ type: 'integer', default: 0 }) unsettled: number;
  @Column({ type: 'jsonb', default: [] }) tables: string[];
  @Column(money) last_position: number;
}

/** A player's bet of a session still open. */
@Entity({ name: 'player_open_bets' })
@Index('player_open_bets_round', ['session_id', 'round_id'])
@Index('player_open_bets_settled_in', ['session_id', 'settled_in'])
export class PlayerOpenBetEntity {
  @PrimaryColumn({ type: 'text' }) session_id: string;
  @PrimaryColumn({ type: 'text' }) bet_id: string;
  @Column({ type: 'text' }) round_id: string;
  @Column({ type: 'text' }) player_ref: string;
  @Column({ type: 'text' }) seat: string;
  @Column({ type: 'text' }) bet_type: string;
  @Column(bigintNumber) stake: number;
  /** hands of the bet's seat doubled in its round */
  @Column({ type: 'jsonb', default: [] }) doubled: string[];
  /** settled at least once (not void): counted in the handle */
  @Column({ type: 'boolean', default: false }) settled: boolean;
  /** the round that settled it, until that round completes (a craps bet may be settled rounds after it was placed) */
  @Column({ type: 'text', nullable: true }) settled_in: string | null;
}
