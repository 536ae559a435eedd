import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The rules' verdict on one round and its discrepancies (contract §6), so that reports need no replay. */
@Entity({ name: 'round_verdicts' })
export class RoundVerdictEntity {
  @PrimaryColumn({ name: 'round_id', type: 'text' }) roundId: string;
  @Column({ name: 'session_id', type: 'text' }) sessionId: string;
  @Column({ name: 'casino_id', type: 'text', nullable: true }) casinoId: string | null;
  @Column({ name: 'table_id', type: 'text', nullable: true }) tableId: string | null;
  @Column({ name: 'gaming_day', type: 'text', nullable: true }) gamingDay: string | null;
  @Column({ type: 'text' }) game: string;
  @Column({ type: 'text' }) jurisdiction: string;
  /** consistent | discrepancies | void | incomplete */
  @Column({ type: 'text' }) verdict: string;
  /** [{ code, eventId, betId, expected, recorded, rule, citation, message }] */
  @Column({ type: 'jsonb', default: [] }) discrepancies: unknown[];
  @Column({ type: 'jsonb', default: [] }) notes: string[];
  @Column({ type: 'text', nullable: true }) rulebook: string | null;
  /** completed | voided | unfinished (judged at the session's close without an end) */
  @Column({ type: 'text' }) finished: string;
  /** the stream version the verdict was judged at (the round's last fact then) */
  @Column({ name: 'judged_at_version', type: 'integer' }) judgedAtVersion: number;
  /** the round's RoundStarted stream version and the chain hash before it: what `start_state` was folded from */
  @Column({ name: 'start_version', type: 'integer', nullable: true }) startVersion: number | null;
  @Column({ name: 'start_hash', type: 'text', nullable: true }) startHash: string | null;
  /** the session's state when the round began (limits, shoe, carried game state), for a fast replay */
  @Column({ name: 'start_state', type: 'jsonb', nullable: true }) startState: unknown;
  @Column({ name: 'last_position', type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  lastPosition: number;
}
